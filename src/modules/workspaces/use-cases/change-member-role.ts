import { transactional } from '../../../db/transaction';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { actingMemberOf } from '../access/acting';
import { requireRoleWithinReach } from '../access/escalation';
import { countOwners, findMember, findWorkspace, setMemberRole } from '../repo';
import type { Role } from '../roles';
import type { WorkspaceMemberRow } from '../schema';

/** A new role applies at once, to the member's API keys too (their role is read on every request). */
async function changeMemberRoleInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { workspaceId: string; memberId: string; role: Role };
}): Promise<WorkspaceMemberRow> {
  if (!(await findWorkspace(ctx.db, ctx.accountId, input.workspaceId))) throw notFound('Workspace');
  const member = await findMember(ctx.db, input.workspaceId, input.memberId);
  if (!member) throw notFound('Member');
  const acting = await actingMemberOf(ctx);
  requireRoleWithinReach(acting, member.role, 'change');
  requireRoleWithinReach(acting, input.role, 'make');
  if (
    member.role === 'owner' &&
    input.role !== 'owner' &&
    (await countOwners(ctx.db, input.workspaceId)) === 1
  ) {
    throw conflict('A workspace must keep at least one owner: promote another member first');
  }
  return (await setMemberRole(ctx.db, member.id, input.role)) ?? member;
}

export const changeMemberRole = transactional(changeMemberRoleInTransaction);
