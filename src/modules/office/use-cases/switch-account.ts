import type { Principal } from '../../../http/auth';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { findAccountWithPlan } from '../../accounts';
import { findUser, memberInAccount, switchSessionAccount } from '../../users';
import type { ActingMember } from '../../workspaces';

export const sessionOnly = (what: string) =>
  new DomainError('forbidden', `Only a signed-in user ${what}: an API key acts in its own account only`);

/**
 * The session acts in another account from its next request on (docs/office.md): one the user reaches
 * (403 otherwise, as for the `Account` header), and not disabled.
 */
export async function switchAccount(
  ctx: SystemCtx,
  principal: Principal,
  accountId: string,
): Promise<ActingMember> {
  if (principal.session === null) throw sessionOnly('switches accounts');
  const user = await findUser(ctx.db, principal.session.userId);
  const member = user ? await memberInAccount(ctx.db, user, accountId) : undefined;
  if (!member) {
    throw new DomainError('forbidden', `You are not a member of account ${accountId}`, {
      account_id: accountId,
    });
  }
  const account = await findAccountWithPlan(ctx.db, accountId);
  if (!account || account.account.disabledAt !== null) {
    throw new DomainError('forbidden', 'Account is disabled', { account_id: accountId });
  }
  await switchSessionAccount(ctx.db, principal.session, accountId, isoNow(ctx.clock));
  return member;
}
