import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { revokeKeysOfMembers } from '../../api-keys';
import { actingMemberOf } from '../access/acting';
import { requireRoleWithinReach } from '../access/escalation';
import { countOwners, deleteMember, findMember, findWorkspace } from '../repo';
import { endOfficeWork } from './end-office-work';

/**
 * Removes a member and, in the same transaction, revokes every API key that acted for them; someone no longer
 * in an office no longer works for its clients either (endOfficeWork).
 */
async function removeMemberInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { workspaceId: string; memberId: string };
}) {
  if (!(await findWorkspace(ctx.db, ctx.accountId, input.workspaceId))) throw notFound('Workspace');
  const member = await findMember(ctx.db, input.workspaceId, input.memberId);
  if (!member) throw notFound('Member');
  requireRoleWithinReach(await actingMemberOf(ctx), member.role, 'remove');
  if (member.role === 'owner' && (await countOwners(ctx.db, input.workspaceId)) === 1) {
    throw conflict('A workspace must keep at least one owner: promote another member first');
  }
  await revokeKeysOfMembers(ctx.db, ctx.accountId, [member.id], isoNow(ctx.clock));
  await deleteMember(ctx.db, member.id);
  // Removed from an office: their work for its clients ends too (docs/office.md).
  await endOfficeWork(ctx, ctx.accountId, [member.email]);
}

export const removeMember = transactional(removeMemberInTransaction);
