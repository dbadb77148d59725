import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { deleteBusinessProfile as deleteRow } from '../repo';

/** A profile documents point at stays: the documents keep their link to the seller they were issued by. */
export async function deleteBusinessProfile({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  const outcome = await deleteRow(ctx.db, ctx.accountId, input.id);
  if (outcome === 'not_found') throw notFound('Business profile');
  if (outcome === 'in_use') {
    throw conflict('Business profile is used by documents; it cannot be deleted while they exist');
  }
}
