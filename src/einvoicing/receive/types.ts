import type { DocumentData } from '../../domain/document-data';
import type { ParamsOf, ReceiveWarningCode } from './warning-codes';

export type { ReceiveWarningCode } from './warning-codes';

/**
 * A business term the file carries that the document data cannot hold: reported, never dropped silently.
 * `message` is the English sentence; `code` and `params` (warning-codes.ts) say the same for a client to
 * word in its own language.
 */
export type ReceiveWarning = {
  [C in ReceiveWarningCode]: { term: string; path: string; message: string; code: C; params: ParamsOf<C> };
}[ReceiveWarningCode];

/** The totals as the invoice states them (decimal strings in the invoice currency). */
export interface StatedTotals {
  subtotal: string; // BT-106
  discount_total: string; // BT-107
  shipping_total: string; // BT-108: every document level charge
  net_total: string; // BT-109
  tax_total: string; // BT-110
  total: string; // BT-112
  amount_due: string; // BT-115
}

/**
 * What the file is: an EN 16931 invoice (any CIUS or extension, Factur-X BASIC, EN 16931, EXTENDED), or a
 * kind a receiver meets that is not one, read as far as it goes and named in a warning.
 */
export type ReceivedFormat =
  | 'en16931'
  | 'zugferd_1'
  | 'factur_x_minimum'
  | 'factur_x_basic_wl'
  | 'oioubl'
  | 'zatca'
  | 'peppol_pint'
  | 'ehf_2'
  | 'ubl_other';

/** One received e-invoice, read into the document data this service uses everywhere. */
export interface ReceivedInvoice {
  syntax: 'ubl' | 'cii';
  format: ReceivedFormat;
  documentType: 'invoice' | 'credit_note';
  /** BT-3 as written (380, 381, 384, 389, …). */
  typeCode: string;
  /** BT-24 as written. */
  customizationId: string | null;
  data: DocumentData;
  totals: StatedTotals;
  warnings: ReceiveWarning[];
}

/** What a reader hands on: the totals the file states, absent where it states none. */
export type ReadInvoice = Omit<ReceivedInvoice, 'totals' | 'format'> & {
  format?: ReceivedFormat;
  totals: Partial<StatedTotals>;
  /** BT-94 and BT-93 of each document allowance as written, in the order of `data.discounts`. */
  discountBases?: StatedPercentage[];
};

/** A percentage an allowance states and the amount it is of (BT-94/BT-93, BT-138/BT-137). */
export interface StatedPercentage {
  percent?: string;
  base?: string;
}

/**
 * Not an e-invoice this service reads (another XML, an unknown root): a 422 for the caller. `document` says
 * what the file is as a code, where the service knows (`fatturapa`, `ubl:DespatchAdvice`, `csv`: the 422's
 * `details.document`, which the console words in its language; docs/receiving.md).
 */
export class NotAnEInvoiceError extends Error {
  constructor(
    message: string,
    readonly document?: string,
  ) {
    super(message);
  }
}
