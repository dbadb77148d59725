// Who is calling: an API key, its account (enabled, with its plan's limits) and, for a member's key, the
// workspace member with their current role; then what that role allows on the route. The HTTP layer
// (http/auth.ts) asks through the `Credentials` interface, so it imports no module.
import type { Credentials, Principal } from '../../http/auth';
import type { SystemCtx } from '../../shared/context';
import { DomainError } from '../../shared/errors';
import { findAccountWithPlan } from '../accounts';
import { authenticateApiKey } from '../api-keys';
import { type ActingMember, enforceRouteAccess, memberForKey } from '../workspaces';

function identify(ctx: SystemCtx, presented: string): Principal {
  const key = authenticateApiKey({ ctx, input: { presented } });
  if (!key) throw new DomainError('unauthorized', 'Invalid credentials');
  const account = findAccountWithPlan(ctx.db, key.accountId);
  if (!account) throw new DomainError('unauthorized', 'Invalid credentials');
  if (account.account.disabledAt !== null) throw new DomainError('forbidden', 'Account is disabled');
  let member: ActingMember | null = null;
  if (key.workspaceMemberId !== null) {
    // Its member was removed: the key must not fall back to account level (it was revoked with them).
    member = memberForKey(ctx.db, key.accountId, key.workspaceMemberId) ?? null;
    if (member === null) throw new DomainError('unauthorized', 'Invalid credentials');
  }
  return {
    accountId: account.account.id,
    keyId: key.id,
    planId: account.account.planId,
    requestsPerSecond: account.requestsPerSecond,
    monthlyRenderQuota: account.monthlyRenderQuota,
    member,
  };
}

/** API keys as the service's credentials, with the workspace route policy (docs/roles.md). */
export const apiKeyCredentials: Credentials = {
  identify,
  enforce: (db, principal, request) => enforceRouteAccess(db, principal, request),
};
