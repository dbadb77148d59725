import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withConflict, withNotFound } from '../../http/schemas';
import type { AccountCtx } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import {
  CreateRecurringBody,
  GeneratedInvoice,
  ListRecurringQuery,
  presentRecurring,
  RecurringInvoice,
  UpdateRecurringBody,
} from './model';
import { findRecurring, listRecurring } from './repo';
import { changeRecurringStatus, type StatusAction } from './use-cases/change-recurring-status';
import { createRecurringInvoice } from './use-cases/create-recurring-invoice';
import { listGeneratedInvoices } from './use-cases/list-generated-invoices';
import { updateRecurringInvoice } from './use-cases/update-recurring-invoice';

const detail = (summary: string) => ({ summary, tags: ['Recurring invoices'] });
const params = t.Object({ recurring_id: t.String() });

export function recurringInvoiceRoutes(auth: Auth, _deps: AppDeps) {
  const changeStatus = async (ctx: AccountCtx, id: string, action: StatusAction) => {
    const row = await changeRecurringStatus({ ctx, input: { id, action } });
    return { data: presentRecurring(row) };
  };
  return new Elysia({ prefix: '/api/v1/recurring-invoices' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => {
        const row = await createRecurringInvoice({ ctx, input: body });
        return { data: presentRecurring(row) };
      },
      {
        auth: true,
        body: CreateRecurringBody,
        response: { 200: dataOf(RecurringInvoice), ...authErrors },
        detail: detail('Create a recurring invoice (active; the first occurrence is start_date)'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const rows = await listRecurring(ctx.db, ctx.accountId, { status: query.status }, page);
        return toPage(rows, page, (r) => r.id, presentRecurring);
      },
      {
        auth: true,
        query: ListRecurringQuery,
        response: { 200: pageOf(RecurringInvoice), ...authErrors },
        detail: detail('List recurring invoices, newest first, optionally by status'),
      },
    )
    .get(
      '/:recurring_id',
      async ({ ctx, params }) => {
        const row = await findRecurring(ctx.db, ctx.accountId, params.recurring_id);
        if (!row) throw notFound('Recurring invoice');
        return { data: presentRecurring(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(RecurringInvoice), ...withNotFound },
        detail: detail('Get a recurring invoice'),
      },
    )
    .patch(
      '/:recurring_id',
      async ({ ctx, params, body }) => {
        const row = await updateRecurringInvoice({ ctx, input: { id: params.recurring_id, changes: body } });
        return { data: presentRecurring(row) };
      },
      {
        auth: true,
        params,
        body: UpdateRecurringBody,
        response: { 200: dataOf(RecurringInvoice), ...withConflict },
        detail: detail('Change a schedule or its template (future occurrences); 409 when cancelled'),
      },
    )
    .post(
      '/:recurring_id/pause',
      async ({ ctx, params }) => await changeStatus(ctx, params.recurring_id, 'pause'),
      {
        auth: true,
        params,
        response: { 200: dataOf(RecurringInvoice), ...withConflict },
        detail: detail('Pause: nothing is generated until resumed'),
      },
    )
    .post(
      '/:recurring_id/resume',
      async ({ ctx, params }) => await changeStatus(ctx, params.recurring_id, 'resume'),
      {
        auth: true,
        params,
        response: { 200: dataOf(RecurringInvoice), ...withConflict },
        detail: detail('Resume at the first scheduled date on or after today (no back-fill)'),
      },
    )
    .delete(
      '/:recurring_id',
      async ({ ctx, params }) => await changeStatus(ctx, params.recurring_id, 'cancel'),
      {
        auth: true,
        params,
        response: { 200: dataOf(RecurringInvoice), ...withConflict },
        detail: detail('Cancel for good (status cancelled, no next occurrence)'),
      },
    )
    .get(
      '/:recurring_id/invoices',
      async ({ ctx, params, query }) => {
        const page = readPageRequest(query);
        return await listGeneratedInvoices({ ctx, input: { id: params.recurring_id, page } });
      },
      {
        auth: true,
        params,
        query: t.Object(PageQuery),
        response: { 200: pageOf(GeneratedInvoice), ...withNotFound },
        detail: detail('The invoices this schedule generated, newest first'),
      },
    );
}
