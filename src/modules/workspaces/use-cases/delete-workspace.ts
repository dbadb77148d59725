import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { revokeKeysOfMembers } from '../../api-keys';
import { countOwnersOutside, deleteWorkspace as deleteRow, findWorkspace, listMembers } from '../repo';
import { endOfficeWork } from './end-office-work';

/**
 * Deletes a workspace with its memberships (cascade) and revokes the keys of those members, together; in an
 * office, their work for its clients ends with it (endOfficeWork).
 */
async function deleteWorkspaceInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { workspaceId: string };
}): Promise<void> {
  if (!(await findWorkspace(ctx.db, ctx.accountId, input.workspaceId))) throw notFound('Workspace');
  const members = await listMembers(ctx.db, input.workspaceId);
  // The account's last owners are in it: deleted, no one could run the account (or an office's clients)
  // again but the operator's CLI. As removing a workspace's last owner, refused: hand it over first.
  if (
    members.some((m) => m.role === 'owner') &&
    (await countOwnersOutside(ctx.db, ctx.accountId, input.workspaceId)) === 0
  ) {
    throw conflict(
      "This workspace holds the account's last owner: make someone in another workspace an owner before deleting it",
      { workspace_id: input.workspaceId },
    );
  }
  await revokeKeysOfMembers(
    ctx.db,
    ctx.accountId,
    members.map((m) => m.id),
    isoNow(ctx.clock),
  );
  await deleteRow(ctx.db, ctx.accountId, input.workspaceId);
  // An office's team: who is no longer in the office no longer works for its clients either.
  await endOfficeWork(
    ctx,
    ctx.accountId,
    members.map((m) => m.email),
  );
}

export const deleteWorkspace = transactional(deleteWorkspaceInTransaction);
