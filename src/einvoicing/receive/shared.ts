// What reading UBL and CII have in common: VAT categories as line taxes, allowances as
// discounts, notes with a subject code.
import type { DocumentData } from '../../domain/document-data';
import {
  type Decimal,
  dec,
  div,
  eq,
  gt,
  isDecimalString,
  isNegative,
  isZero,
  type MinorUnits,
  mul,
  percentOf,
  round,
  sum,
  toPlainString,
} from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import { type TaxPointDateCode, taxPointCodeOf } from '../tax-point-codes';
import { defined } from './dom';
import { decimalOf, toTenPlaces } from './normalize';
import type { ReceiveWarning } from './types';

type Line = DocumentData['line_items'][number];
type Tax = NonNullable<Line['taxes']>[number];
type Discount = NonNullable<Line['discount']>;

const ZERO = dec('0');
const HUNDRED = dec('100');

export interface TaxInfo {
  category: string;
  rate: string;
}

export interface Money {
  amount: string;
  reason?: string;
  code?: string;
  /** BT-138 / BT-137 (line) as stated: the percentage and the amount it is of. */
  percent?: string;
  base?: string;
}

/** A line's VAT category (BT-151/152) as its one tax, with the breakdown's exemption reason (BT-120/121). */
export function taxesOf(info: TaxInfo, exemptions: Map<string, { reason?: string; code?: string }>): Tax[] {
  const exemption = exemptions.get(`${info.category}|${info.rate}`) ?? exemptions.get(`${info.category}|0`);
  const tax: Tax = { name: 'VAT', rate: info.rate, category: info.category };
  if (exemption?.reason) tax.exemption_reason = exemption.reason;
  if (exemption?.code) tax.exemption_reason_code = exemption.code;
  return [tax];
}

const ALLOWANCE_CODE = /^[0-9]{1,3}$/;

/** An allowance (BG-20, BG-27) as a fixed discount; a document allowance keeps its VAT rate (BT-95/96). */
export function discountOf(
  amount: string,
  reason: string | undefined,
  code: string | undefined,
  taxes?: Tax[],
): Discount & { taxes?: Tax[] } {
  const discount: Discount & { taxes?: Tax[] } = { type: 'fixed', value: amount };
  if (reason) discount.reason = reason;
  if (code && ALLOWANCE_CODE.test(code)) discount.reason_code = code;
  if (taxes) discount.taxes = taxes;
  return discount;
}

/**
 * BT-138 kept as a percentage discount when it is one of the line's own amount: the line is positive, the
 * stated base (BT-137) is its amount before the allowance, the percentage is 0-100 and gives the stated
 * amount rounded.
 */
function percentageOf(allowance: Money, gross: Decimal, minorUnits: MinorUnits): string | undefined {
  if (allowance.percent === undefined || allowance.base === undefined) return undefined;
  const [percent, base, amount] = [allowance.percent, allowance.base, allowance.amount].map(decimalOf);
  if (![percent, base, amount].every(isDecimalString)) return undefined;
  const p = dec(percent as string);
  // A credited (negative) line takes its allowance negated as a fixed amount (calculation rule 2a).
  if (!gt(gross, ZERO) || !gt(p, ZERO) || gt(p, HUNDRED) || !eq(dec(base as string), gross)) return undefined;
  const implied = round(percentOf(gross, p), minorUnits);
  return eq(implied, dec(amount as string)) ? percent : undefined;
}

/**
 * A line's allowances (BG-27) as its one discount; several are added up (and said so). One stated as a
 * percentage of the line (BT-138, BT-137 = the line's `gross`) stays a percentage; one stated as a
 * percentage of anything else is kept as its amount, and a warning quotes what was stated.
 */
export function lineDiscountOf(
  allowances: Money[],
  where: string,
  warnings: ReceiveWarning[],
  gross?: Decimal,
  minorUnits: MinorUnits = 2,
): Discount | undefined {
  if (allowances.length === 0) return undefined;
  const first = allowances[0] as Money;
  if (allowances.length === 1) {
    const discount = discountOf(first.amount, first.reason, first.code);
    const percent = gross === undefined ? undefined : percentageOf(first, gross, minorUnits);
    if (percent !== undefined) return { ...discount, type: 'percentage', value: percent };
    if (first.percent !== undefined) {
      warnings.push({
        term: 'BT-138',
        path: where,
        message: `Stated as ${first.percent} % of ${first.base ?? 'no base amount'}: kept as its amount, ${first.amount} (a percentage is kept only of the line's own amount, giving the same amount)`,
        code: 'line_allowance_percentage',
        params: {
          percent: first.percent,
          ...(first.base !== undefined && { base: first.base }),
          amount: first.amount,
        },
      });
    }
    return discount;
  }
  warnings.push({
    term: 'BG-27',
    path: where,
    message: `${allowances.length} line allowances are kept as one discount`,
    code: 'line_allowances_combined',
    params: { count: String(allowances.length) },
  });
  const total = sum(allowances.map((a) => dec(a.amount)));
  return discountOf(toPlainString(total), first.reason, first.code);
}

/**
 * BT-6 and BT-111: the data states the VAT total in the accounting currency through an exchange rate,
 * which the file does not give. The rate its two VAT totals imply (BT-111 / BT-110, at most 10 places) is
 * kept when it gives back exactly the stated BT-111, and said so; otherwise BT-111 is not kept.
 */
