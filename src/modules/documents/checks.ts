import { addressProblems } from '../../domain/address';
import { INVOICE_TYPE_CODES } from '../../domain/document-content';
import { discountProblems } from '../../domain/early-payment-discount';
import { add, computeTotals, dec, eq, sum, type TotalsOutcome, toPlainString } from '../../domain/money';
import type { Party } from '../../domain/party';
import { isCalendarDate } from '../../shared/dates';
import type { FieldError } from '../../shared/errors';
import {
  type DocumentType,
  fontFamilyProblems,
  getDocumentType,
  isSupportedCurrency,
  isSupportedLocale,
  minorUnitsOf,
  taxSchemes,
} from '../reference';
import type { DocumentData } from './model';

/** What the checks look at, whichever way the document arrived (stored create/patch or stateless data). */
export interface DocumentSubject {
  documentType: DocumentType;
  currency: string;
  locale?: string | null;
  issueDate?: string | null;
  dueDate?: string | null;
  reason?: string | null;
  seller?: Party | null;
  buyer?: Party | null;
  content: Pick<
    DocumentData,
    | 'line_items'
    | 'discounts'
    | 'shipping'
    | 'tax_scheme'
    | 'ship_to'
    | 'valid_until'
    | 'delivery_date'
    | 'branding'
    | 'type_code'
    | 'prepaid_amount'
    | 'rounding_amount'
    | 'third_party_payments'
    | 'invoice_period'
    | 'tax_point_date'
    | 'tax_point_date_code'
    | 'preceding_invoice'
    | 'preceding_invoices'
    | 'deductions'
    | 'tax_representative'
    | 'tax_currency'
    | 'tax_amounts'
    | 'stated_totals'
    | 'charges'
    | 'payment'
  >;
}

export interface FieldNames {
  /** Where the content keys sit: `body` for stored documents, `body.data` for stateless ones. */
  content: string;
  issueDate: string;
  dueDate: string;
}

/** "an invoice", "a quote". */
const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

export function documentTotals(currency: string, content: DocumentSubject['content']): TotalsOutcome {
  const taxCurrency = content.tax_currency;
  return computeTotals({
    ...(taxCurrency && {
      taxCurrency: {
        rate: taxCurrency.exchange_rate,
        minorUnits: minorUnitsOf(taxCurrency.currency),
      },
    }),
    minorUnits: minorUnitsOf(currency),
    lines: content.line_items,
    discounts: content.discounts,
    shipping: content.shipping,
    charges: content.charges,
    prepaid: content.prepaid_amount,
    rounding: content.rounding_amount,
    thirdPartyPayments: content.third_party_payments,
    taxAmounts: content.tax_amounts,
    stated: content.stated_totals,
  });
}

function dateProblems(subject: DocumentSubject, names: FieldNames): FieldError[] {
  const problems: FieldError[] = [];
  const bad = (loc: string, value: string) => ({
    loc,
    msg: `'${value}' is not a calendar date`,
    type: 'date_invalid',
  });
  if (subject.issueDate && !isCalendarDate(subject.issueDate))
    problems.push(bad(names.issueDate, subject.issueDate));
  if (subject.dueDate && !isCalendarDate(subject.dueDate)) problems.push(bad(names.dueDate, subject.dueDate));
  if (problems.length === 0 && subject.issueDate && subject.dueDate && subject.dueDate < subject.issueDate) {
    problems.push({ loc: names.dueDate, msg: 'due_date is before issue_date', type: 'date_order' });
  }
  const delivery = subject.content.delivery_date;
  if (delivery && !isCalendarDate(delivery)) problems.push(bad(`${names.content}.delivery_date`, delivery));
  const validUntil = subject.content.valid_until;
  const validLoc = `${names.content}.valid_until`;
  if (validUntil && subject.documentType !== 'quote') {
    problems.push({ loc: validLoc, msg: 'only quotes have a validity date', type: 'not_allowed' });
  } else if (validUntil && !isCalendarDate(validUntil)) {
    problems.push(bad(validLoc, validUntil));
  } else if (validUntil && subject.issueDate && validUntil < subject.issueDate) {
    problems.push({ loc: validLoc, msg: 'valid_until is before issue_date', type: 'date_order' });
  }
  return problems;
}

type Period = { start_date?: string; end_date?: string } | undefined;

