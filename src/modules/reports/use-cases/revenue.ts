import type { AccountCtx } from '../../../shared/context';
import { type IssuedMonthSums, type IssuedRateSums, issuedMonthSums, keptMonthSums } from '../../documents';
import { keptReceivedMonthSums, type ReceivedMonthSums, receivedMonthSums } from '../../receiving';
import { sumValue } from '../exact';
import { eachPage } from '../pace';
import { PeriodLedger, type Sign } from '../periods';

interface Range {
  from: string;
  to: string;
}

const signOf = (documentType: string): Sign => (documentType === 'credit_note' ? -1n : 1n);

/**
 * Revenue per month by issue date: issued invoices less credit notes (neither drafts nor voided), net, tax
 * and gross per currency, each month split per tax rate. The whole months of the range from the sums the
 * database keeps (`keptMonthSums`), the part of a month it begins or ends in summed from that part's
 * documents, a page at a time.
 */
export async function revenueReport({ ctx, input }: { ctx: AccountCtx; input: Range }) {
  const ledger = new PeriodLedger();
  const add = (row: IssuedMonthSums | IssuedRateSums) => {
    const sign = signOf(row.documentType);
    if (row.kind === 'rate') {
      const { category, rate } = row;
      ledger.addRate(row.currency, row.month, sign, {
        category,
        rate,
        net: sumValue(row.taxable),
        tax: sumValue(row.tax),
      });
      return;
    }
    const gross = sumValue(row.total);
    const tax = sumValue(row.tax);
    ledger.addDocuments(row.currency, row.month, sign, row.count, { net: gross - tax, tax, gross });
  };
  const { whole, parts } = splitMonths(input);
  if (whole !== null) for (const row of await keptMonthSums(ctx.db, ctx.accountId, whole)) add(row);
  for (const part of parts) {
    await eachPage((page) => issuedMonthSums(ctx.db, ctx.accountId, part, page), add);
  }
  return { ...range(input), currencies: ledger.figures(input.from, input.to, true) };
}

/** The last day of a date's month (YYYY-MM-DD). */
function monthEnd(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  // Day 0 of the next month; the year set apart, as Date.UTC reads years 0-99 as 1900-1999.
  const end = new Date(Date.UTC(2000, month, 0));
  end.setUTCFullYear(year, month, 0);
  const days = end.getUTCDate();
  return `${date.slice(0, 7)}-${String(days).padStart(2, '0')}`;
}

/**
 * A range of days as the whole months it covers (YYYY-MM to YYYY-MM, null when none) and the parts of a
 * month it begins or ends with (ranges of days within one month).
 */
export function splitMonths(input: Range): { whole: Range | null; parts: Range[] } {
  const { from, to } = input;
  if (from > to) return { whole: null, parts: [] };
  const firstMonth = from.slice(0, 7);
  const lastMonth = to.slice(0, 7);
  const startsWhole = from.endsWith('-01');
  const endsWhole = to === monthEnd(to);
  if (firstMonth === lastMonth) {
    return startsWhole && endsWhole
      ? { whole: { from: firstMonth, to: lastMonth }, parts: [] }
      : { whole: null, parts: [{ from, to }] };
  }
  const parts: Range[] = [];
  if (!startsWhole) parts.push({ from, to: monthEnd(from) });
  if (!endsWhole) parts.push({ from: `${lastMonth}-01`, to });
  const first = startsWhole ? firstMonth : nextMonth(firstMonth);
  const last = endsWhole ? lastMonth : previousMonth(lastMonth);
  return { whole: first <= last ? { from: first, to: last } : null, parts };
}

const monthOf = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
const nextMonth = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? monthOf(y + 1, 1) : monthOf(y, m + 1);
};
const previousMonth = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 1 ? monthOf(y - 1, 12) : monthOf(y, m - 1);
};

/**
 * Expenses per month by issue date: received invoices less received credit notes (not rejected). Whole
 * months from the sums the database keeps, the part of a month the range begins or ends in from that
 * part's documents, as revenue.
 */
export async function expensesReport({ ctx, input }: { ctx: AccountCtx; input: Range }) {
  const ledger = new PeriodLedger();
  const add = (row: ReceivedMonthSums) =>
    ledger.addDocuments(row.currency, row.month, signOf(row.documentType), row.count, {
      net: sumValue(row.net),
      tax: sumValue(row.tax),
      gross: sumValue(row.gross),
    });
  const { whole, parts } = splitMonths(input);
  if (whole !== null) for (const row of await keptReceivedMonthSums(ctx.db, ctx.accountId, whole)) add(row);
  for (const part of parts) {
    await eachPage((page) => receivedMonthSums(ctx.db, ctx.accountId, part, page), add);
  }
  return { ...range(input), currencies: ledger.figures(input.from, input.to, false) };
}

const range = (input: Range) => ({
  from: input.from,
  to: input.to,
  group: 'month' as const,
  basis: 'issue_date' as const,
});
