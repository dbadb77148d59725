// Who is calling: an API key, or a signed-in user's session cookie; its account (enabled, with its plan's
// limits) and the workspace member it acts for, with their current role; then what that role allows on
// the route. The HTTP layer (http/auth.ts) asks through the `Credentials` interface, so it imports no module.
import type { Credentials, Principal } from '../../http/auth';
import type { SystemCtx } from '../../shared/context';
import { DomainError } from '../../shared/errors';
import { type AccountWithPlan, findAccountWithPlan, findKeyWithAccount } from '../accounts';
import { authenticateApiKey } from '../api-keys';
import { memberInAccount, reachableAccounts, sessionOf } from '../users';
import { type ActingMember, enforceRouteAccess, memberForKey } from '../workspaces';

const invalid = () => new DomainError('unauthorized', 'Invalid credentials');

/** The account's part of a principal: 401 when it is gone, 403 when it is disabled. */
function principalOf(account: AccountWithPlan | undefined) {
  if (!account) throw invalid();
  if (account.account.disabledAt !== null) throw new DomainError('forbidden', 'Account is disabled');
  return {
    accountId: account.account.id,
    office: account.account.office,
    planId: account.account.planId,
    requestsPerSecond: account.requestsPerSecond,
    monthlyRenderQuota: account.monthlyRenderQuota,
  };
}

const notReached = (accountId: string) =>
  new DomainError('forbidden', `You are not a member of account ${accountId}`, { account_id: accountId });

async function identify(ctx: SystemCtx, presented: string, requested: string | null): Promise<Principal> {
  // The key, its account and the plan's limits in one statement: every request with a key pays it.
  const found = await authenticateApiKey(presented, (lookup) => findKeyWithAccount(ctx.db, lookup));
  if (!found) throw invalid();
  const { key } = found;
  if (requested !== null && requested !== key.accountId) {
    throw new DomainError(
      'forbidden',
      `An API key acts in its own account only, not in ${requested}: sign in, or use a key of that account`,
      { account_id: requested },
    );
  }
  const account = principalOf(found);
  let member: ActingMember | null = null;
  if (key.workspaceMemberId !== null) {
    // Its member was removed: the key must not fall back to account level (it was revoked with them).
    member = (await memberForKey(ctx.db, key.accountId, key.workspaceMemberId)) ?? null;
    if (member === null) throw invalid();
  }
  return { ...account, keyId: key.id, session: null, member };
}

/**
 * A session acts in one account at a time (docs/office.md): the one the request's `Account` header names,
 * else the one it switched to, else the user's first; there as their membership with the highest role
 * (docs/sign-in.md), read on every request. A header naming an account the user does not reach is a 403;
 * a switched-to account the user left falls back to their first. A user who reaches no account any more is
 * signed out in effect (never account level).
 */
async function identifySession(ctx: SystemCtx, token: string, requested: string | null): Promise<Principal> {
  const found = await sessionOf(ctx, token);
  if (!found) throw invalid();
  const { user, session } = found;
  const chosen = requested ?? session.accountId;
  const acting = chosen === null ? undefined : await memberInAccount(ctx.db, user, chosen);
  if (!acting && requested !== null) throw notReached(requested);
  if (acting && chosen !== null) {
    const account = await findAccountWithPlan(ctx.db, chosen);
    // A disabled account named by the header is its 403; switched to before it was disabled, the session
    // goes on in the user's first enabled account, where they can switch on.
    if (requested !== null || (account && account.account.disabledAt === null)) {
      return sessionPrincipal(principalOf(account), found, acting);
    }
  }
  const reached = await reachableAccounts(ctx.db, user);
  let first: { account: AccountWithPlan | undefined; member: ActingMember } | undefined;
  for (const reach of reached) {
    const account = await findAccountWithPlan(ctx.db, reach.accountId);
    if (account && account.account.disabledAt === null) {
      return sessionPrincipal(principalOf(account), found, reach.member);
    }
    first ??= { account, member: reach.member };
  }
  if (!first) throw invalid();
  // Every account they reach is disabled: the first one's 403 says so.
  return sessionPrincipal(principalOf(first.account), found, first.member);
}

function sessionPrincipal(
  account: ReturnType<typeof principalOf>,
  found: NonNullable<Awaited<ReturnType<typeof sessionOf>>>,
  acting: ActingMember,
): Principal {
  const { user, session } = found;
  const member = { ...acting, viaSession: true };
  return {
    ...account,
    keyId: null,
    session: { id: session.id, userId: user.id, email: user.email, name: user.name },
    member,
  };
}

/** API keys and users' sessions as the service's credentials, with the workspace route policy (docs/roles.md). */
export const apiKeyCredentials: Credentials = {
  identify,
  identifySession,
  enforce: async (db, principal, request) => await enforceRouteAccess(db, principal, request),
};
