import type { AccountCtx } from '../../../shared/context';
import { type IssuedMonthSums, type IssuedRateSums, issuedMonthSums, keptMonthSums } from '../../documents';
import { keptReceivedMonthSums, type ReceivedMonthSums, receivedMonthSums } from '../../receiving';
import { sumValue } from '../exact';
import { eachPage } from '../pace';
import { PeriodLedger, type Sign, splitMonths } from '../periods';

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
