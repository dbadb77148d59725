export { CreateDocumentBody, MoneyTotals } from './model';
export { presentTotals } from './present';
export { findDocument, findDocumentByNumber } from './repo';
export type { DocumentRow } from './schema';
export { changeDocumentStatus } from './use-cases/change-document-status';
export { newDocumentChecker, newDocumentProblems } from './use-cases/check-new-document';
export { createDocument } from './use-cases/create-document';
