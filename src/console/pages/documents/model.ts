// What the document screens share: the document's shape as the API gives it, the seven types and six
// states, and turning the editor's form into the API's content fields.
import type {
  StoredDocument as ApiStoredDocument,
  Discount,
  DocumentData,
  EarlyPaymentDiscount,
  LineDiscount,
  LineItem,
  PaymentTerms,
} from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { numberExample, readDecimal, writeDecimal } from '../../numbers';

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

export interface DraftForm {
  document_type: string;
  number: string;
  issue_date: string;
  due_date: string;
  /** BT-72, the date of supply (German invoices must state it): the issue date until changed. */
  delivery_date: string;
  currency: string;
  business_profile_id: string;
  customer_id: string;
  source_document_id: string;
  reason: string;
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
  /** Skonto: the first early-payment discount, days and percent as typed; the others kept as stored. */
  skonto_days: string;
  skonto_percent: string;
  skonto_more: EarlyPaymentDiscount[];
  bank_name: string;
  account_number: string;
  swift: string;
  account_name: string;
}

let lineKeys = 0;

export function newLine(): LineForm {
  return {
    key: ++lineKeys,
    name: '',
    quantity: '1',
    unit_price: '',
    tax_rate: '19',
    tax_category: '',
    unit_code: '',
    discount_type: 'percentage',
    discount_value: '',
    rest: {},
  };
}

const today = () => new Date().toISOString().slice(0, 10);

export function inDays(days: number, from = today()): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function emptyDraft(documentType: string): DraftForm {
  return {
    document_type: documentType,
    number: '',
    issue_date: today(),
    due_date: documentType === 'invoice' ? inDays(14) : '',
    delivery_date: documentType === 'invoice' ? today() : '',
    currency: 'EUR',
    business_profile_id: '',
    customer_id: '',
    source_document_id: '',
    reason: '',
    lines: [newLine()],
    discount_type: 'percentage',
    discount_value: '',
    discount_reason: '',
    shipping_description: '',
    shipping_amount: '',
    notes: '',
    buyer_reference: '',
    order_reference: '',
    period_start: '',
    period_end: '',
    tax_scheme: '',
    zero_category: '',
    zero_reason: '',
    payment_instructions: '',
    skonto_days: '',
    skonto_percent: '',
    skonto_more: [],
    bank_name: '',
    account_number: '',
    swift: '',
    account_name: '',
  };
}

export function draftOf(document: StoredDocument): DraftForm {
  const data = document.data;
  const discount = data.discounts?.[0];
  const bank = data.payment?.bank_account ?? {};
  const period = (data.invoice_period ?? {}) as { start_date?: string; end_date?: string };
  // Numbers are shown the way the console's language reads them back (`1.250` is 1250 in German).
  const shown = (value: string | undefined) => (value ? writeDecimal(value, currentLanguage()) : '');
  return {
    document_type: document.document_type,
    number: document.number,
    issue_date: document.issue_date,
    due_date: document.due_date ?? '',
    delivery_date: typeof data.delivery_date === 'string' ? data.delivery_date : '',
    currency: document.currency,
    business_profile_id: document.business_profile_id,
    customer_id: document.customer_id,
    source_document_id: document.source_document_id ?? '',
    reason: document.reason ?? '',
    lines: (data.line_items ?? []).map((line) => {
      const { name, quantity, unit_price, taxes, unit_code, discount: own, ...rest } = line;
      // A discount with a reason is kept whole in `rest` (the form edits type and value only).
      const editable = own && !own.reason ? own : undefined;
      return {
        key: ++lineKeys,
        name,
        quantity: shown(quantity),
        unit_price: shown(unit_price),
        tax_rate: shown(taxes?.[0]?.rate),
        tax_category: taxes?.[0]?.category ?? '',
        unit_code: unit_code ?? '',
        discount_type: editable?.type ?? 'percentage',
        discount_value: shown(editable?.value),
        rest: {
          ...(taxes && taxes.length > 1 ? { ...rest, taxes } : rest),
          ...(own && !editable ? { discount: own } : {}),
        },
      };
    }),
    discount_type: discount?.type ?? 'percentage',
    discount_value: shown(discount?.value),
    discount_reason: discount?.reason ?? '',
    shipping_description: data.shipping?.description ?? '',
    shipping_amount: shown(data.shipping?.amount),
    notes: data.notes ?? '',
    buyer_reference: data.buyer_reference ?? '',
    order_reference: typeof data.order_reference === 'string' ? data.order_reference : '',
    period_start: period.start_date ?? '',
    period_end: period.end_date ?? '',
    tax_scheme: typeof data.tax_scheme === 'string' ? data.tax_scheme : '',
    ...zeroRatedOf(data.line_items ?? []),
    payment_instructions: data.payment?.instructions ?? '',
    skonto_days: data.payment?.early_payment_discounts?.[0]
      ? String(data.payment.early_payment_discounts[0].days)
      : '',
    skonto_percent: shown(data.payment?.early_payment_discounts?.[0]?.percent),
    skonto_more: data.payment?.early_payment_discounts?.slice(1) ?? [],
    bank_name: bank.bank_name ?? '',
    account_number: bank.account_number ?? '',
    swift: bank.swift ?? '',
    account_name: bank.account_name ?? '',
  };
}

