// What the document screens share: the document's shape as the API gives it, the seven types and six
// states, and the shape of the editor's form.
import type {
  StoredDocument as ApiStoredDocument,
  DocumentData,
  EarlyPaymentDiscount,
  LineItem,
} from '../../api-types';

/**
 * A stored document (GET /documents/{id}). The API describes its `data` as an open record; it is the
 * document's content with its parties, the shape the stateless routes take (DocumentData).
 */
export type StoredDocument = Omit<ApiStoredDocument, 'data'> & { data: DocumentData };

export const DOCUMENT_TYPES = [
  { value: 'invoice', label: 'Invoice' },
  { value: 'quote', label: 'Quote' },
  { value: 'credit_note', label: 'Credit note' },
  { value: 'proforma', label: 'Pro forma invoice' },
  { value: 'receipt', label: 'Receipt' },
  { value: 'purchase_order', label: 'Purchase order' },
  { value: 'delivery_note', label: 'Delivery note' },
];

export const STATUSES = ['draft', 'finalized', 'sent', 'paid', 'void', 'archived'];

// States, said as states: "Voided" (German "Storniert"), while "Void" ("Stornieren") is the action.
export const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  finalized: 'Finalized',
  sent: 'Sent',
  paid: 'Paid',
  void: 'Voided',
  archived: 'Archived',
};

export const PROFILES = [
  { value: 'xrechnung_ubl', label: 'XRechnung (UBL)' },
  { value: 'xrechnung_cii', label: 'XRechnung (CII)' },
  { value: 'peppol_bis_billing_3', label: 'Peppol BIS Billing 3' },
  { value: 'factur_x_en16931', label: 'Factur-X / ZUGFeRD EN 16931' },
];

export const typeLabel = (type: string) =>
  DOCUMENT_TYPES.find((entry) => entry.value === type)?.label ?? type;

/** An invoice's kinds (EN 16931 BT-3, XRechnung's BR-DE-17), the construction trades' first: the editor's
 *  choice (`label`) and the document's heading (`title`). */
export const INVOICE_KINDS = [
  { value: '', label: 'Invoice (380)', title: 'Invoice' },
  { value: '326', label: 'Partial invoice (326)', title: 'Partial invoice' },
  { value: '875', label: 'Partial construction invoice (875)', title: 'Partial construction invoice' },
  {
    value: '876',
    label: 'Partial final construction invoice (876)',
    title: 'Partial final construction invoice',
  },
  { value: '877', label: 'Final construction invoice (877)', title: 'Final construction invoice' },
  { value: '384', label: 'Corrected invoice (384)', title: 'Invoice correction' },
  { value: '389', label: 'Self-billed invoice (389)', title: 'Self-billed invoice' },
];

/** A document's heading word: an invoice's kind, else its type ("Schlussrechnung", "Angebot"). */
export function titleOf(document: { document_type: string; data: { type_code?: string } }): string {
  const kind = document.document_type === 'invoice' ? document.data.type_code : undefined;
  return (
    INVOICE_KINDS.find((entry) => entry.value === kind && kind)?.title ?? typeLabel(document.document_type)
  );
}

export interface LineForm {
  key: number;
  name: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  /** The tax's UNCL5305 category as stored; empty: S (standard) for a rate above zero, none for zero. */
  tax_category: string;
  /** UN/ECE Recommendation 20 (BT-130), e.g. HUR for hours; empty: none stated. */
  unit_code: string;
  /** The line's own discount (BG-27): percent or an amount; empty: none. */
  discount_type: string;
  discount_value: string;
  /** Whatever else the line carried (unit, sku, charges ...), kept as it was. */
  rest: Partial<LineItem>;
}

/** The VAT a business profile's default put on a new form (draft-form.ts withDefaultTax), as the form writes it. */
export interface AppliedTax {
  rate: string;
  category: string;
  reason: string;
}

/** An invoice a final invoice deducts: its id, and its number and total to show and to total with. */
export interface DeductedChoice {
  id: string;
  number: string;
  total: string;
}

export interface DraftForm {
  document_type: string;
  number: string;
  issue_date: string;
  /** The second date: an invoice's due date, a quote's `valid_until` ("Gültig bis"). */
  due_date: string;
  /** BT-72, the date of supply (German invoices must state it): the issue date until changed. */
  delivery_date: string;
  currency: string;
  business_profile_id: string;
  customer_id: string;
  source_document_id: string;
  reason: string;
  /** An invoice's kind, EN 16931 BT-3 (326, 384, 389, 875-877); empty: a commercial invoice (380). */
  type_code: string;
  /** The business profile's VAT for new lines as last applied to this form; none before a profile is chosen. */
  applied_tax?: AppliedTax;
  /** BT-113, what was already paid (a final invoice's partial payments), deducted from the amount due. */
  prepaid_amount: string;
  /**
   * The issued invoices (Abschlagsrechnungen) a final invoice deducts, sent as `deducted_invoices`: the
   * service then states prepaid_amount and each one's net, VAT and gross (pages/documents/deductions.tsx).
   */
  deducted_invoices: DeductedChoice[];
  lines: LineForm[];
  discount_type: string;
  discount_value: string;
  discount_reason: string;
  shipping_description: string;
  shipping_amount: string;
  notes: string;
  buyer_reference: string;
  /** BT-13, the buyer's purchase order. */
  order_reference: string;
  /** BG-14, the period the invoice covers (BT-73 start, BT-74 end). */
  period_start: string;
  period_end: string;
  /** BT-118 as stored (empty on a new document: VAT once a line has a tax). */
  tax_scheme: string;
  /** The VAT category of the lines at 0 % (Z, E, AE, K, G, O) and its legal basis (BT-120). */
  zero_category: string;
  zero_reason: string;
  payment_instructions: string;
  /** BT-83, the reference the payer quotes (the invoice number when empty). */
  payment_reference: string;
  /** Skonto: the first early-payment discount, days and percent as typed; the others kept as stored. */
  skonto_days: string;
  skonto_percent: string;
  skonto_more: EarlyPaymentDiscount[];
  bank_name: string;
  account_number: string;
  swift: string;
  account_name: string;
}

/**
 * A credit note lowers what is owed: its total is listed negative, as the documents CSV writes it (one
 * entered with positive amounts, as usual, turned; one entered negative kept).
 */
export const listedTotal = (document: Pick<StoredDocument, 'document_type' | 'totals'>) => {
  const amount = document.totals.total.amount;
  if (document.document_type !== 'credit_note' || amount.startsWith('-') || !/[1-9]/.test(amount))
    return amount;
  return `-${amount}`;
};

/** What the two dates are called on each kind of document, as its PDF calls them. */
const DATE_LABELS: Record<string, { issue: string; due: string }> = {
  invoice: { issue: 'Invoice date', due: 'Due date' },
  proforma: { issue: 'Invoice date', due: 'Due date' },
  quote: { issue: 'Quote date', due: 'Valid until' },
};
const OTHER_DATES = { issue: 'Issue date', due: 'Due date' };

export const dateLabels = (documentType: string) => DATE_LABELS[documentType] ?? OTHER_DATES;
