import { inTransaction } from '../../../db/transaction';
import type { Principal } from '../../../http/auth';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { revokeKeysOfMembers } from '../../api-keys';
import { findUser, hasJoined, leaveAccountRow } from '../../users';
import { endOfficeWork, leaveAccountMemberships } from '../../workspaces';
import { sessionOnly } from './switch-account';

const gone = (accountId: string) =>
  new DomainError('not_found', 'Account not found', { account_id: accountId });

/**
 * The signed-in user leaves an account (an office leaving a client): their memberships there end with
 * their keys, and no session of theirs reaches it from the next request on. The last owner stays (409).
 */
export async function leaveAccount(
  ctx: SystemCtx,
  principal: Principal,
  accountId: string,
): Promise<{ account_id: string; left: true; memberships_ended: number }> {
  // A key reaches its own account only: any other is unknown to it.
  if (principal.session === null && accountId !== principal.accountId) throw gone(accountId);
  if (principal.session === null) throw sessionOnly('leaves an account');
  const userId = principal.session.userId;
  return await inTransaction(ctx, async (tx) => {
    const user = await findUser(tx.db, userId);
    if (!user || !(await hasJoined(tx.db, user.id, accountId))) {
      throw gone(accountId);
    }
    const ended = await leaveAccountMemberships(
      { ...tx, accountId, actor: { kind: 'cli' } },
      user.email,
      async (ids) => {
        await revokeKeysOfMembers(tx.db, accountId, ids, isoNow(tx.clock));
      },
    );
    await leaveAccountRow(tx.db, user.id, accountId);
    // Leaving an office ends the work for its clients too (docs/office.md); they are counted with the rest.
    const clients = await endOfficeWork(tx, accountId, [user.email]);
    return { account_id: accountId, left: true as const, memberships_ended: ended + clients };
  });
}
