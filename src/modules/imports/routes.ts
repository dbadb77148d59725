import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, withConflict, withNotFound } from '../../http/schemas';
import type { AppLinks } from '../../module';
import { notFound } from '../../shared/errors';
import { CreateImportBody, Import, presentImport } from './model';
import { findImport } from './repo';
import { issuedRowsOf } from './review';
import { cancelImport } from './use-cases/cancel-import';
import { confirmImport } from './use-cases/confirm-import';
import { createImport } from './use-cases/create-import';

const detail = (summary: string) => ({ summary, tags: ['Imports'] });
const params = t.Object({ import_id: t.String() });

export function importRoutes(auth: Auth, deps: AppDeps, links: AppLinks) {
  return new Elysia({ prefix: '/api/v1/imports' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => {
        const row = await createImport({ ctx, input: body, links });
        return { data: presentImport(row, await issuedRowsOf(ctx.db, row)) };
      },
      {
        auth: true,
        body: CreateImportBody,
        response: { 200: dataOf(Import), ...authErrors },
        detail: detail(
          'Create an import of customers or documents (JSON or CSV): validates every row, commits nothing',
        ),
      },
    )
    .get(
      '/:import_id',
      async ({ ctx, params }) => {
        const row = await findImport(ctx.db, ctx.accountId, params.import_id);
        if (!row) throw notFound('Import');
        return { data: presentImport(row, await issuedRowsOf(ctx.db, row)) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(Import), ...withNotFound },
        detail: detail('Get an import with its counts and row errors'),
      },
    )
    .post(
      '/:import_id/confirm',
      async ({ ctx, params }) => {
        const row = await confirmImport({ ctx, input: { id: params.import_id }, blobs: deps.blobs, links });
        return { data: presentImport(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(Import), ...withConflict },
        detail: detail(
          'Confirm a pending import: its valid rows are created in one transaction, or (large imports) ' +
            'in the background while it is processing',
        ),
      },
    )
    .post(
      '/:import_id/cancel',
      async ({ ctx, params }) => ({
        data: presentImport(await cancelImport({ ctx, input: { id: params.import_id } })),
      }),
      {
        auth: true,
        params,
        response: { 200: dataOf(Import), ...withConflict },
        detail: detail(
          'Cancel a pending or processing import; rows already committed in the background stay',
        ),
      },
    );
}
