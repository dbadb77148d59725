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
export function moveDefault(ctx: AccountCtx, row: BrandingProfileRow, now: string): BrandingProfileRow {
  if (row.isDefault) return row;
  clearDefault(ctx.db, ctx.accountId, row.id, now);
  return updateProfile(ctx.db, ctx.accountId, row.id, { isDefault: true, updatedAt: now }) ?? row;
}

/** `POST /branding-profiles/{id}/default`: answers the profile, now the default (a no-op if it was). */
export function setDefaultBrandingProfile({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): BrandingProfileRow {
  return inTransaction(ctx, (tx) => {
    const row = findProfile(tx.db, tx.accountId, input.id);
    if (!row) throw notFound('Branding profile');
    return moveDefault(tx, row, isoNow(tx.clock));
  });
}
