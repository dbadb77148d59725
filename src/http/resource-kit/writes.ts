// The bodies of a plain resource's write use-cases: the module names its rules (its problems, its 409s)
// and its new rows' ids, the kit does what every such write does. A module wraps one in `transactional`
// where it is a use-case of its own (db/transaction.ts), as it would its own body.
import { isDeepStrictEqual } from 'node:util';
import { isForeignKeyViolation } from '../../db/errors';
import type { AccountRows } from '../../db/scoped';
import { isoNow } from '../../shared/clock';
import { type AccountCtx, creatorOf } from '../../shared/context';
import { conflict, type FieldError, notFound, validationError } from '../../shared/errors';

/** The module's rules: every problem the schema cannot express, found all at once (one 422). */
type Problems<Input, Fields> = (
  ctx: AccountCtx,
  input: Input,
  fields: Fields,
) => FieldError[] | Promise<FieldError[]>;

/** The columns the kit fills on every new row. */
type Owned = 'accountId' | 'createdBy' | 'createdAt' | 'updatedAt';

/**
 * A create use-case: the module's problems (judged on the new row's fields), then the row, owned by the
 * account and the acting member. `write` wraps the insert (a unique number taken: a 409).
 */
export function createOne<Input, Row, New>(spec: {
  rows: Pick<AccountRows<Row, New>, 'insert'>;
  /** The new row's own fields: its id (`newId('prd')`, named in the module) and its columns. */
  fields: (input: Input) => Omit<New, Owned>;
  problems: Problems<Input, Omit<New, Owned>>;
  write?: (input: Input, insert: () => Promise<Row>) => Promise<Row>;
}): (args: { ctx: AccountCtx; input: Input }) => Promise<Row> {
  return async ({ ctx, input }) => {
    const fields = spec.fields(input);
    const problems = await spec.problems(ctx, input, fields);
    if (problems.length > 0) throw validationError(problems);
    const now = isoNow(ctx.clock);
    const owned = { accountId: ctx.accountId, createdBy: creatorOf(ctx), createdAt: now, updatedAt: now };
    const insert = async () => await spec.rows.insert(ctx.db, { ...fields, ...owned } as New);
    return await (spec.write ? spec.write(input, insert) : insert());
  };
}

/**
 * A PATCH use-case: omitted = unchanged, value = set, null = clear. The problems are judged on the row as
 * it would be stored, so a patch cannot leave it inconsistent; `updated_at` moves only on a real change.
 */
export function updateOne<Patch, Row extends { updatedAt: string }>(spec: {
  rows: Pick<AccountRows<Row, unknown>, 'find' | 'update'>;
  noun: string;
  /** API fields -> columns, omitted fields left out. */
  columns: (patch: Patch) => Partial<Row>;
  problems: Problems<Patch, Row>;
  write?: (patch: Patch, update: () => Promise<Row | undefined>) => Promise<Row | undefined>;
}): (args: { ctx: AccountCtx; input: { id: string; patch: Patch } }) => Promise<Row> {
  return async ({ ctx, input }) => {
    const existing = await spec.rows.find(ctx.db, ctx.accountId, input.id);
    if (!existing) throw notFound(spec.noun);
    const columns = spec.columns(input.patch);
    const problems = await spec.problems(ctx, input.patch, { ...existing, ...columns });
    if (problems.length > 0) throw validationError(problems);
    const changes = Object.fromEntries(
      Object.entries(columns).filter(
        ([column, value]) => !isDeepStrictEqual(existing[column as keyof Row], value),
      ),
    ) as Partial<Row>;
    if (Object.keys(changes).length === 0) return existing;
    const stamped = { ...changes, updatedAt: isoNow(ctx.clock) };
    const update = async () => await spec.rows.update(ctx.db, ctx.accountId, input.id, stamped);
    const row = await (spec.write ? spec.write(input.patch, update) : update());
    if (!row) throw notFound(spec.noun);
    return row;
  };
}

/** A delete use-case; `inUse` is the 409 when other rows still point at it (the database refuses). */
export function deleteOne(spec: {
  rows: Pick<AccountRows<unknown, unknown>, 'remove'>;
  noun: string;
  inUse?: string;
}): (args: { ctx: AccountCtx; input: { id: string } }) => Promise<void> {
  return async ({ ctx, input }) => {
    let removed: boolean;
    try {
      removed = await spec.rows.remove(ctx.db, ctx.accountId, input.id);
    } catch (error) {
      if (spec.inUse !== undefined && isForeignKeyViolation(error)) throw conflict(spec.inUse);
      throw error;
    }
    if (!removed) throw notFound(spec.noun);
  };
}
