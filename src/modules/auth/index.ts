// Who is calling: an API key, or a signed-in user's session cookie; its account (enabled, with its plan's
// limits) and the workspace member it acts for, with their current role; then what that role allows on
// the route. The HTTP layer (http/auth.ts) asks through the `Credentials` interface, so it imports no module.
import type { Credentials, Principal } from '../../http/auth';
import type { SystemCtx } from '../../shared/context';
import { DomainError } from '../../shared/errors';
import { findAccountWithPlan } from '../accounts';
import { authenticateApiKey } from '../api-keys';
import { sessionOf } from '../users';
import { type ActingMember, enforceRouteAccess, memberForKey, memberForUser } from '../workspaces';

const invalid = () => new DomainError('unauthorized', 'Invalid credentials');

async function accountPrincipal(ctx: SystemCtx, accountId: string) {
  const account = await findAccountWithPlan(ctx.db, accountId);
  if (!account) throw invalid();
  if (account.account.disabledAt !== null) throw new DomainError('forbidden', 'Account is disabled');
  return {
    accountId: account.account.id,
    planId: account.account.planId,
    requestsPerSecond: account.requestsPerSecond,
    monthlyRenderQuota: account.monthlyRenderQuota,
  };
}

async function identify(ctx: SystemCtx, presented: string): Promise<Principal> {
  const key = await authenticateApiKey({ ctx, input: { presented } });
  if (!key) throw invalid();
  const account = await accountPrincipal(ctx, key.accountId);
  let member: ActingMember | null = null;
  if (key.workspaceMemberId !== null) {
    // Its member was removed: the key must not fall back to account level (it was revoked with them).
    member = (await memberForKey(ctx.db, key.accountId, key.workspaceMemberId)) ?? null;
    if (member === null) throw invalid();
  }
  return { ...account, keyId: key.id, session: null, member };
}

/**
 * A session acts as its user's membership with the highest role (docs/sign-in.md), read on every request;
 * a user with no membership left is signed out in effect (never account level).
 */
async function identifySession(ctx: SystemCtx, token: string): Promise<Principal> {
  const found = await sessionOf(ctx, token);
  if (!found) throw invalid();
  const account = await accountPrincipal(ctx, found.user.accountId);
  const acting = await memberForUser(ctx.db, found.user.accountId, found.user.email);
  if (!acting) throw invalid();
  const member = { ...acting, viaSession: true };
  const { user, session } = found;
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
