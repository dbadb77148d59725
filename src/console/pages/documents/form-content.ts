// Turning the editor's form into the API's content fields.
import type { Discount, DocumentData, LineDiscount, LineItem, PaymentTerms } from '../../api-types';
import { currentLanguage, t } from '../../i18n';
import { numberExample, readDecimal } from '../../numbers';
import type { DraftForm, LineForm } from './model';

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
    check(form.prepaid_amount, 'prepaid_amount');
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
  { value: 'E', label: 'Exempt (E), e.g. a small business exempt from VAT' },
  { value: 'AE', label: 'Reverse charge (AE)' },
  { value: 'K', label: 'Intra-community supply (K)' },
  { value: 'G', label: 'Export outside the EU (G)' },
  { value: 'O', label: 'Not subject to VAT (O)' },
];

export const isZero = (rate: string) => isDecimal(rate) && !/[1-9]/.test(rate);

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
  if (form.document_type === 'invoice' && filled(form.type_code))
    content.type_code = form.type_code as DocumentData['type_code'];
  if (priced && filled(form.prepaid_amount)) content.prepaid_amount = decimalOf(form.prepaid_amount);
  // Deducted invoices: what they total is paid in advance (the service states it so on saving).
  const deducted = deductedOf(form);
  if (deducted.length > 0) content.prepaid_amount = sumOfAmounts(deducted.map((d) => d.total));
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
  if (filled(form.payment_reference)) payment.reference = form.payment_reference.trim();
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
    prepaid_amount: isDecimal(form.prepaid_amount) ? form.prepaid_amount : '',
    currency: /^[A-Za-z]{3}$/.test(form.currency.trim()) ? form.currency : 'EUR',
  };
}

/** The invoices the form deducts: an invoice's only. */
export const deductedOf = (form: DraftForm) =>
  form.document_type === 'invoice' ? form.deducted_invoices : [];

/** The exact sum of the API's decimal strings ("1190.04" + "1190.04" = "2380.08"), never through a float. */
export function sumOfAmounts(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((a) => (a.split('.')[1] ?? '').length));
  let total = 0n;
  for (const amount of amounts) {
    const negative = amount.startsWith('-');
    const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
    const units = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
    total += negative ? -units : units;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const shown = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${shown}` : shown;
}

/** A request's content with the ids of the invoices a final invoice deducts, in place of the sum they make. */
export function withDeducted(content: Record<string, unknown>, form: DraftForm): Record<string, unknown> {
  const deducted = deductedOf(form);
  if (deducted.length === 0) return content;
  const { prepaid_amount: _stated, ...rest } = content;
  return { ...rest, deducted_invoices: deducted.map((d) => d.id) };
}

/** PATCH replaces what it is given; content the form emptied is cleared explicitly. */
export function withClearedContent(
  request: Record<string, unknown>,
  before: DocumentData,
): Record<string, unknown> {
  const cleared: Record<string, unknown> = { ...request };
  delete cleared.document_type;
  for (const name of [
    'discounts',
    'shipping',
    'notes',
    'buyer_reference',
    'payment',
    'delivery_date',
    'order_reference',
    'invoice_period',
    'type_code',
    'prepaid_amount',
  ] as const) {
    if (cleared[name] === undefined && before[name] !== undefined) cleared[name] = null;
  }
  // No invoice deducted any more: what deducting them filled goes too.
  if (cleared.deducted_invoices === undefined && before.deductions !== undefined)
    cleared.deducted_invoices = null;
  return cleared;
}
