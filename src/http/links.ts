// Links between modules (docs/architecture.md, "Links between modules"): a module declares in its
// descriptor a field that another module's resources get (`cost_centre_id` on documents), kept in a table
// of its own (db/links.ts), so the module linked to is not edited for it. That module offers one extension
// point taking whatever links the app collected (src/module.ts, `AppLinks`): its bodies accept each field,
// its writes store it in their transaction, its answers carry it, its list filters by it, its OpenAPI
// document shows it. With no link, its schemas are the very objects it declares.
import { type TObject, Type as t } from '@sinclair/typebox';
import type { DbOrTx } from '../db/client';
import type { LinkRows } from '../db/links';
import { clearable, nullable } from '../domain/schema-parts';
import type { FieldError } from '../shared/errors';

export interface ModuleLink {
  /** The module whose resources get the field (its folder's name): `documents`. */
  to: string;
  /** The field in that module's bodies, answers and list query: `cost_centre_id`. */
  field: string;
  /** What the field holds, for the OpenAPI document. */
  description: string;
  /** The declaring module's link table (`linkRows`, in its repo.ts). */
  rows: LinkRows;
  /**
   * Why `id` cannot be linked now, or null when it can: an id the account does not have is `not_found`
   * (another account's included: never a hint that it exists). Asked only for a value that changes.
   */
  problem: (db: DbOrTx, accountId: string, id: string) => Promise<Omit<FieldError, 'loc'> | null>;
  /** The list takes `?<field>=<id>`: only the resources linked to it. */
  filter?: boolean;
  /**
   * Whether the link may change once the resource is issued (a finalized document); otherwise it is the
   * resource's data like any other, changed while the resource may be edited.
   */
  editableAfterIssue?: boolean;
}

/** A link, checked against the shape (a module's file reads as a declaration). */
export function defineLink(link: ModuleLink): ModuleLink {
  return link;
}

/** A body's value for one link: an id, or null to unlink. */
export interface LinkWrite {
  link: ModuleLink;
  value: string | null;
}

/** A body without the links' fields, and the links' values it names (an omitted field is no write). */
export function splitLinks<B extends object>(
  body: B,
  links: readonly ModuleLink[],
): { rest: B; writes: LinkWrite[] } {
  if (links.length === 0) return { rest: body, writes: [] };
  const rest = { ...body } as Record<string, unknown>;
  const writes: LinkWrite[] = [];
  for (const link of links) {
    const value = rest[link.field];
    delete rest[link.field];
    if (value !== undefined) writes.push({ link, value: value as string | null });
  }
  return { rest: rest as B, writes };
}

/**
 * `schema` with each link's field: in a body optional (null unlinks), in an answer always there (null when
 * unlinked), in a list query optional for the links that filter. No field to add: `schema` itself.
 */
export function withLinkFields(
  schema: TObject,
  links: readonly ModuleLink[],
  as: 'body' | 'answer' | 'query',
): TObject {
  const added = as === 'query' ? links.filter((link) => link.filter) : links;
  if (added.length === 0) return schema;
  const fields = Object.fromEntries(
    added.map((link) => {
      const id = t.String({ description: link.description });
      if (as === 'body') return [link.field, clearable(id)];
      if (as === 'answer') return [link.field, nullable(id)];
      return [link.field, t.Optional(t.String({ description: `Only those whose ${link.field} is this id` }))];
    }),
  );
  const { type: _type, properties, required: _required, ...options } = schema;
  return t.Object({ ...properties, ...fields }, options);
}

/**
 * The writes that change what `key` is linked to (all of them for a resource not stored yet: null), and
 * the problems of their new values at `body.<field>`, all at once.
 */
export async function linkChanges(
  db: DbOrTx,
  accountId: string,
  key: string | null,
  writes: readonly LinkWrite[],
): Promise<{ changes: LinkWrite[]; problems: FieldError[] }> {
  const changes: LinkWrite[] = [];
  const problems: FieldError[] = [];
  for (const write of writes) {
    const current =
      key === null ? null : ((await write.link.rows.valuesOf(db, accountId, [key])).get(key) ?? null);
    if (write.value === current) continue;
    changes.push(write);
    if (write.value === null) continue;
    const problem = await write.link.problem(db, accountId, write.value);
    if (problem) problems.push({ loc: `body.${write.link.field}`, ...problem });
  }
  return { changes, problems };
}

/** Stores each write's value for `key`, in the caller's transaction. */
export async function writeLinks(
  db: DbOrTx,
  accountId: string,
  key: string,
  writes: readonly LinkWrite[],
): Promise<void> {
  for (const { link, value } of writes) await link.rows.set(db, accountId, key, value);
}

/**
 * An item its create has just linked with `writes`: each link's value is what was written, null for the
 * others (a new resource has no link besides), so its answer needs no read.
 */
export function withWrittenLinkValues<T extends { id: string }>(
  links: readonly ModuleLink[],
  item: T,
  writes: readonly LinkWrite[],
): T {
  if (links.length === 0) return item;
  const linked: Record<string, string | null> = {};
  for (const link of links) linked[link.field] = writes.find((w) => w.link === link)?.value ?? null;
  return { ...item, ...linked };
}

/** `items` with each link's field (null when unlinked): one query per link for them all. */
export async function withLinkValues<T extends { id: string }>(
  db: DbOrTx,
  accountId: string,
  links: readonly ModuleLink[],
  items: T[],
): Promise<T[]> {
  if (links.length === 0 || items.length === 0) return items;
  const ids = items.map((item) => item.id);
  const values: Map<string, string>[] = [];
  for (const link of links) values.push(await link.rows.valuesOf(db, accountId, ids));
  return items.map((item) => {
    const linked: Record<string, string | null> = {};
    links.forEach((link, i) => {
      linked[link.field] = values[i]?.get(item.id) ?? null;
    });
    return { ...item, ...linked };
  });
}
