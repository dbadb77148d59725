import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { revokeKeysOfMembers } from '../../api-keys';
import { deleteWorkspace as deleteRow, findWorkspace, listMembers } from '../repo';

/** Deletes a workspace with its memberships (cascade) and revokes the keys of those members, together. */
async function deleteWorkspaceInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { workspaceId: string };
}): Promise<void> {
  if (!(await findWorkspace(ctx.db, ctx.accountId, input.workspaceId))) throw notFound('Workspace');
  const memberIds = (await listMembers(ctx.db, input.workspaceId)).map((m) => m.id);
  await revokeKeysOfMembers(ctx.db, ctx.accountId, memberIds, isoNow(ctx.clock));
  await deleteRow(ctx.db, ctx.accountId, input.workspaceId);
}

export const deleteWorkspace = transactional(deleteWorkspaceInTransaction);