/** A period (BG-14, BG-26) of calendar dates that does not end before it starts (BR-29, BR-30). */
function periodProblems(period: Period, loc: string): FieldError[] {
  const problems: FieldError[] = [];
  for (const key of ['start_date', 'end_date'] as const) {
    const value = period?.[key];
    if (value && !isCalendarDate(value)) {
      problems.push({ loc: `${loc}.${key}`, msg: `'${value}' is not a calendar date`, type: 'date_invalid' });
    }
  }
  const start = period?.start_date;
  const end = period?.end_date;
  if (problems.length === 0 && start && end && end < start) {
    problems.push({ loc: `${loc}.end_date`, msg: 'the period ends before it starts', type: 'date_order' });
  }
  return problems;
}

/** The EN 16931 dates of the content: invoicing and line periods, tax point, preceding invoice. */
function termDateProblems(content: DocumentSubject['content'], at: string): FieldError[] {
  const problems = periodProblems(content.invoice_period, `${at}.invoice_period`);
  content.line_items.forEach((line, i) => {
    problems.push(...periodProblems(line.period, `${at}.line_items.${i}.period`));
  });
  const dates: [string | undefined, string][] = [
    [content.tax_point_date, `${at}.tax_point_date`],
    [content.preceding_invoice?.issue_date, `${at}.preceding_invoice.issue_date`],
    ...(content.preceding_invoices ?? []).map((p, i): [string | undefined, string] => [
      p.issue_date,
      `${at}.preceding_invoices.${i}.issue_date`,
    ]),
  ];
  for (const [value, loc] of dates) {
    if (value && !isCalendarDate(value)) {
      problems.push({ loc, msg: `'${value}' is not a calendar date`, type: 'date_invalid' });
    }
  }
  // BG-3 is one list: given as preceding_invoice (a list of one) or as preceding_invoices, never both.
  if (content.preceding_invoice && content.preceding_invoices) {
    problems.push({
      loc: `${at}.preceding_invoices`,
      msg: 'give the preceding invoices either as preceding_invoice (one) or as preceding_invoices, not both',
      type: 'not_allowed',
    });
  }
  // BR-CO-03: the tax point is a date (BT-7) or a code (BT-8), never both.
  if (content.tax_point_date && content.tax_point_date_code) {
    problems.push({
      loc: `${at}.tax_point_date_code`,
      msg: 'the tax point is given as a date (tax_point_date) or as a code, not both',
      type: 'not_allowed',
    });
  }
  return problems;
}

/** BT-6 must be an active currency other than the document's (PEPPOL-EN16931-R005), at a positive rate. */
function taxCurrencyProblems(subject: DocumentSubject, at: string): FieldError[] {
  const taxCurrency = subject.content.tax_currency;
  if (!taxCurrency) return [];
  const loc = `${at}.tax_currency`;
  const problems: FieldError[] = [];
  if (!isSupportedCurrency(taxCurrency.currency)) {
    const msg = `'${taxCurrency.currency}' is not an active ISO 4217 currency`;
    problems.push({ loc: `${loc}.currency`, msg, type: 'invalid_value' });
  } else if (taxCurrency.currency === subject.currency) {
    const msg = 'the tax currency is the document currency: leave tax_currency out';
    problems.push({ loc: `${loc}.currency`, msg, type: 'invalid_value' });
  }
  if (!/[1-9]/.test(taxCurrency.exchange_rate)) {
    problems.push({ loc: `${loc}.exchange_rate`, msg: 'must be more than zero', type: 'invalid_value' });
  }
  return problems;
}

function lineProblems(subject: DocumentSubject, at: string): FieldError[] {
  const problems: FieldError[] = [];
  const quantitiesOnly = getDocumentType(subject.documentType).line_item_type === 'shipped';
  subject.content.line_items.forEach((line, i) => {
    const loc = `${at}.line_items.${i}`;
    if (quantitiesOnly) {
      for (const key of [
        'unit_price',
        'price_base_quantity',
        'gross_unit_price',
        'discount',
        'charges',
        'taxes',
      ] as const) {
        if (line[key] !== undefined) {
          problems.push({
            loc: `${loc}.${key}`,
            msg: 'delivery notes carry quantities only',
            type: 'not_allowed',
          });
        }
      }
    } else if (line.unit_price === undefined) {
      problems.push({ loc: `${loc}.unit_price`, msg: 'Field required', type: 'missing' });
    }
  });
  if (quantitiesOnly) {
    for (const key of ['discounts', 'shipping', 'charges'] as const) {
      if (subject.content[key] !== undefined) {
        problems.push({
          loc: `${at}.${key}`,
          msg: 'delivery notes carry quantities only',
          type: 'not_allowed',
        });
      }
    }
  }
  return problems;
}

