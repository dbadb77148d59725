import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import {
  authErrors,
  dataOf,
  fileResponse,
  PageQuery,
  pageOf,
  withConflict,
  withNotFound,
} from '../../http/schemas';
import { notFound, validationError } from '../../shared/errors';
import { type PageRequest, readPageRequest, toPage } from '../../shared/pagination';
import { Batch, BatchItem, CreateBatchBody, MAX_BATCH_ITEMS, presentBatch, presentBatchItem } from './model';
import { findBatch, listBatches, listItems } from './repo';
import { cancelBatch } from './use-cases/cancel-batch';
import { createBatch } from './use-cases/create-batch';
import { downloadBatch } from './use-cases/download-batch';

/**
 * An items page resumes after an item's position, which the cursor holds as a whole number below
 * MAX_BATCH_ITEMS. Another list's cursor (a batch id) or a hand-made one is refused as every list refuses
 * a cursor it did not issue: read as a number it answered an empty last page, and sent to the database a
 * value its integer column cannot hold.
 */
function itemPageRequest(query: { limit?: string; cursor?: string }): PageRequest {
  const page = readPageRequest(query);
  if (
    page.after !== null &&
    !(/^(0|[1-9][0-9]{0,8})$/.test(page.after) && Number(page.after) < MAX_BATCH_ITEMS)
  ) {
    throw validationError([
      { loc: 'query.cursor', msg: 'cursor is not one this API issued', type: 'invalid' },
    ]);
  }
  return page;
}

const detail = (summary: string) => ({ summary, tags: ['Batches'] });
const params = t.Object({ batch_id: t.String() });

export function batchRoutes(auth: Auth, deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/batches' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => {
        const batch = await createBatch({ ctx, input: body });
        return { data: presentBatch(batch) };
      },
      {
        auth: true,
        body: CreateBatchBody,
        response: { 200: dataOf(Batch), ...withNotFound },
        detail: detail('Create a batch: every item is checked now, rendered in the background'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        return toPage(await listBatches(ctx.db, ctx.accountId, page), page, (r) => r.id, presentBatch);
      },
      {
        auth: true,
        query: t.Object(PageQuery),
        response: { 200: pageOf(Batch), ...authErrors },
        detail: detail('List batches, newest first'),
      },
    )
    .get(
      '/:batch_id',
      async ({ ctx, params }) => {
        const batch = await findBatch(ctx.db, ctx.accountId, params.batch_id);
        if (!batch) throw notFound('Batch');
        return { data: presentBatch(batch) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(Batch), ...withNotFound },
        detail: detail('Get a batch with its counts'),
      },
    )
    .get(
      '/:batch_id/items',
      async ({ ctx, params, query }) => {
        const batch = await findBatch(ctx.db, ctx.accountId, params.batch_id);
        if (!batch) throw notFound('Batch');
        const page = itemPageRequest(query);
        const rows = await listItems(ctx.db, batch.id, page);
        return toPage(rows, page, (r) => String(r.position), presentBatchItem);
      },
      {
        auth: true,
        params,
        query: t.Object(PageQuery),
        response: { 200: pageOf(BatchItem), ...withNotFound },
        detail: detail('List the items of a batch in request order'),
      },
    )
    .post(
      '/:batch_id/cancel',
      async ({ ctx, params }) => ({
        data: presentBatch(await cancelBatch({ ctx, input: { id: params.batch_id } })),
      }),
      {
        auth: true,
        params,
        response: { 200: dataOf(Batch), ...withConflict },
        detail: detail('Cancel a queued or processing batch: items not rendered yet become failed'),
      },
    )
    .get(
      '/:batch_id/download',
      async ({ ctx, params }) => {
        const { batch, body } = await downloadBatch({
          ctx,
          blobs: deps.blobs,
          input: { id: params.batch_id },
        });
        return new Response(body, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename=${batch.id}.zip`,
          },
        });
      },
      {
        auth: true,
        params,
        response: { 200: fileResponse('application/zip', 'ZIP of the PDFs'), ...withConflict },
        detail: detail(
          'Download a completed batch as a ZIP: one PDF per completed item (and the combined PDF)',
        ),
      },
    );
}
