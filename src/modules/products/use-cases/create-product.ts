import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { type CreateProductBody, productProblems, toColumns } from '../model';
import { insertProduct } from '../repo';
import type { ProductRow } from '../schema';

async function createProductInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateProductBody;
}): Promise<ProductRow> {
  const columns = toColumns(input);
  const problems = productProblems(input, columns);
  if (problems.length > 0) throw validationError(problems);
  const now = isoNow(ctx.clock);
  return await insertProduct(ctx.db, {
    id: newId('prd'),
    accountId: ctx.accountId,
    name: input.name.trim(),
    description: null,
    unitCode: null,
    unitPrice: null,
    taxRate: null,
    taxCategory: null,
    currency: null,
    ...columns,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
  });
}

/** One transaction, as every use-case that writes (a model for the next one: docs/architecture.md). */
export const createProduct = transactional(createProductInTransaction);