/** Every semantic problem at once (the schema already checked shapes), with locs under `names`. */
export function documentProblems(subject: DocumentSubject, names: FieldNames): FieldError[] {
  const at = names.content;
  const problems: FieldError[] = [
    ...dateProblems(subject, names),
    ...termDateProblems(subject.content, at),
    ...lineProblems(subject, at),
  ];
  if (!isSupportedCurrency(subject.currency)) {
    problems.push({
      loc: `${at}.currency`,
      msg: `'${subject.currency}' is not an active ISO 4217 currency`,
      type: 'invalid_value',
    });
  }
  if (subject.locale && !isSupportedLocale(subject.locale)) {
    problems.push({
      loc: `${at}.locale`,
      msg: `'${subject.locale}' is not a supported locale`,
      type: 'invalid_value',
    });
  }
  if (subject.reason != null && !getDocumentType(subject.documentType).supports_reason) {
    problems.push({
      loc: `${at}.reason`,
      msg: `a document of type ${subject.documentType} has no reason`,
      type: 'not_allowed',
    });
  }
  problems.push(...fontFamilyProblems(subject.content.branding?.font_family, `${at}.branding.font_family`));
  const typeCode = subject.content.type_code;
  const allowedCodes: Record<string, readonly string[]> = {
    invoice: INVOICE_TYPE_CODES,
    credit_note: ['381'],
  };
  if (typeCode !== undefined && !(allowedCodes[subject.documentType] ?? []).includes(typeCode)) {
    const allowed = allowedCodes[subject.documentType];
    problems.push({
      loc: `${at}.type_code`,
      msg: allowed
        ? `${article(subject.documentType)} ${subject.documentType} takes type_code ${allowed.join(', ')}`
        : `${article(subject.documentType)} ${subject.documentType} is not an e-invoice and has no type_code`,
      type: 'not_allowed',
    });
  }
  problems.push(...taxCurrencyProblems(subject, at));
  problems.push(...deductionProblems(subject, at));
  problems.push(
    ...discountProblems(
      subject.content.payment?.early_payment_discounts,
      `${at}.payment.early_payment_discounts`,
    ),
  );
  const scheme = subject.content.tax_scheme;
  if (scheme && !taxSchemes().items.some((s) => s.code === scheme)) {
    problems.push({
      loc: `${at}.tax_scheme`,
      msg: `'${scheme}' is not a UNCL5153 tax scheme`,
      type: 'invalid_value',
    });
  }
  problems.push(...addressProblems(subject.seller?.address, `${at}.seller.address`));
  problems.push(...addressProblems(subject.buyer?.address, `${at}.buyer.address`));
  problems.push(...addressProblems(subject.content.ship_to?.address, `${at}.ship_to.address`));
  problems.push(
    ...addressProblems(subject.content.tax_representative?.address, `${at}.tax_representative.address`),
  );
  if (problems.some((p) => p.loc.includes('.line_items.') || p.loc.endsWith('.currency'))) return problems;
  const totals = documentTotals(subject.currency, subject.content);
  if (!totals.ok) problems.push(...totals.problems.map((p) => ({ ...p, loc: `${at}.${p.loc}` })));
  return problems;
}

/**
 * Deducted invoices (`deductions`) state what each was: net and VAT add up to its total, and together
 * their totals are the prepaid amount (BT-113), which an invoice deducting them states so; only an
 * invoice deducts. Dates are calendar dates.
 */
function deductionProblems(subject: DocumentSubject, at: string): FieldError[] {
  const deductions = subject.content.deductions;
  if (!deductions || deductions.length === 0) return [];
  const loc = `${at}.deductions`;
  if (subject.documentType !== 'invoice') {
    return [{ loc, msg: 'only an invoice deducts earlier invoices', type: 'not_allowed' }];
  }
  const problems: FieldError[] = [];
  deductions.forEach((d, i) => {
    if (d.issue_date && !isCalendarDate(d.issue_date)) {
      problems.push({
        loc: `${loc}.${i}.issue_date`,
        msg: `'${d.issue_date}' is not a calendar date`,
        type: 'date_invalid',
      });
    }
    if (!eq(add(dec(d.net_amount), dec(d.tax_amount)), dec(d.total))) {
      problems.push({
        loc: `${loc}.${i}.total`,
        msg: `net_amount ${d.net_amount} and tax_amount ${d.tax_amount} do not add up to total ${d.total}`,
        type: 'invalid_value',
      });
    }
  });
  const deducted = sum(deductions.map((d) => dec(d.total)));
  const prepaid = subject.content.prepaid_amount;
  if (prepaid === undefined || !eq(dec(prepaid), deducted)) {
    problems.push({
      loc: `${at}.prepaid_amount`,
      msg: `the deducted invoices total ${toPlainString(deducted)}: prepaid_amount states that sum`,
      type: prepaid === undefined ? 'missing' : 'invalid_value',
    });
  }
  return problems;
}
