import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withNotFound } from '../../http/schemas';
import { type FieldError, notFound, validationError } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import {
  CreateSequenceBody,
  NumberingGap,
  NumberingSequence,
  NumberRelease,
  presentGap,
  presentSequence,
  UpdateSequenceBody,
} from './model';
import { counterGivesBack, numbersOfYear } from './pattern';
import { deleteSequence, findSequence, listGaps, listSequences } from './repo';
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
    .get(
      '/:sequence_id/gaps',
      async ({ ctx, params, query }) => {
        const sequence = await findSequence(ctx.db, ctx.accountId, params.sequence_id);
        if (!sequence) throw notFound('Numbering sequence');
        const page = readPageRequest(query);
        const rows = await listGaps(ctx.db, ctx.accountId, sequence.id, page);
        return toPage(rows, page, (r) => r.id, presentGap);
      },
      {
        auth: true,
        params,
        query: t.Object(PageQuery),
        response: { 200: pageOf(NumberingGap), ...withNotFound },
        detail: detail(
          'List the gaps deleted drafts left in a sequence (numbers not given back), newest first',
        ),
      },
    )
    .get(
      '/:sequence_id/release',
      async ({ ctx, params, query }) => {
        const sequence = await findSequence(ctx.db, ctx.accountId, params.sequence_id);
        if (!sequence) throw notFound('Numbering sequence');
        const { number = '', issue_date: issueDate = '' } = query;
        const problems: FieldError[] = [];
        if (number === '') problems.push({ loc: 'query.number', msg: 'Field required', type: 'missing' });
        if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(issueDate))
          problems.push({
            loc: 'query.issue_date',
            msg: 'a date YYYY-MM-DD is required',
            type: 'invalid_value',
          });
        if (problems.length > 0) throw validationError(problems);
        const ofSequence = numbersOfYear(sequence.prefix, sequence.pattern, issueDate).counterOf(number);
        const back = ofSequence === null ? false : counterGivesBack(sequence, number, issueDate);
        return {
          data: {
            number,
            on_delete:
              back === null
                ? ('given_back_if_last_of_year' as const)
                : back
                  ? ('given_back' as const)
                  : ('gap' as const),
          },
        };
      },
      {
        auth: true,
        params,
        // Both needed; checked after the sequence is found (another account's sequence is a 404 first).
        query: t.Object({
          number: t.Optional(t.String({ maxLength: 200 })),
          issue_date: t.Optional(t.String({ maxLength: 10 })),
        }),
        response: { 200: dataOf(NumberRelease), ...withNotFound },
        detail: detail(
          'What deleting a draft with this number and issue date, numbered from this sequence, would do to the number now',
        ),
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