export function accountingCurrencyOf(
  stated: { currency: string; taxTotal: string | undefined },
  documentTaxTotal: string | undefined,
  where: string,
  warnings: ReceiveWarning[],
): DocumentData['tax_currency'] {
  const mu = minorUnitsOf(stated.currency);
  const values = [stated.taxTotal, documentTaxTotal].map((v) => (v === undefined ? v : decimalOf(v)));
  const [accounting, document] = values;
  if (
    accounting !== undefined &&
    document !== undefined &&
    isDecimalString(accounting) &&
    isDecimalString(document)
  ) {
    const base = dec(document);
    const rate = isZero(base) ? undefined : toTenPlaces(div(dec(accounting), base));
    if (
      rate !== undefined &&
      !isNegative(rate) &&
      !isZero(rate) &&
      eq(round(mul(base, rate), mu), dec(accounting))
    ) {
      const kept = toPlainString(rate);
      warnings.push({
        term: 'BT-111',
        path: where,
        message: `The VAT total in ${stated.currency} (${accounting}) states no exchange rate: kept as the rate it implies, ${kept}`,
        code: 'tax_currency_rate_implied',
        params: { currency: stated.currency, tax_total: accounting, rate: kept },
      });
      return { currency: stated.currency, exchange_rate: kept };
    }
  }
  warnings.push({
    term: 'BT-111',
    path: where,
    message: `The VAT total in ${stated.currency} is not kept (no exchange rate is stated)`,
    code: 'tax_currency_total_not_kept',
    params: { currency: stated.currency },
  });
  return undefined;
}

/** The freight charge (reason code FC) as the shipping: its reason (BT-104) is the shipping's description. */
export function shippingOf(charge: {
  amount: string;
  reason?: string;
  reason_code?: string;
  taxes: Tax[];
}): NonNullable<DocumentData['shipping']> {
  const { reason, ...rest } = charge;
  return defined({ description: reason, ...rest });
}

/**
 * BG-17: the data keeps one account to pay to (the first a file states); each other account a file states
 * is named in a warning, so a payer reading the answer sees every account the seller offers.
 */
export function warnOtherAccounts<T>(
  accounts: T[],
  describe: (account: T) => (string | undefined)[],
  path: string,
  warnings: ReceiveWarning[],
): void {
  const named = accounts.map((a) =>
    describe(a)
      .filter((part): part is string => !!part)
      .join(' '),
  );
  const others = [...new Set(named.slice(1))].filter((n) => n && n !== named[0]);
  if (others.length === 0) return;
  warnings.push({
    term: 'BG-17',
    path,
    message: `Only the first account to pay to is kept (${named[0]}); also stated: ${others.join('; ')}`,
    code: 'other_payment_accounts',
    params: { kept: String(named[0]), others: others.join('; ') },
  });
}

/** BT-126: a line's own identifier, kept unless it is only its position (1, 2, ...), as most files state. */
export function withLineId<L extends { name: string }>(line: L, id: string | undefined, index: number): L {
  if (!id || id === String(index + 1)) return line;
  const { name, ...rest } = line;
  return { name, line_id: id, ...rest } as unknown as L;
}

/** An amount a file states is absent or zero (`0`, `0.00`, `-0`). */
export const isStatedZero = (amount: string | undefined): boolean =>
  amount === undefined || /^[+-]?0*(\.0*)?$/.test(amount.trim());

/** BT-22 notes joined; BT-21 from the first note's `#CODE#` prefix (the UBL binding). */
export function splitNote(notes: string[]): { note?: string; subjectCode?: string } {
  if (notes.length === 0) return {};
  const first = notes[0] as string;
  const match = /^#([A-Z]{3})#/.exec(first);
  const texts = match ? [first.slice(match[0].length), ...notes.slice(1)] : notes;
  const note = texts
    .map((n) => n.trim())
    .filter(Boolean)
    .join('\n\n');
  return { note: note || undefined, subjectCode: match?.[1] };
}

/**
 * A line's quantity with the sign its stated net amount (BT-131) implies: a return is sometimes written
 * as a positive quantity and price with a negative line amount.
 */
export function signedQuantity(quantity: string, price: string, lineAmount: string | undefined): string {
  const q = decimalOf(quantity);
  if (lineAmount === undefined) return q;
  const product = mul(dec(q), dec(decimalOf(price)));
  const stated = dec(decimalOf(lineAmount));
  const negative = (d: typeof stated) => d.toString().startsWith('-');
  if (eq(product, dec('0')) || eq(stated, dec('0')) || negative(product) === negative(stated)) return q;
  return q.startsWith('-') ? q.slice(1) : `-${q}`;
}

/**
 * BT-8 as the data keeps it (UNTDID 2005). A code outside the standard's three, or one beside a BT-7 date
 * (both at once break BR-CO-03: the date is kept), is named in a warning instead.
 */
export function taxPointCode(
  stated: string | undefined,
  syntax: 'ubl' | 'cii',
  date: string | undefined,
  path: string,
  warnings: ReceiveWarning[],
): TaxPointDateCode | undefined {
  if (!stated?.trim()) return undefined;
  const code = taxPointCodeOf(stated, syntax);
  if (code !== undefined && date === undefined) return code;
  const standard = syntax === 'ubl' ? '3, 35, 432' : '5, 29, 72';
  warnings.push(
    code === undefined
      ? {
          term: 'BT-8',
          path,
          message: `The tax point date code ${stated.trim()} is none of the standard's (${standard})`,
          code: 'tax_point_date_code_unknown',
          params: { code: stated.trim(), standard_codes: standard },
        }
      : {
          term: 'BT-8',
          path,
          message: `The tax point date code ${stated.trim()} is left out: the file states the tax point date (BT-7) too`,
          code: 'tax_point_date_code_beside_date',
          params: { code: stated.trim() },
        },
  );
  return undefined;
}
