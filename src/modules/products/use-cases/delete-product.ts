import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { deleteProduct as deleteRow } from '../repo';

export function deleteProduct({ ctx, input }: { ctx: AccountCtx; input: { id: string } }): void {
  if (!deleteRow(ctx.db, ctx.accountId, input.id)) throw notFound('Product');
}
