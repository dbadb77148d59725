import { dec, sub, toPlainString } from '../../../domain/money';
import type { AccountCtx } from '../../../shared/context';
import { type DocumentRow, issuedForReports } from '../../documents';
import { type ReceivedDocumentRow, receivedForReports } from '../../receiving';
import { receivedDate } from '../claims';
import { collect, pacer } from '../pace';
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
  const pace = pacer();
  const filters = { issuedFrom: input.from, issuedTo: input.to };
  const entries = await collect(
    ctx.db,
    (db, page) => issuedForReports(db, ctx.accountId, filters, page),
    (row: DocumentRow): PeriodEntry => ({
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
    pace,
  );
  return { ...range(input), currencies: await periodFigures(entries, input.from, input.to, true, pace) };
}

/** Expenses per month by issue date: received invoices less received credit notes (not rejected). */
export async function expensesReport({ ctx, input }: { ctx: AccountCtx; input: Range }) {
  const pace = pacer();
  // Every date: a document without an issue date counts from the day it arrived, which SQL cannot filter.
  const entries = await collect(
    ctx.db,
    (db, page) => receivedForReports(db, ctx.accountId, page),
    (row: ReceivedDocumentRow): PeriodEntry | undefined => {
      const date = receivedDate(row);
      if (date < input.from || date > input.to) return undefined;
      return {
        currency: row.currency,
        date,
        sign: row.documentType === 'credit_note' ? -1 : 1,
        net: row.totals.net_total ?? netOf(row.total, row.totals.tax_total ?? '0'),
        tax: row.totals.tax_total ?? '0',
        gross: row.total,
        groups: null,
      };
    },
    pace,
  );
  return { ...range(input), currencies: await periodFigures(entries, input.from, input.to, false, pace) };
}

const range = (input: Range) => ({
  from: input.from,
  to: input.to,
  group: 'month' as const,
  basis: 'issue_date' as const,
});

const netOf = (total: string, tax: string) => toPlainString(sub(dec(total), dec(tax)));
