export { einvoicesAccess } from './access';
export { type ParsedEInvoice, parseReceived, type ReceivedFile } from './use-cases/parse-received';
export { receivePath } from './use-cases/receive-from-folder';
