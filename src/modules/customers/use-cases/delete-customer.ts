import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { deleteCustomer as deleteRow } from '../repo';

/** A customer documents point at stays: the documents keep their link to the buyer they were issued to. */
export async function deleteCustomer({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<void> {
  const outcome = await deleteRow(ctx.db, ctx.accountId, input.id);
  if (outcome === 'not_found') throw notFound('Customer');
  if (outcome === 'in_use') {
    throw conflict('Customer is used by documents; it cannot be deleted while they exist');
  }
}
