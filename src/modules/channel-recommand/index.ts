// The front door of the Recommand channel: its adapter (declared by module.ts) and the Invoice Response
// writer and reader, which any Peppol channel may use.
export { createRecommandAdapter, recommandAdapter } from './adapter';
export {
  buildInvoiceResponse,
  INVOICE_RESPONSE,
  type InvoiceResponseInput,
  type ReadInvoiceResponse,
  readInvoiceResponse,
} from './invoice-response';
