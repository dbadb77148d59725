import { isDeepStrictEqual } from 'node:util';
import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { productProblems, toColumns, type UpdateProductBody } from '../model';
import { findProduct, updateProduct as updateRow } from '../repo';
import type { ProductRow } from '../schema';

/** PATCH: omitted = unchanged, value = set, null = clear; `updated_at` moves only on a real change. */
async function updateProductInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; patch: UpdateProductBody };
}): Promise<ProductRow> {
  const existing = await findProduct(ctx.db, ctx.accountId, input.id);
  if (!existing) throw notFound('Product');
  const columns = toColumns(input.patch);
  const problems = productProblems(input.patch, { ...existing, ...columns });
  if (problems.length > 0) throw validationError(problems);
  const changes = Object.fromEntries(
    Object.entries(columns).filter(
      ([column, value]) => !isDeepStrictEqual(existing[column as keyof ProductRow], value),
    ),
  );
  if (Object.keys(changes).length === 0) return existing;
  const row = await updateRow(ctx.db, ctx.accountId, input.id, { ...changes, updatedAt: isoNow(ctx.clock) });
  if (!row) throw notFound('Product');
  return row;
}

export const updateProduct = transactional(updateProductInTransaction);
