import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { countOwners, deleteMember, findMember, findWorkspace } from '../repo';

export function removeMember({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { workspaceId: string; memberId: string };
}) {
  if (!findWorkspace(ctx.db, ctx.accountId, input.workspaceId)) throw notFound('Workspace');
  const member = findMember(ctx.db, input.workspaceId, input.memberId);
  if (!member) throw notFound('Member');
  if (member.role === 'owner' && countOwners(ctx.db, input.workspaceId) === 1) {
    throw conflict('A workspace must keep at least one owner: promote another member first');
  }
  deleteMember(ctx.db, member.id);
}
