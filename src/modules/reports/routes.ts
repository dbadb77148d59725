import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { dataOf, fileResponse, withNotFound } from '../../http/schemas';
import type { AccountCtx } from '../../shared/context';
import { validationError } from '../../shared/errors';
import { firmToday } from '../business-profiles';
import {
  AsOfQuery,
  PayablesReport,
  PeriodReport,
  RangeQuery,
  ReceivablesReport,
  StatementQuery,
  StatementSchema,
} from './model';
import { payablesReport, receivablesReport } from './use-cases/receivables';
import { expensesReport, revenueReport } from './use-cases/revenue';
import { statementJson } from './use-cases/statement';
import { statementPdf } from './use-cases/statement-pdf';

const detail = (summary: string, tag = 'Reports') => ({ summary, tags: [tag] });
// A month report over more than ten years is a mistake rather than a question.
const MAX_MONTHS = 120;

/** The day asked for, else the firm's today (its business profiles' time zone: `firmToday`). */
const asOfOf = async (query: { as_of?: string }, ctx: AccountCtx) => query.as_of ?? (await firmToday(ctx));

/** `from` and `to` with their defaults (1 January of `to`'s year; the firm's today), `from` not after `to`. */
async function rangeOf(query: { from?: string; to?: string }, ctx: AccountCtx, maxMonths?: number) {
  const to = query.to ?? (await firmToday(ctx));
  const from = query.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) {
    throw validationError([{ loc: 'query.from', msg: 'must not be after to', type: 'value_error.range' }]);
  }
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7));
  if (maxMonths !== undefined && months >= maxMonths) {
    throw validationError([
      { loc: 'query.from', msg: `the range spans at most ${maxMonths} months`, type: 'value_error.range' },
    ]);
  }
  return { from, to };
}

export function reportRoutes(auth: Auth, deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1' })
    .use(auth)
    .get(
      '/reports/receivables',
      async ({ ctx, query }) => ({
        data: await receivablesReport({ ctx, input: { asOf: await asOfOf(query, ctx) } }),
      }),
      {
        auth: true,
        query: AsOfQuery,
        response: { 200: dataOf(ReceivablesReport), ...withNotFound },
        detail: detail('What customers owe on a day: open, overdue and ageing per currency and per customer'),
      },
    )
    .get(
      '/reports/payables',
      async ({ ctx, query }) => ({
        data: await payablesReport({ ctx, input: { asOf: await asOfOf(query, ctx) } }),
      }),
      {
        auth: true,
        query: AsOfQuery,
        response: { 200: dataOf(PayablesReport), ...withNotFound },
        detail: detail('What the account owes suppliers on a day, from received documents'),
      },
    )
    .get(
      '/reports/revenue',
      async ({ ctx, query }) => ({
        data: await revenueReport({ ctx, input: await rangeOf(query, ctx, MAX_MONTHS) }),
      }),
      {
        auth: true,
        query: RangeQuery,
        response: { 200: dataOf(PeriodReport), ...withNotFound },
        detail: detail(
          'Net, tax and gross per month and tax rate: invoices less credit notes, by issue date',
        ),
      },
    )
    .get(
      '/reports/expenses',
      async ({ ctx, query }) => ({
        data: await expensesReport({ ctx, input: await rangeOf(query, ctx, MAX_MONTHS) }),
      }),
      {
        auth: true,
        query: RangeQuery,
        response: { 200: dataOf(PeriodReport), ...withNotFound },
        detail: detail(
          'Net, tax and gross per month from received invoices less credit notes, by issue date',
        ),
      },
    )
    .get(
      '/customers/:id/statement',
      async ({ ctx, principal, params, query, request }) => {
        const range = await rangeOf(query, ctx);
        const input = { customerId: params.id, ...range, businessProfileId: query.business_profile_id };
        if (!(request.headers.get('accept') ?? '').includes('application/pdf')) {
          // Written here a slice at a time (tens of thousands of entries are megabytes), so not checked
          // against the schema again on the way out as a returned object would be: the type is the check.
          return new Response(await statementJson({ ctx, input }), {
            headers: { 'content-type': 'application/json;charset=utf-8' },
          });
        }
        const bytes = await statementPdf({
          ctx,
          renderPdf: deps.renderPdf,
          input: { ...input, locale: query.locale, monthlyQuota: principal.monthlyRenderQuota },
        });
        return new Response(new Uint8Array(bytes), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `inline; filename="statement-${range.from}-${range.to}.pdf"`,
            'cache-control': 'private, no-store',
          },
        });
      },
      {
        auth: true,
        params: t.Object({ id: t.String() }),
        query: StatementQuery,
        response: {
          200: t.Union([
            dataOf(StatementSchema),
            fileResponse('application/pdf', 'PDF bytes (with Accept: application/pdf)'),
          ]),
          ...withNotFound,
        },
        detail: detail(
          "A customer's statement of account: opening balance, the period's entries with a running balance, closing balance, overdue; a PDF with Accept: application/pdf, drawn and counted as a render (429 quota_exceeded when the quota is spent)",
          'Customers',
        ),
      },
    );
}
