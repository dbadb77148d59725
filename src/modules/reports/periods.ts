// Money per calendar month: revenue from issued documents, expenses from received ones (docs/reports.md).
import { add, type Decimal, dec, isZero, normalizeRate, sub } from '../../domain/money';
import { entryOf, fixed } from './ageing';
import { type Pace, pacer } from './pace';

/** One document's contribution: credit notes come in negated (`sign` -1). */
export interface PeriodEntry {
  currency: string;
  /** YYYY-MM-DD, the basis the month is taken from. */
  date: string;
  sign: 1 | -1;
  net: string;
  tax: string;
  gross: string;
  /** Per tax group; null when the document does not break its tax down (received documents). */
  groups: { category: string | null; rate: string; net: string; tax: string }[] | null;
}

interface Sum {
  net: Decimal;
  tax: Decimal;
  gross: Decimal;
}
const zero = (): Sum => ({ net: dec('0'), tax: dec('0'), gross: dec('0') });

/** The months from `from` to `to` (YYYY-MM-DD), both included, as YYYY-MM. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const label = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(label);
    if (label >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

export interface RateFigures {
  category: string | null;
  rate: string;
  net: string;
  tax: string;
}

export interface MonthFigures {
  month: string;
  net: string;
  tax: string;
  gross: string;
  documents: number;
  by_tax_rate?: RateFigures[];
}

export interface CurrencyPeriods {
  currency: string;
  net: string;
  tax: string;
  gross: string;
  months: MonthFigures[];
}

const signed = (value: string, sign: 1 | -1) => (sign === 1 ? dec(value) : sub(dec('0'), dec(value)));

/**
 * Sums per currency and month; every month of the range is listed, empty ones as zeros. With `byRate`, each
 * month also splits per (category, rate); the part of a document's net no tax group covers is filed under
 * rate "0" without a category.
 */
export async function periodFigures(
  entries: readonly PeriodEntry[],
  from: string,
  to: string,
  byRate: boolean,
  pace: Pace = pacer(),
): Promise<CurrencyPeriods[]> {
  const months = monthsBetween(from, to);
  const perCurrency = new Map<
    string,
    Map<string, { sum: Sum; count: number; rates: Map<string, RateSum> }>
  >();
  for (const e of entries) {
    await pace();
    const monthsOf = entryOf(perCurrency, e.currency, () => new Map());
    const m = entryOf(monthsOf, e.date.slice(0, 7), () => ({ sum: zero(), count: 0, rates: new Map() }));
    m.count += 1;
    m.sum.net = add(m.sum.net, signed(e.net, e.sign));
    m.sum.tax = add(m.sum.tax, signed(e.tax, e.sign));
    m.sum.gross = add(m.sum.gross, signed(e.gross, e.sign));
    if (byRate && e.groups) fileRates(m.rates, e);
  }
  return [...perCurrency.keys()].sort().map((currency) => {
    const monthsOf = perCurrency.get(currency) ?? new Map();
    const total = zero();
    const f = (v: Decimal) => fixed(v, currency);
    const list = months.map((month): MonthFigures => {
      const m = monthsOf.get(month);
      const sum = m?.sum ?? zero();
      total.net = add(total.net, sum.net);
      total.tax = add(total.tax, sum.tax);
      total.gross = add(total.gross, sum.gross);
      const base = { month, net: f(sum.net), tax: f(sum.tax), gross: f(sum.gross), documents: m?.count ?? 0 };
      if (!byRate) return base;
      const rates = [...(m?.rates.values() ?? [])]
        .filter((r) => !isZero(r.net) || !isZero(r.tax))
        .sort((a, b) => Number(b.rate) - Number(a.rate) || (a.category ?? '').localeCompare(b.category ?? ''))
        .map((r) => ({ category: r.category, rate: r.rate, net: f(r.net), tax: f(r.tax) }));
      return { ...base, by_tax_rate: rates };
    });
    return { currency, net: f(total.net), tax: f(total.tax), gross: f(total.gross), months: list };
  });
}

interface RateSum {
  category: string | null;
  rate: string;
  net: Decimal;
  tax: Decimal;
}

function fileRates(rates: Map<string, RateSum>, e: PeriodEntry) {
  const file = (category: string | null, rate: string, net: Decimal, tax: Decimal) => {
    const normal = normalizeRate(rate);
    const key = `${category ?? ''}|${normal}`;
    const r = entryOf(rates, key, () => ({ category, rate: normal, net: dec('0'), tax: dec('0') }));
    r.net = add(r.net, net);
    r.tax = add(r.tax, tax);
  };
  let uncovered = dec(e.net);
  for (const g of e.groups ?? []) {
    file(g.category, g.rate, signed(g.net, e.sign), signed(g.tax, e.sign));
    uncovered = sub(uncovered, dec(g.net));
  }
  if (!isZero(uncovered)) file(null, '0', e.sign === 1 ? uncovered : sub(dec('0'), uncovered), dec('0'));
}
