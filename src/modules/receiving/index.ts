export { receivingAccess } from './access';
export {
  countReceivedInStatus,
  findReceived,
  listReceived,
  receivedAfter,
  receivedForReports,
  receivedPaymentsForReports,
} from './repo';
export {
  keptReceivedMonthSums,
  latestOfSuppliers,
  type PayableSums,
  payableSums,
  type ReceivedMonthSums,
  receivedMonthSums,
  receivedSellers,
} from './report-sums';
export type { ReceivedDocumentRow, ReceivedEmail, ReceivedPaymentRow } from './schema';
export { changeReceived } from './use-cases/change-received';
export {
  type ParsedEInvoice,
  parseReceived,
  type ReceivedFile,
  type ReceivingDeps,
  receivingDepsOf,
} from './use-cases/parse-received';
export { type ReceivedSource, receiveDocument } from './use-cases/receive-document';
export { receivedOfBytes, receivePath } from './use-cases/receive-from-folder';
export { refuseCredit } from './use-cases/received-payments';
