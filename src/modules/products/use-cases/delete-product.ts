import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { deleteProduct as deleteRow } from '../repo';

export async function deleteProduct({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  if (!(await deleteRow(ctx.db, ctx.accountId, input.id))) throw notFound('Product');
}
