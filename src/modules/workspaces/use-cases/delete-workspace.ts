import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { revokeKeysOfMembers } from '../../api-keys';
import { deleteWorkspace as deleteRow, findWorkspace, listMembers } from '../repo';

/** Deletes a workspace with its memberships (cascade) and revokes the keys of those members, together. */
function deleteWorkspaceNow({ ctx, input }: { ctx: AccountCtx; input: { workspaceId: string } }): void {
  if (!findWorkspace(ctx.db, ctx.accountId, input.workspaceId)) throw notFound('Workspace');
  const memberIds = listMembers(ctx.db, input.workspaceId).map((m) => m.id);
  revokeKeysOfMembers(ctx.db, ctx.accountId, memberIds, isoNow(ctx.clock));
  deleteRow(ctx.db, ctx.accountId, input.workspaceId);
}

export const deleteWorkspace = transactional(deleteWorkspaceNow);
