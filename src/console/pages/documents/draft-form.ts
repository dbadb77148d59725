import type { BusinessProfile, Customer, LineItem } from '../../api-types';
import { currentLanguage, localToday } from '../../i18n';
import { writeDecimal } from '../../numbers';
import { FALLBACK_VAT_RATE, standardVatRate } from '../../seller-countries';
import { decimalOf, isDecimal, isZero } from './form-content';
import type { AppliedTax, DraftForm, LineForm, StoredDocument } from './model';

let lineKeys = 0;

export function newLine(): LineForm {
  return {
    key: ++lineKeys,
    name: '',
    quantity: '1',
    unit_price: '',
    tax_rate: FALLBACK_VAT_RATE,
    tax_category: '',
    unit_code: '',
    discount_type: 'percentage',
    discount_value: '',
    rest: {},
  };
}

/**
 * A line added after `lines`: the last one's VAT rate and category (a shop selling at 7 %, a Kleinunternehmer
 * or a reverse charge at 0 %), so a document's lines need not each be set again; the first one's is the profile's
 * (withDefaultTax), 19 % until one is chosen.
 */
export function lineAfter(lines: readonly LineForm[]): LineForm {
  const last = lines.at(-1);
  const line = newLine();
  return last ? { ...line, tax_rate: last.tax_rate, tax_category: last.tax_category } : line;
}

type DefaultTax = NonNullable<BusinessProfile['default_tax']>;

/**
 * The VAT new lines start with: the chosen customer's `default_tax` (a builder invoiced under § 13b UStG every
 * time: AE at 0 % with its words), else the business profile's (withDefaultTax: else its country's rate).
 */
export function newLineTax(
  customer: Pick<Customer, 'default_tax'> | null | undefined,
  profile: Pick<BusinessProfile, 'default_tax'> | null | undefined,
): DefaultTax | undefined {
  return customer?.default_tax ?? profile?.default_tax;
}

/**
 * A business profile's or customer's VAT for new lines (`default_tax`, newLineTax; none: the standard rate of
 * the profile's `country`, 23 % for an Irish firm, 19 % when unknown) on the lines not filled in yet, and at
 * 0 % its category and legal basis: a Kleinunternehmer's document starts at 0 % exempt under § 19 UStG
 * instead of 19 % on every line, a § 13b builder's at 0 % reverse charge. Only what the console put there
 * itself is replaced (a line's rate, the category and legal basis as the previous default left them):
 * choosing another profile or customer undoes the first one's default, and what the person typed is kept,
 * lines filled in too (the category and legal basis stay while such a line is at 0 %: the form has one pair
 * for all its 0 % lines). The editor asks before changing those (CustomerTaxNote, withLineTax).
 */
export function withDefaultTax(
  form: DraftForm,
  tax: BusinessProfile['default_tax'],
  country?: string | null,
): DraftForm {
  const before = form.applied_tax ?? { rate: newLine().tax_rate, category: '', reason: '' };
  const zero = tax !== undefined && tax.category !== 'S';
  const next: AppliedTax = {
    rate: writeDecimal(tax ? tax.rate : standardVatRate(country), currentLanguage()),
    category: zero ? tax.category : '',
    reason: zero ? (tax.exemption_reason ?? '') : '',
  };
  const untouched = (line: LineForm) =>
    line.name === '' &&
    line.unit_price === '' &&
    Object.keys(line.rest).length === 0 &&
    line.tax_rate === before.rate &&
    line.tax_category === '';
  // A filled-in line kept at 0 % keeps the category and legal basis it was written with.
  const keptZero = form.lines.some((line) => !untouched(line) && !line.rest.taxes && isZero(line.tax_rate));
  const follows = (value: string, previous: string) => !keptZero && [previous, ''].includes(value);
  return {
    ...form,
    lines: form.lines.map((line) => (untouched(line) ? { ...line, tax_rate: next.rate } : line)),
    zero_category: follows(form.zero_category, before.category) ? next.category : form.zero_category,
    zero_reason: follows(form.zero_reason, before.reason) ? next.reason : form.zero_reason,
    applied_tax: next,
  };
}

/** Whether a line the form edits (its taxes not set over the API) states a VAT other than `tax`. */
export function linesOffTax(form: DraftForm, tax: DefaultTax): boolean {
  const zero = tax.category !== 'S';
  return form.lines.some((line) => {
    if (line.rest.taxes) return false;
    if (!isDecimal(line.tax_rate)) return true;
    if (zero) return !isZero(line.tax_rate) || form.zero_category !== tax.category;
    return plainDecimal(decimalOf(line.tax_rate)) !== plainDecimal(tax.rate);
  });
}

/** A decimal without its padding ("07.50" -> "7.5", "19.00" -> "19"), as the API stores a default's rate. */
const plainDecimal = (value: string) =>
  value
    .replace(/^(-?)0+(?=\d)/, '$1')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

/**
 * `tax` (a customer's default) on every line the form edits, at 0 % with its category and legal basis, as
 * withReverseCharge does for Art. 196: what the person asks for when the lines were there before the customer.
 */
export function withLineTax(form: DraftForm, tax: DefaultTax): DraftForm {
  const zero = tax.category !== 'S';
  const rate = writeDecimal(tax.rate, currentLanguage());
  return {
    ...form,
    lines: form.lines.map((line) => (line.rest.taxes ? line : { ...line, tax_rate: rate, tax_category: '' })),
    zero_category: zero ? tax.category : form.zero_category,
    zero_reason: zero ? (tax.exemption_reason ?? '') : form.zero_reason,
  };
}

