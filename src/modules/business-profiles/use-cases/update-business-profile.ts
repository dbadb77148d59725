import { isDeepStrictEqual } from 'node:util';
import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { logoFileProblems } from '../../files';
import { businessProfileProblems, toColumns, type UpdateBusinessProfileBody } from '../model';
import { findBusinessProfile, updateBusinessProfile as updateRow } from '../repo';
import type { BusinessProfileRow } from '../schema';

/** PATCH: omitted = unchanged, value = set, null = clear; `updated_at` moves only on a real change. */
async function updateBusinessProfileInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; patch: UpdateBusinessProfileBody };
}): Promise<BusinessProfileRow> {
  const existing = await findBusinessProfile(ctx.db, ctx.accountId, input.id);
  if (!existing) throw notFound('Business profile');
  const problems = [
    ...businessProfileProblems(input.patch),
    ...(await logoFileProblems(ctx, input.patch.logo_file_id)),
  ];
  if (problems.length > 0) throw validationError(problems);
  const changes = Object.fromEntries(
    Object.entries(toColumns(input.patch)).filter(
      ([column, value]) => !isDeepStrictEqual(existing[column as keyof BusinessProfileRow], value),
    ),
  );
  if (Object.keys(changes).length === 0) return existing;
  const row = await updateRow(ctx.db, ctx.accountId, input.id, { ...changes, updatedAt: isoNow(ctx.clock) });
  if (!row) throw notFound('Business profile');
  return row;
}

export const updateBusinessProfile = transactional(updateBusinessProfileInTransaction);
