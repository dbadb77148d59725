import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { clearDefault, findProfile, updateProfile } from '../repo';
import type { BrandingProfileRow } from '../schema';

/**
 * Makes `row` the account's only default. Callers hold an IMMEDIATE transaction: the old default is
 * cleared before the new one is set, and the partial unique index refuses any second default anyway.
 */
export async function moveDefault(
  ctx: AccountCtx,
  row: BrandingProfileRow,
  now: string,
): Promise<BrandingProfileRow> {
  if (row.isDefault) return row;
  await clearDefault(ctx.db, ctx.accountId, row.id, now);
  return (await updateProfile(ctx.db, ctx.accountId, row.id, { isDefault: true, updatedAt: now })) ?? row;
}

/** `POST /branding-profiles/{id}/default`: answers the profile, now the default (a no-op if it was). */
export async function setDefaultBrandingProfile({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<BrandingProfileRow> {
  return await inTransaction(ctx, async (tx) => {
    const row = await findProfile(tx.db, tx.accountId, input.id);
    if (!row) throw notFound('Branding profile');
    return await moveDefault(tx, row, isoNow(tx.clock));
  });
}
