import { Elysia, t } from 'elysia';
import type { authPlugin } from '../../http/auth';
import { authErrors, dataOf, withConflict, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { CreateImportBody, Import, presentImport } from './model';
import { findImport } from './repo';
import { changeImportStatus } from './use-cases/change-import-status';
import { createImport } from './use-cases/create-import';

const detail = (summary: string) => ({ summary, tags: ['Imports'] });
const params = t.Object({ import_id: t.String() });

export function importRoutes(auth: ReturnType<typeof authPlugin>) {
  return new Elysia({ prefix: '/api/v1/imports' })
    .use(auth)
    .post('', ({ ctx, body }) => ({ data: presentImport(createImport({ ctx, input: body })) }), {
      auth: true,
      body: CreateImportBody,
      response: { 200: dataOf(Import), ...authErrors },
      detail: detail('Create an import (customers, JSON or CSV): validates every row, commits nothing yet'),
    })
    .get(
      '/:import_id',
      ({ ctx, params }) => {
        const row = findImport(ctx.db, ctx.accountId, params.import_id);
        if (!row) throw notFound('Import');
        return { data: presentImport(row) };
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
      ({ ctx, params }) => {
        const row = changeImportStatus({ ctx, input: { id: params.import_id, action: 'confirm' } });
        return { data: presentImport(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(Import), ...withConflict },
        detail: detail('Confirm a pending import: its valid rows are created in one transaction'),
      },
    )
    .post(
      '/:import_id/cancel',
      ({ ctx, params }) => {
        const row = changeImportStatus({ ctx, input: { id: params.import_id, action: 'cancel' } });
        return { data: presentImport(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(Import), ...withConflict },
        detail: detail('Cancel a pending or processing import; nothing is created'),
      },
    );
}
