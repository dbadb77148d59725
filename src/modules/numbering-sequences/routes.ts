import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { CreateSequenceBody, NumberingSequence, presentSequence, UpdateSequenceBody } from './model';
import { deleteSequence, findSequence, listSequences } from './repo';
import { createSequence, updateSequenceSettings } from './use-cases/save-sequence';

const detail = (summary: string) => ({ summary, tags: ['Numbering sequences'] });
const params = t.Object({ sequence_id: t.String() });
const today = (clock: { now(): Date }) => clock.now().toISOString().slice(0, 10);

export function numberingSequenceRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/numbering-sequences' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({
        data: presentSequence(await createSequence({ ctx, input: body }), today(ctx.clock)),
      }),
      {
        auth: true,
        body: CreateSequenceBody,
        response: { 200: dataOf(NumberingSequence), ...authErrors },
        detail: detail('Create a numbering sequence'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const rows = await listSequences(ctx.db, ctx.accountId, page);
        return toPage(
          rows,
          page,
          (r) => r.id,
          (r) => presentSequence(r, today(ctx.clock)),
        );
      },
      {
        auth: true,
        query: t.Object(PageQuery),
        response: { 200: pageOf(NumberingSequence), ...authErrors },
        detail: detail('List numbering sequences'),
      },
    )
    .get(
      '/:sequence_id',
      async ({ ctx, params }) => {
        const row = await findSequence(ctx.db, ctx.accountId, params.sequence_id);
        if (!row) throw notFound('Numbering sequence');
        return { data: presentSequence(row, today(ctx.clock)) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(NumberingSequence), ...withNotFound },
        detail: detail('Get a numbering sequence'),
      },
    )
    .patch(
      '/:sequence_id',
      async ({ ctx, params, body }) => {
        const row = await updateSequenceSettings({ ctx, input: { id: params.sequence_id, changes: body } });
        return { data: presentSequence(row, today(ctx.clock)) };
      },
      {
        auth: true,
        params,
        body: UpdateSequenceBody,
        response: { 200: dataOf(NumberingSequence), ...withNotFound },
        detail: detail('Change a numbering sequence (prefix, pattern, reset, next number)'),
      },
    )
    .delete(
      '/:sequence_id',
      async ({ ctx, params }) => {
        if (!(await deleteSequence(ctx.db, ctx.accountId, params.sequence_id)))
          throw notFound('Numbering sequence');
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withNotFound },
        detail: detail('Delete a numbering sequence (documents keep their numbers)'),
      },
    );
}
