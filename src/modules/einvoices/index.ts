export { einvoicesAccess } from './access';
export type { ReceivedEmail } from './schema';
export {
  type ParsedEInvoice,
  parseReceived,
  type ReceivedFile,
  type ReceivingDeps,
  receivingDepsOf,
} from './use-cases/parse-received';
export { type ReceivedSource, receiveDocument } from './use-cases/receive-document';
export { receivedOfBytes, receivePath } from './use-cases/receive-from-folder';
