// The InvoiceView: everything a block prints, already formatted for the document's locale and currency.
// Blocks never format a number or pick a word themselves, so six themes cannot disagree about either.
import type { DocumentType } from '../../domain/reference';
import type { Labels } from '../labels';
import type { LogoImage } from '../types';

export interface PartyView {
  /** "Bill to", "Ship to", "From": the heading the parties block prints above it. */
  heading: string;
  name: string;
  /** Legal name when it differs from the name, then the address, one printed line each. */
  address: string[];
  /** E-mail, phone, website. */
  contact: string[];
  /** "VAT ID DE123456789", registration number. */
  ids: string[];
}

export interface MetaItem {
  label: string;
  value: string;
}

export interface LineView {
  position: string;
  name: string;
  description: string | null;
  sku: string | null;
  /** Further lines under the item: its note, period, attributes, origin (EN 16931 line terms). */
  details: string[];
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  tax: string;
  amount: string;
}

/** Which optional columns the line-items table has; a column nobody uses is not drawn. */
export interface ColumnsView {
  /** False on delivery notes: no price, discount, tax or amount columns at all. */
  priced: boolean;
  unit: boolean;
  discount: boolean;
  tax: boolean;
  /** A SKU column (delivery notes); priced documents print the SKU under the name. */
  sku: boolean;
  taxHeading: string;
}

export type TotalKind = 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total' | 'included';

export interface TotalRow {
  kind: TotalKind;
  label: string;
  value: string;
}

export interface TaxSummaryRow {
  name: string;
  rate: string;
  taxable: string;
  tax: string;
}

export interface PaymentView {
  instructions: string | null;
  bank: MetaItem[];
  url: string | null;
  methods: string | null;
  /** EPC069-12 payload and its caption; null unless EUR, payable and a valid IBAN. */
  qr: { payload: string; caption: string } | null;
}

export interface InvoiceView {
  locale: string;
  labels: Labels;
  documentType: DocumentType;
  title: string;
  number: string;
  /** PDF metadata: "<title> <number>" and the seller's name. */
  metaTitle: string;
  author: string;
  /** A line under the title: "Credit note for invoice INV-1". */
  subtitle: string | null;
  headerText: string | null;
  seller: PartyView;
  recipients: PartyView[];
  meta: MetaItem[];
  /** The figure a reader looks for first: amount due, amount paid, total credit or total. */
  highlight: MetaItem | null;
  columns: ColumnsView;
  lines: LineView[];
  totals: TotalRow[];
  taxSummary: TaxSummaryRow[];
  payment: PaymentView | null;
  customFields: MetaItem[];
  /** Credit note reason, then notes: headed paragraphs. */
  notes: { heading: string; text: string }[];
  footer: string[];
  logo: LogoImage | null;
}
