import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { actingMemberOf } from '../access/acting';
import { requireRoleWithinReach } from '../access/escalation';
import { findMemberByEmail, findWorkspace, insertMember, listMembers } from '../repo';
import type { Role } from '../roles';
import type { WorkspaceMemberRow } from '../schema';

/**
 * Adds a person by email (compared as one mailbox: whatever the case, the domain in its own letters or in
 * IDNA's ASCII form); answers the whole member list, as SPEC 4 says.
 */
async function addMemberInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { workspaceId: string; email: string; role?: Role };
}): Promise<WorkspaceMemberRow[]> {
  if (!(await findWorkspace(ctx.db, ctx.accountId, input.workspaceId))) throw notFound('Workspace');
  const role = input.role ?? 'member';
  requireRoleWithinReach(await actingMemberOf(ctx), role, 'add');
  const email = input.email.trim().toLowerCase();
  if (await findMemberByEmail(ctx.db, input.workspaceId, email)) {
    throw conflict(`${email} is already a member of this workspace`);
  }
  await insertMember(ctx.db, {
    id: newId('wsm'),
    workspaceId: input.workspaceId,
    email,
    role,
    createdAt: isoNow(ctx.clock),
  });
  return await listMembers(ctx.db, input.workspaceId);
}

export const addMember = transactional(addMemberInTransaction);
