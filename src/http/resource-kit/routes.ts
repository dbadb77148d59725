// A plain resource's HTTP face: its five routes (with the envelopes, error answers and OpenAPI details
// they all have), the access rules of its three writes and its isolation fixture.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { Elysia, t } from 'elysia';
import type { AccountRows } from '../../db/scoped';
import type { AccountCtx } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { type AccessRules, access, type CreatorLookup } from '../access';
import type { Auth } from '../auth';
import { authErrors, dataOf, ErrorEnvelope, PageQuery, pageOf, withConflict, withNotFound } from '../schemas';
import type { ChangedSince } from './changed-since';

type Write = 'create' | 'update' | 'delete';

export interface PlainResource<
  Row extends { id: string },
  Create extends TObject,
  Update extends TObject,
  Item extends TSchema,
  Summary extends TSchema,
> {
  /** `/api/v1/products`. */
  prefix: string;
  /** The OpenAPI tag of its routes. */
  tag: string;
  /** What the 404 says was not found: `Product`. */
  noun: string;
  rows: Pick<AccountRows<Row, unknown>, 'find' | 'list'>;
  body: { create: Create; update: Update };
  /** The answer for one, and how a row becomes it. */
  item: { schema: Item; present: (row: Row) => Static<Item> };
  /** A list's items when they show fewer fields than `item` (by default, `item`). */
  summary?: { schema: Summary; present: (row: Row) => Static<Summary> };
  /** The description of `?q=`: which fields it searches. */
  search: string;
  /**
   * `?updated_since=` on the list (the rows changed at or after a time, by their `updated_at`), when the
   * resource has it: `changedSinceRows` of its table (changed-since.ts). `noun`s in its description.
   */
  changedSince?: { rows: ChangedSince<Row>; plural: string };
  /** Each route's OpenAPI summary. */
  summaries: Record<Write | 'list' | 'get', string>;
  /** The writes that can answer 409 (a number another row holds, a row documents still use). */
  conflicts?: readonly Write[];
  create: (args: { ctx: AccountCtx; input: Static<Create> }) => Promise<Row>;
  update: (args: { ctx: AccountCtx; input: { id: string; patch: Static<Update> } }) => Promise<Row>;
  remove: (args: { ctx: AccountCtx; input: { id: string } }) => Promise<void>;
}

const params = t.Object({ id: t.String() });

/** POST create, GET a page, GET one, PATCH, DELETE under `prefix`; chain a resource's other routes on it. */
export function resourceRoutes<
  Row extends { id: string },
  Create extends TObject,
  Update extends TObject,
  Item extends TSchema,
  Summary extends TSchema = Item,
>(auth: Auth, resource: PlainResource<Row, Create, Update, Item, Summary>) {
  const detail = (summary: string) => ({ summary, tags: [resource.tag] });
  const conflicts = resource.conflicts ?? [];
  const changedSince = resource.changedSince;
  const listed = resource.summary ?? (resource.item as unknown as NonNullable<typeof resource.summary>);
  // Widened: the answer's type is checked where the module hands in its presenter, not by Elysia here.
  const one = dataOf(resource.item.schema as TSchema);
  return new Elysia({ prefix: resource.prefix })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({
        data: resource.item.present(await resource.create({ ctx, input: body as Static<Create> })),
      }),
      {
        auth: true,
        body: resource.body.create,
        response: {
          200: one,
          ...(conflicts.includes('create') ? { ...authErrors, 409: ErrorEnvelope } : authErrors),
        },
        detail: detail(resource.summaries.create),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const since = (query as { updated_since?: string }).updated_since;
        const rows =
          since !== undefined && changedSince
            ? await changedSince.rows(ctx.db, ctx.accountId, new Date(since).toISOString(), page, query.q)
            : await resource.rows.list(ctx.db, ctx.accountId, page, query.q);
        return toPage(rows, page, (r) => r.id, listed.present);
      },
      {
        auth: true,
        query: t.Object({
          ...PageQuery,
          q: t.Optional(t.String({ maxLength: 200, description: resource.search })),
          ...(changedSince
            ? {
                updated_since: t.Optional(
                  t.String({
                    format: 'date-time',
                    description: `Only ${changedSince.plural} changed at or after this time (their updated_at)`,
                  }),
                ),
              }
            : {}),
        }),
        response: { 200: pageOf(listed.schema as TSchema), ...authErrors },
        detail: detail(resource.summaries.list),
      },
    )
    .get(
      '/:id',
      async ({ ctx, params }) => {
        const row = await resource.rows.find(ctx.db, ctx.accountId, params.id);
        if (!row) throw notFound(resource.noun);
        return { data: resource.item.present(row) };
      },
      {
        auth: true,
        params,
        response: { 200: one, ...withNotFound },
        detail: detail(resource.summaries.get),
      },
    )
    .patch(
      '/:id',
      async ({ ctx, params, body }) => {
        const row = await resource.update({ ctx, input: { id: params.id, patch: body as Static<Update> } });
        return { data: resource.item.present(row) };
      },
      {
        auth: true,
        params,
        body: resource.body.update,
        response: {
          200: one,
          ...(conflicts.includes('update') ? withConflict : withNotFound),
        },
        detail: detail(resource.summaries.update),
      },
    )
    .delete(
      '/:id',
      async ({ ctx, params }) => {
        await resource.remove({ ctx, input: { id: params.id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: {
          200: dataOf(t.Object({ deleted: t.Literal(true) })),
          ...(conflicts.includes('delete') ? withConflict : withNotFound),
        },
        detail: detail(resource.summaries.delete),
      },
    );
}

/**
 * The rules of its writes (http/access.ts): any role may create one; changing or deleting one is for its
 * creator, or a role with `resources:write_all`.
 */
export function resourceAccess(prefix: string, resource: string, creatorOf: CreatorLookup): AccessRules {
  return {
    [`POST ${prefix}`]: access.write,
    [`PATCH ${prefix}/:id`]: access.own(resource, 'id', creatorOf),
    [`DELETE ${prefix}/:id`]: access.own(resource, 'id', creatorOf),
  };
}

/**
 * Its isolation fixture (src/module.ts, test/http/isolation.test.ts): one made by the owner with `body`,
 * and a valid PATCH body, so another account's 404 is not a 422 in disguise.
 */
export function resourceIsolation(
  prefix: string,
  body: Record<string, unknown>,
  patch: Record<string, unknown>,
) {
  return {
    make: async (api: { call(method: string, path: string, body?: unknown): Promise<{ id: string }> }) => ({
      [`${prefix}/{id}`]: [(await api.call('POST', prefix, body)).id],
    }),
    bodies: { [`PATCH ${prefix}/{id}`]: patch },
  };
}
