import { dec, sub, toPlainString } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { issuedForReports } from '../../documents';
import { receivedForReports } from '../../receiving';
import { receivedDate } from '../claims';
import { type PeriodEntry, periodFigures } from '../periods';

interface Range {
  from: string;
  to: string;
}

/**
 * Revenue per month by issue date: issued invoices less credit notes (neither drafts nor voided), net, tax
 * and gross per currency, each month split per tax rate.
 */
export async function revenueReport({ ctx, input }: { ctx: AccountCtx; input: Range }) {
  const rows = await issuedForReports(ctx.db, ctx.accountId, { issuedFrom: input.from, issuedTo: input.to });
  const entries = rows.map(
    (row): PeriodEntry => ({
      currency: row.currency,
      date: row.issueDate,
      sign: row.documentType === 'credit_note' ? -1 : 1,
      net: netOf(row.totals.total, row.totals.tax_total),
      tax: row.totals.tax_total,
      gross: row.totals.total,
      groups: (row.totals.tax_groups ?? []).map((g) => ({
        category: g.category,
        rate: g.rate,
        net: g.taxable_amount,
        tax: g.tax_amount,
      })),
    }),
  );
  return { ...range(input), currencies: periodFigures(entries, input.from, input.to, true) };
}

/** Expenses per month by issue date: received invoices less received credit notes (not rejected). */
export async function expensesReport({ ctx, input }: { ctx: AccountCtx; input: Range }) {
  const entries = (await receivedForReports(ctx.db, ctx.accountId))
    .filter((row) => receivedDate(row) >= input.from && receivedDate(row) <= input.to)
    .map(
      (row): PeriodEntry => ({
        currency: row.currency,
        date: receivedDate(row),
        sign: row.documentType === 'credit_note' ? -1 : 1,
        net: row.totals.net_total ?? netOf(row.total, row.totals.tax_total ?? '0'),
        tax: row.totals.tax_total ?? '0',
        gross: row.total,
        groups: null,
      }),
    );
  return { ...range(input), currencies: periodFigures(entries, input.from, input.to, false) };
}

const range = (input: Range) => ({
  from: input.from,
  to: input.to,
  group: 'month' as const,
  basis: 'issue_date' as const,
});

const netOf = (total: string, tax: string) => toPlainString(sub(dec(total), dec(tax)));
