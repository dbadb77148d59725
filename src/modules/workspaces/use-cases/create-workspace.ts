import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { newId } from '../../../shared/ids';
import { insertWorkspace } from '../repo';
import type { WorkspaceRow } from '../schema';

export async function createWorkspace({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { name: string };
}): Promise<WorkspaceRow> {
  const now = isoNow(ctx.clock);
  return await insertWorkspace(ctx.db, {
    id: newId('wsp'),
    accountId: ctx.accountId,
    name: input.name.trim(),
    createdAt: now,
    updatedAt: now,
  });
}