const today = () => localToday();

export function inDays(days: number, from = today()): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A whole date as a date field gives it (YYYY-MM-DD); a field being cleared or typed into gives ''. */
export const isFullDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A new issue date. The dates prefilled from the one before (`previous`: the last whole issue date, so a
 * field cleared on the way keeps the link) follow it: a date of supply that was the issue date (a new
 * invoice's starts so) and a due date 14 days after it; otherwise an invoice dated back to October would
 * state today as its Leistungsdatum (§ 14 (4) Nr. 6 UStG) and be due in December. Dates the user chose stay,
 * and nothing follows a value that is no whole date.
 */
export function withIssueDate(form: DraftForm, issueDate: string, previous = form.issue_date): DraftForm {
  const next = { ...form, issue_date: issueDate };
  if (!isFullDate(previous) || !isFullDate(issueDate)) return next;
  if (form.delivery_date === previous) next.delivery_date = issueDate;
  if (form.due_date !== '' && form.due_date === inDays(14, previous)) next.due_date = inDays(14, issueDate);
  return next;
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
    type_code: '',
    prepaid_amount: '',
    deducted_invoices: [],
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
    payment_reference: '',
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
  const deducted = (data.deductions ?? []).flatMap((d) =>
    d.document_id ? [{ id: d.document_id, number: d.number, total: d.total }] : [],
  );
  return {
    document_type: document.document_type,
    number: document.number,
    issue_date: document.issue_date,
    due_date:
      (document.document_type === 'quote' ? document.data.valid_until : null) ?? document.due_date ?? '',
    delivery_date: typeof data.delivery_date === 'string' ? data.delivery_date : '',
    currency: document.currency,
    business_profile_id: document.business_profile_id,
    customer_id: document.customer_id,
    // Only a reference the form offers (a credit note's or a corrected invoice's invoice): an invoice made
    // from a quote keeps its quote as its source, which the form neither shows nor sends.
    source_document_id: correctedOf({
      document_type: document.document_type,
      type_code: typeof data.type_code === 'string' ? data.type_code : '',
      source_document_id: document.source_document_id ?? '',
    }),
    reason: document.reason ?? '',
    type_code: document.document_type === 'invoice' && data.type_code !== '380' ? (data.type_code ?? '') : '',
    // Deducting invoices, the service states the prepaid amount: the form sends their ids, not an amount.
    prepaid_amount: deducted.length > 0 ? '' : shown(data.prepaid_amount),
    deducted_invoices: deducted,
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
    payment_reference: data.payment?.reference ?? '',
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

/** The zero-rate category and legal basis a stored document's lines carry (the first line at 0 %). */
function zeroRatedOf(lines: LineItem[]): { zero_category: string; zero_reason: string } {
  const tax = lines.flatMap((line) => line.taxes ?? []).find((entry) => isZero(entry.rate) && entry.category);
  const reason = (tax as { exemption_reason?: string } | undefined)?.exemption_reason ?? '';
  return { zero_category: tax?.category ?? '', zero_reason: reason };
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

/**
 * The number a new document of `profileId` is offered, from the newest documents of its type (newest
 * first): the next after the highest number of its own firm's series (its newest number's, digits aside)
 * among them, so a firm with a prefix of its own continues it and firms sharing a prefix (the console's
 * `RE-` for both) share one series, never the same number twice (numbers are unique in the account). A firm
 * without a document yet, or none chosen: the account's newest's next.
 */
export function proposedNumber(
  newest: readonly { number?: string | null; business_profile_id?: string | null }[],
  profileId: string,
  prefix: string,
): string {
  const own = profileId ? newest.find((doc) => doc.business_profile_id === profileId) : undefined;
  if (!own?.number) return nextNumber(newest[0]?.number ?? undefined, prefix);
  const series = (number: string) => number.replace(/\d+(\D*)$/, '#$1');
  const digits = (number: string) => BigInt(/(\d+)\D*$/.exec(number)?.[1] ?? '0');
  let highest = own.number;
  for (const { number } of newest) {
    if (number && series(number) === series(highest) && digits(number) > digits(highest)) highest = number;
  }
  return nextNumber(highest, prefix);
}

/**
 * The invoice the form names as corrected (`source_document_id`, written as BG-3): a credit note's (it
 * needs one) or a corrected invoice's (384; XRechnung's BR-DE-26 asks for it); any other kind names none,
 * so a kind chosen and left again leaves no reference behind.
 */
export function correctedOf(
  form: Pick<DraftForm, 'document_type' | 'type_code' | 'source_document_id'>,
): string {
  const corrects =
    form.document_type === 'credit_note' || (form.document_type === 'invoice' && form.type_code === '384');
  return corrects ? form.source_document_id : '';
}

/**
 * The reverse charge (Art. 196 VAT Directive) on every line: 0 %, category AE and its legal basis `reason`
 * (BT-120, printed on the invoice). Lines whose taxes the form does not edit (set over the API) are kept.
 */
export function withReverseCharge(form: DraftForm, reason: string): DraftForm {
  return {
    ...form,
    lines: form.lines.map((line) => (line.rest.taxes ? line : { ...line, tax_rate: '0', tax_category: '' })),
    zero_category: 'AE',
    zero_reason: reason,
  };
}

/** Whether every line the form edits is at 0 % under the reverse charge already. */
export const isReverseCharge = (form: DraftForm) =>
  form.zero_category === 'AE' && form.lines.every((line) => !!line.rest.taxes || isZero(line.tax_rate));
