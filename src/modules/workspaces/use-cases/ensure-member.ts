import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findMemberByEmail, findWorkspace, firstWorkspace, insertMember } from '../repo';
import type { Role } from '../roles';
import type { WorkspaceMemberRow } from '../schema';
import { changeMemberRole } from './change-member-role';
import { createWorkspace } from './create-workspace';

/**
 * Makes `email` a member of a workspace with `role`, for the admin CLI and the first owner's set-up (no
 * escalation check: the operator, or the person holding the first start's link, acts for the account).
 * `workspaceId` null = the account's oldest workspace, made (named `workspaceName`) when it has none. An
 * existing member gets the role (the last owner is still never demoted). `viaOfficeId`: the office whose
 * work for this client makes a new membership (docs/office.md), which ends with the person's place in that
 * office. Runs in the caller's transaction.
 */
export async function ensureMember({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: {
    workspaceId: string | null;
    email: string;
    role: Role;
    workspaceName: string;
    viaOfficeId?: string;
  };
}): Promise<WorkspaceMemberRow> {
  const workspace =
    input.workspaceId === null
      ? ((await firstWorkspace(ctx.db, ctx.accountId)) ??
        (await createWorkspace({ ctx, input: { name: input.workspaceName } })))
      : await findWorkspace(ctx.db, ctx.accountId, input.workspaceId);
  if (!workspace) throw notFound('Workspace');
  const existing = await findMemberByEmail(ctx.db, workspace.id, input.email);
  if (existing) {
    if (existing.role === input.role) return existing;
    return await changeMemberRole({
      ctx,
      input: { workspaceId: workspace.id, memberId: existing.id, role: input.role },
    });
  }
  return await insertMember(ctx.db, {
    id: newId('wsm'),
    workspaceId: workspace.id,
    email: input.email,
    role: input.role,
    viaOfficeId: input.viaOfficeId ?? null,
    createdAt: isoNow(ctx.clock),
  });
}
