// Money per calendar month: revenue from issued documents, expenses from received ones (docs/reports.md),
// from the sums the database answers (documents' `issuedMonthSums`, received documents' `receivedMonthSums`).
import { normalizeRate } from '../../domain/money';
import { entryOf } from './ageing';
import { money } from './exact';

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

/** The last day of a date's month (YYYY-MM-DD). */
function monthEnd(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  // Day 0 of the next month; the year set apart, as Date.UTC reads years 0-99 as 1900-1999.
  const end = new Date(Date.UTC(2000, month, 0));
  end.setUTCFullYear(year, month, 0);
  return `${date.slice(0, 7)}-${String(end.getUTCDate()).padStart(2, '0')}`;
}

/**
 * A range of days (YYYY-MM-DD) as the whole months it covers (YYYY-MM to YYYY-MM, null when none), read
 * from the sums the database keeps, and the parts of a month it begins or ends with (ranges of days within
 * one month), read from their documents.
 */
export function splitMonths(input: { from: string; to: string }): {
  whole: { from: string; to: string } | null;
  parts: { from: string; to: string }[];
} {
  const { from, to } = input;
  if (from > to) return { whole: null, parts: [] };
  const startsWhole = from.endsWith('-01');
  const endsWhole = to === monthEnd(to);
  const months = monthsBetween(from, to);
  if (months.length === 1 && !(startsWhole && endsWhole)) return { whole: null, parts: [{ from, to }] };
  const parts: { from: string; to: string }[] = [];
  if (!startsWhole) parts.push({ from, to: monthEnd(from) });
  if (!endsWhole) parts.push({ from: `${to.slice(0, 7)}-01`, to });
  const whole = months.slice(startsWhole ? 0 : 1, endsWhole ? months.length : -1);
  const [first, last] = [whole[0], whole.at(-1)];
  return { whole: first === undefined || last === undefined ? null : { from: first, to: last }, parts };
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

/** Net, tax and gross in ten-billionths (exact.ts). */
export interface PeriodSum {
  net: bigint;
  tax: bigint;
  gross: bigint;
}
const zero = (): PeriodSum => ({ net: 0n, tax: 0n, gross: 0n });

interface RateSum {
  category: string | null;
  rate: string;
  net: bigint;
  tax: bigint;
}

interface MonthSums {
  sum: PeriodSum;
  count: number;
  /** The taxable amounts of the month's tax groups: the rest of its net no group covers. */
  grouped: bigint;
  rates: Map<string, RateSum>;
}

/** Credit notes are subtracted: their sums come in negated. */
export type Sign = 1n | -1n;

/**
 * Per currency and month, the sums of the summing readers' rows: documents (credit notes negated) and,
 * for revenue, their tax groups per category and rate (`normalizeRate`'s text).
 */
export class PeriodLedger {
  private readonly currencies = new Map<string, Map<string, MonthSums>>();

  private month(currency: string, month: string): MonthSums {
    const months = entryOf(this.currencies, currency, () => new Map<string, MonthSums>());
    return entryOf(months, month, () => ({ sum: zero(), count: 0, grouped: 0n, rates: new Map() }));
  }

  /** `count` documents of the month and their sums. */
  addDocuments(currency: string, month: string, sign: Sign, count: number, sums: PeriodSum) {
    const m = this.month(currency, month);
    m.count += count;
    m.sum.net += sign * sums.net;
    m.sum.tax += sign * sums.tax;
    m.sum.gross += sign * sums.gross;
  }

  /** Tax groups of the month's documents of one category and rate: their taxable amounts and tax. */
  addRate(currency: string, month: string, sign: Sign, group: RateSum) {
    const m = this.month(currency, month);
    m.grouped += sign * group.net;
    fileRate(m.rates, group.category, group.rate, sign * group.net, sign * group.tax);
  }

  /**
   * Every month of the range per currency (codes in order), empty ones as zeros. With `byRate`, each month
   * also splits per (category, rate), the part of its net no tax group covers filed under rate "0" without
   * a category.
   */
  figures(from: string, to: string, byRate: boolean): CurrencyPeriods[] {
    const months = monthsBetween(from, to);
    return [...this.currencies.keys()].sort().map((currency) => {
      const monthsOf = this.currencies.get(currency) ?? new Map<string, MonthSums>();
      const total = zero();
      const f = (v: bigint) => money(v, currency);
      const list = months.map((month): MonthFigures => {
        const m = monthsOf.get(month);
        const sum = m?.sum ?? zero();
        total.net += sum.net;
        total.tax += sum.tax;
        total.gross += sum.gross;
        const base = {
          month,
          net: f(sum.net),
          tax: f(sum.tax),
          gross: f(sum.gross),
          documents: m?.count ?? 0,
        };
        if (!byRate) return base;
        // The uncovered net is filed in a copy: the ledger stays as the readers' rows made it.
        const lines = new Map([...(m?.rates ?? [])].map(([key, r]) => [key, { ...r }]));
        if (m && m.sum.net !== m.grouped) fileRate(lines, null, '0', m.sum.net - m.grouped, 0n);
        const rates = [...lines.values()]
          .filter((r) => r.net !== 0n || r.tax !== 0n)
          .sort(
            (a, b) => Number(b.rate) - Number(a.rate) || (a.category ?? '').localeCompare(b.category ?? ''),
          )
          .map((r) => ({ category: r.category, rate: r.rate, net: f(r.net), tax: f(r.tax) }));
        return { ...base, by_tax_rate: rates };
      });
      return { currency, net: f(total.net), tax: f(total.tax), gross: f(total.gross), months: list };
    });
  }
}

function fileRate(
  rates: Map<string, RateSum>,
  category: string | null,
  rate: string,
  net: bigint,
  tax: bigint,
) {
  const normal = normalizeRate(rate);
  const r = entryOf(rates, `${category ?? ''}|${normal}`, () => ({
    category,
    rate: normal,
    net: 0n,
    tax: 0n,
  }));
  // A group without a category and one whose category is "" share a line, shown without a category.
  if (category === null) r.category = null;
  r.net += net;
  r.tax += tax;
}
