import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import {
  authErrors,
  dataOf,
  ErrorEnvelope,
  PageQuery,
  pageOf,
  withConflict,
  withNotFound,
} from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import {
  CreateCustomerBody,
  Customer,
  CustomerSummary,
  presentCustomer,
  presentCustomerSummary,
  UpdateCustomerBody,
} from './model';
import { findCustomer, listCustomers } from './repo';
import { createCustomer } from './use-cases/create-customer';
import { deleteCustomer } from './use-cases/delete-customer';
import { updateCustomer } from './use-cases/update-customer';

const detail = (summary: string) => ({ summary, tags: ['Customers'] });
const params = t.Object({ id: t.String() });

export function customerRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/customers' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({ data: presentCustomer(await createCustomer({ ctx, input: body })) }),
      {
        auth: true,
        body: CreateCustomerBody,
        response: { 200: dataOf(Customer), ...authErrors, 409: ErrorEnvelope },
        detail: detail('Create a customer (buyer)'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const rows = await listCustomers(ctx.db, ctx.accountId, page, query.q);
        return toPage(rows, page, (r) => r.id, presentCustomerSummary);
      },
      {
        auth: true,
        query: t.Object({
          ...PageQuery,
          q: t.Optional(
            t.String({
              maxLength: 200,
              description: 'Only those whose name, email or tax ID contains this text (any case)',
            }),
          ),
        }),
        response: { 200: pageOf(CustomerSummary), ...authErrors },
        detail: detail('List customers (summary fields), newest first; ?q= searches name, email and tax ID'),
      },
    )
    .get(
      '/:id',
      async ({ ctx, params }) => {
        const row = await findCustomer(ctx.db, ctx.accountId, params.id);
        if (!row) throw notFound('Customer');
        return { data: presentCustomer(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(Customer), ...withNotFound },
        detail: detail('Get a customer'),
      },
    )
    .patch(
      '/:id',
      async ({ ctx, params, body }) => {
        const row = await updateCustomer({ ctx, input: { id: params.id, patch: body } });
        return { data: presentCustomer(row) };
      },
      {
        auth: true,
        params,
        body: UpdateCustomerBody,
        response: { 200: dataOf(Customer), ...withConflict },
        detail: detail('Update a customer: omitted fields stay, null clears, metadata is replaced whole'),
      },
    )
    .delete(
      '/:id',
      async ({ ctx, params }) => {
        await deleteCustomer({ ctx, input: { id: params.id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withConflict },
        detail: detail('Delete a customer no document uses'),
      },
    );
}