const filled = (value: string) => value.trim() !== '';

/**
 * A number as typed, read in the console's language (`1.250,00` in German, `1,250.00` in English) into the
 * API's exact decimal string; what cannot be read goes as typed, but numberProblems stops the form first.
 */
export function decimalOf(typed: string): string {
  return readDecimal(typed, currentLanguage()) ?? typed.trim();
}

export const isDecimal = (typed: string) => readDecimal(typed, currentLanguage()) !== null;

/** The form's numbers that cannot be read, as field problems at the API's paths, with an example. */
export function numberProblems(form: DraftForm): { loc: string; msg: string }[] {
  const msg = t('Enter a number such as {example}.', { example: numberExample(currentLanguage()) });
  const problems: { loc: string; msg: string }[] = [];
  const check = (typed: string, loc: string) => {
    if (filled(typed) && !isDecimal(typed)) problems.push({ loc: `body.${loc}`, msg });
  };
  const priced = form.document_type !== 'delivery_note';
  form.lines.forEach((line, index) => {
    check(line.quantity, `line_items.${index}.quantity`);
    if (!priced) return;
    check(line.unit_price, `line_items.${index}.unit_price`);
    check(line.tax_rate, `line_items.${index}.taxes.0.rate`);
    check(line.discount_value, `line_items.${index}.discount.value`);
  });
  if (priced) {
    check(form.discount_value, 'discounts.0.value');
    check(form.shipping_amount, 'shipping.amount');
    check(form.skonto_percent, 'payment.early_payment_discounts.0.percent');
    if (filled(form.skonto_days) && !/^\s*\d+\s*$/.test(form.skonto_days)) {
      problems.push({
        loc: 'body.payment.early_payment_discounts.0.days',
        msg: t('Enter whole days, e.g. 14.'),
      });
    }
  }
  return problems;
}

/** Zero-rate VAT categories that need their legal basis stated (BT-120): all but Z. */
export const ZERO_CATEGORIES = [
  { value: 'Z', label: 'Zero rated (Z)' },
  { value: 'E', label: 'Exempt (E), e.g. small business § 19 UStG' },
  { value: 'AE', label: 'Reverse charge (AE)' },
  { value: 'K', label: 'Intra-community supply (K)' },
  { value: 'G', label: 'Export outside the EU (G)' },
  { value: 'O', label: 'Not subject to VAT (O)' },
];

const isZero = (rate: string) => isDecimal(rate) && !/[1-9]/.test(rate);

/** The zero-rate category and legal basis a stored document's lines carry (the first line at 0 %). */
function zeroRatedOf(lines: LineItem[]): { zero_category: string; zero_reason: string } {
  const tax = lines.flatMap((line) => line.taxes ?? []).find((entry) => isZero(entry.rate) && entry.category);
  const reason = (tax as { exemption_reason?: string } | undefined)?.exemption_reason ?? '';
  return { zero_category: tax?.category ?? '', zero_reason: reason };
}

function lineOf(line: LineForm, priced: boolean, zero: { category: string; reason: string }): LineItem {
  const item: LineItem = { ...line.rest, name: line.name.trim(), quantity: decimalOf(line.quantity) };
  if (priced) item.unit_price = decimalOf(line.unit_price);
  if (filled(line.unit_code)) item.unit_code = line.unit_code;
  if (priced && filled(line.discount_value))
    item.discount = {
      type: line.discount_type as LineDiscount['type'],
      value: decimalOf(line.discount_value),
    };
  if (filled(line.tax_rate) && !line.rest.taxes) {
    const rate = decimalOf(line.tax_rate);
    // EN 16931 wants a category on every VAT: S (standard rate) is what a rate above zero means; a zero rate
    // may be zero-rated, exempt or reverse charge, which the compliance check asks about rather than guessed.
    const positive = isDecimal(rate) && !rate.startsWith('-') && /[1-9]/.test(rate);
    const chosen = isZero(rate) && zero.category ? zero.category : line.tax_category;
    const category = chosen || (positive ? 'S' : '');
    const basis =
      isZero(rate) && category !== 'Z' && zero.reason.trim() ? { exemption_reason: zero.reason.trim() } : {};
    item.taxes = [{ name: 'VAT', rate, ...(category ? { category } : {}), ...basis }];
  }
  return item;
}

