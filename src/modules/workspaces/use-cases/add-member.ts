import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { actingMemberOf } from '../access/acting';
import { requireRoleWithinReach } from '../access/escalation';
import {
  findMember,
  findMemberByEmail,
  findWorkspace,
  insertMember,
  listMembers,
  membershipsOf,
} from '../repo';
import type { Role } from '../roles';
import type { WorkspaceMemberRow } from '../schema';

/**
 * Adds a person by email (compared as one mailbox: whatever the case, the domain in its own letters or in
 * IDNA's ASCII form); answers the whole member list, as SPEC 4 says. Someone an office's person brings into
 * the office's client (a colleague of that office) joins as the office's work too: their membership ends
 * with their place in the office (docs/office.md).
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
  const acting = await actingMemberOf(ctx);
  requireRoleWithinReach(acting, role, 'add');
  const email = input.email.trim().toLowerCase();
  if (await findMemberByEmail(ctx.db, input.workspaceId, email)) {
    throw conflict(`${email} is already a member of this workspace`);
  }
  await insertMember(ctx.db, {
    id: newId('wsm'),
    workspaceId: input.workspaceId,
    email,
    role,
    viaOfficeId: await officeBringing(ctx, acting, email),
    createdAt: isoNow(ctx.clock),
  });
  return await listMembers(ctx.db, input.workspaceId);
}

/** The office whose work brings `email` in: the adder's own office membership's, when `email` is in it too. */
async function officeBringing(
  ctx: AccountCtx,
  acting: Awaited<ReturnType<typeof actingMemberOf>>,
  email: string,
): Promise<string | null> {
  if (acting === null) return null;
  const office = (await findMember(ctx.db, acting.workspaceId, acting.id))?.viaOfficeId ?? null;
  if (office === null || office === ctx.accountId) return null;
  return (await membershipsOf(ctx.db, office, email)).length > 0 ? office : null;
}

export const addMember = transactional(addMemberInTransaction);
