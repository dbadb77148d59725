// Printed words, per language. The language comes from the locale's primary subtag (de-AT -> de); a
// language without a table falls back to English while numbers and dates still follow the full locale.
import type { DocumentType } from '../domain/reference';
import { de } from './labels/de';
import { en } from './labels/en';
import { es } from './labels/es';
import { fr } from './labels/fr';
import { it } from './labels/it';
import { nl } from './labels/nl';

export interface Labels {
  titles: Record<DocumentType, string>;
  /** Titles of the invoice kinds EN 16931 names by type code: corrected (384), self-billed (389). */
  invoiceTypeTitles: Record<'384' | '389', string>;
  number: string;
  issueDate: string;
  dueDate: string;
  validUntil: string;
  reference: string;
  orderReference: string;
  contractReference: string;
  invoicePeriod: string;
  taxPointDate: string;
  precedingInvoice: string;
  /** The EN 16931 terms beyond the basics (references, payment means, parties, line details). */
  terms: {
    projectReference: string;
    salesOrderReference: string;
    despatchAdviceReference: string;
    receivingAdviceReference: string;
    tenderReference: string;
    buyerAccountingReference: string;
    prepaid: string;
    rounding: string;
    payee: string;
    taxRepresentative: string;
    directDebit: string;
    mandateReference: string;
    creditorId: string;
    debitedAccount: string;
    card: string;
    cardHolder: string;
    attachments: string;
    vatIn: (currency: string) => string;
    linePeriod: string;
    origin: string;
    lineReference: string;
    lineAccounting: string;
  };
  creditNoteFor: (number: string) => string;
  reason: string;
  from: string;
  billTo: string;
  to: string;
  shipTo: string;
  position: string;
  item: string;
  sku: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  tax: string;
  vat: string;
  amount: string;
  subtotal: string;
  shipping: string;
  total: string;
  amountDue: string;
  amountPaid: string;
  creditTotal: string;
  taxIncluded: (name: string) => string;
  taxSummary: string;
  taxRate: string;
  taxableAmount: string;
  taxAmount: string;
  payment: string;
  bank: string;
  iban: string;
  accountNumber: string;
  routingNumber: string;
  bic: string;
  payOnline: string;
  acceptedMethods: string;
  scanToPay: string;
  notes: string;
  details: string;
  taxId: string;
  registration: string;
  page: (page: number, pages: number) => string;
  continued: string;
  /** Payment method codes (`bank_transfer`) to words; unknown codes are spelled out from the code. */
  methods: Record<string, string>;
}

export const LANGUAGES = { en, de, fr, es, it, nl } as const satisfies Record<string, Labels>;
export type Language = keyof typeof LANGUAGES;

export function languageOf(locale: string): Language {
  const primary = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return Object.hasOwn(LANGUAGES, primary) ? (primary as Language) : 'en';
}

export function labelsFor(locale: string): Labels {
  return LANGUAGES[languageOf(locale)];
}

/** `bank_transfer` -> "Bank transfer" in the document's language; an unknown code keeps its words. */
export function methodName(labels: Labels, code: string): string {
  const known = labels.methods[code.toLowerCase()];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
