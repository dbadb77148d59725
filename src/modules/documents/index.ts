export { documentActionAccess, documentsAccess } from './access';
export { documentTotals } from './checks';
export { statusAfterPayments, TAKES_PAYMENTS } from './lifecycle';
export {
  CreateDocumentBody,
  DocumentData,
  DocumentTypeSchema,
  MoneyTotals,
  PaymentStatusSchema,
  StatelessBody,
  StoredDocument,
} from './model';
export {
  creditedAmount,
  daysOverdue,
  minorUnitsOf,
  type PaymentFigures,
  paymentFigures,
} from './payment-figures';
export { presentTotals } from './present';
export { findDocument, findDocumentByNumber, listDocuments } from './repo';
export { countDrafts, issuedAfter, issuedForReports } from './repo-reports';
export {
  type IssuedMonthSums,
  type IssuedRateSums,
  issuedMonthSums,
  keptMonthSums,
  type PaidPerDocument,
  type ReceivableSums,
  receivableSums,
  type Summed,
  type SumPage,
  type SumText,
} from './report-sums';
export type { DocumentRow } from './schema';
export {
  decimalParts,
  integerText,
  normalizedParts,
  type OpenClass,
  openClass,
  plusParts,
  type SqlParts,
  sumText,
  TEN_BILLION,
} from './sql-money';
export { applyPayments } from './use-cases/apply-payments';
export { allowedAction, changeDocumentStatus, noteDocumentSent } from './use-cases/change-document-status';
export { statelessProblems } from './use-cases/check-document-data';
export { newDocumentChecker, newDocumentProblems } from './use-cases/check-new-document';
export { createDocument } from './use-cases/create-document';
export { documentDataOf, einvoiceInputOf, type StoredEInvoiceInput } from './use-cases/document-data-of';
export {
  complianceRefusal,
  type FinalizeCheck,
  type FinalizeViolation,
  finalizeCheckInput,
  finalizeDocument,
} from './use-cases/finalize-document';
export { PREVIEW_NUMBER, previewDraft } from './use-cases/preview-draft';
export { readDocument } from './use-cases/read-document';
