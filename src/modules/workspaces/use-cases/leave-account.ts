import type { AccountCtx } from '../../../shared/context';
import { conflict } from '../../../shared/errors';
import { countOwners, deleteMember, membershipsOf } from '../repo';

/**
 * Someone leaves the account (docs/office.md): every membership of their email in its workspaces ends;
 * `beforeDelete` is given their ids first (the caller revokes the API keys that acted for them). The last
 * owner of a workspace stays (409): hand it over first. Runs in the caller's transaction; answers how many
 * memberships ended.
 */
export async function leaveAccountMemberships(
  ctx: AccountCtx,
  email: string,
  beforeDelete: (memberIds: string[]) => Promise<void>,
): Promise<number> {
  const memberships = await membershipsOf(ctx.db, ctx.accountId, email);
  for (const member of memberships) {
    if (member.role === 'owner' && (await countOwners(ctx.db, member.workspaceId)) === 1) {
      throw conflict('You are the last owner of this account: make someone else owner before you leave', {
        workspace_id: member.workspaceId,
      });
    }
  }
  await beforeDelete(memberships.map((m) => m.id));
  for (const member of memberships) await deleteMember(ctx.db, member.id);
  return memberships.length;
}
