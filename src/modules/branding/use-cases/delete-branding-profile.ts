import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { actingMemberOf, requireDefaultRight } from '../../workspaces';
import { deleteProfile, findOldestProfile, findProfile } from '../repo';
import { moveDefault } from './move-default';

/**
 * Deleting the default promotes the oldest remaining profile in the same transaction (SPEC 3), so no
 * reader ever sees an account with profiles but no default. The logo file, if any, stays.
 */
export async function deleteBrandingProfile({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if ((await findProfile(tx.db, tx.accountId, input.id))?.isDefault) {
      requireDefaultRight(await actingMemberOf(tx), 'deleting the default profile');
    }
    const deleted = await deleteProfile(tx.db, tx.accountId, input.id);
    if (!deleted) throw notFound('Branding profile');
    if (!deleted.isDefault) return;
    const oldest = await findOldestProfile(tx.db, tx.accountId);
    if (oldest) await moveDefault(tx, oldest, isoNow(tx.clock));
  });
}