/** The content fields of a create or update request (and of the stateless data) from the form. */
export function contentOf(form: DraftForm): Partial<DocumentData> {
  const priced = form.document_type !== 'delivery_note';
  const zero = { category: form.zero_category, reason: form.zero_reason };
  const content: Partial<DocumentData> = { line_items: form.lines.map((line) => lineOf(line, priced, zero)) };
  if (filled(form.discount_value))
    content.discounts = [
      {
        type: form.discount_type as Discount['type'],
        value: decimalOf(form.discount_value),
        ...(filled(form.discount_reason) ? { reason: form.discount_reason.trim() } : {}),
      },
    ];
  if (filled(form.shipping_amount))
    content.shipping = {
      amount: decimalOf(form.shipping_amount),
      ...(filled(form.shipping_description) ? { description: form.shipping_description.trim() } : {}),
    };
  if (filled(form.notes)) content.notes = form.notes.trim();
  // A new invoice's date of supply starts as its issue date; once a service period is given, that prefilled
  // date would contradict it on the PDF ("Leistungsdatum" beside "Leistungszeitraum"): the period alone
  // then states the supply (§ 14 (4) Nr. 6 UStG). Another date the user chose is kept.
  const period = filled(form.period_start) || filled(form.period_end);
  if (filled(form.delivery_date) && !(period && form.delivery_date === form.issue_date))
    content.delivery_date = form.delivery_date;
  // A document with VAT on its lines is under the VAT scheme (BT-118), unless it already named another.
  const taxed = (content.line_items ?? []).some((line) => (line.taxes ?? []).length > 0);
  if (filled(form.tax_scheme) || taxed) content.tax_scheme = form.tax_scheme.trim() || 'VAT';
  if (filled(form.buyer_reference)) content.buyer_reference = form.buyer_reference.trim();
  if (filled(form.order_reference)) content.order_reference = form.order_reference.trim();
  if (period)
    content.invoice_period = {
      ...(filled(form.period_start) ? { start_date: form.period_start } : {}),
      ...(filled(form.period_end) ? { end_date: form.period_end } : {}),
    };
  const bank = Object.fromEntries(
    (['bank_name', 'account_number', 'swift', 'account_name'] as const)
      .filter((name) => filled(form[name]))
      .map((name) => [name, form[name].trim()]),
  );
  const payment: PaymentTerms = {};
  if (filled(form.payment_instructions)) payment.instructions = form.payment_instructions.trim();
  const discounts = [
    ...(filled(form.skonto_days) || filled(form.skonto_percent)
      ? [{ days: Number.parseInt(form.skonto_days, 10), percent: decimalOf(form.skonto_percent) }]
      : []),
    ...form.skonto_more,
  ];
  if (discounts.length > 0) payment.early_payment_discounts = discounts;
  if (Object.keys(bank).length > 0) payment.bank_account = bank;
  if (Object.keys(payment).length > 0) content.payment = payment;
  return content;
}

/**
 * The form as far as it can be totalled: lines with a number for quantity and price (an unnamed line gets
 * a stand-in name), a discount and shipping only when they are numbers. Null when no line can be totalled.
 */
export function totallableOf(form: DraftForm): DraftForm | null {
  const priced = form.document_type !== 'delivery_note';
  const lines = form.lines
    .filter((line) => isDecimal(line.quantity) && (!priced || isDecimal(line.unit_price)))
    .filter((line) => !filled(line.tax_rate) || isDecimal(line.tax_rate))
    .map((line) =>
      filled(line.discount_value) && !isDecimal(line.discount_value) ? { ...line, discount_value: '' } : line,
    )
    .map((line) => (filled(line.name) ? line : { ...line, name: '-' }));
  if (lines.length === 0) return null;
  return {
    ...form,
    lines,
    discount_value: isDecimal(form.discount_value) ? form.discount_value : '',
    shipping_amount: isDecimal(form.shipping_amount) ? form.shipping_amount : '',
    currency: /^[A-Za-z]{3}$/.test(form.currency.trim()) ? form.currency : 'EUR',
  };
}

/**
 * The next number after the newest one: its last run of digits counted up, keeping the zero padding; the
 * first of a type is `<prefix><year>-0001` with the type's prefix from the reference list (`INV-`).
 */
export function nextNumber(latest: string | undefined, prefix: string): string {
  if (!latest) return `${prefix}${new Date().getUTCFullYear()}-0001`;
  const match = /^(.*?)(\d+)(\D*)$/.exec(latest);
  if (!match) return `${latest}-2`;
  const [, head = '', digits = '', tail = ''] = match;
  const next = String(BigInt(digits) + 1n).padStart(digits.length, '0');
  return `${head}${next}${tail}`;
}
