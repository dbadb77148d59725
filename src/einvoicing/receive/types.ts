import type { DocumentData } from '../../domain/document-data';

/** A business term the file carries that the document data cannot hold: reported, never dropped silently. */
export interface ReceiveWarning {
  term: string;
  path: string;
  message: string;
}

/** The totals as the invoice states them (decimal strings in the invoice currency). */
export interface StatedTotals {
  subtotal: string; // BT-106
  discount_total: string; // BT-107
  shipping_total: string; // BT-108: every document level charge
  tax_total: string; // BT-110
  total: string; // BT-112
  amount_due: string; // BT-115
}

/** One received e-invoice, read into the document data this service uses everywhere. */
export interface ReceivedInvoice {
  syntax: 'ubl' | 'cii';
  documentType: 'invoice' | 'credit_note';
  /** BT-3 as written (380, 381, 384, 389, …). */
  typeCode: string;
  /** BT-24 as written. */
  customizationId: string | null;
  data: DocumentData;
  totals: StatedTotals;
  warnings: ReceiveWarning[];
}

/** Not an e-invoice this service reads (another XML, an unknown root): a 422 for the caller. */
export class NotAnEInvoiceError extends Error {}
