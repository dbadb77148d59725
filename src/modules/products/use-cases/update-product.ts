import { transactional } from '../../../db/transaction';
import { updateOne } from '../../../http/resource-kit';
import { productProblems, toColumns, type UpdateProductBody } from '../model';
import { productRows } from '../repo';

/** PATCH: omitted = unchanged, value = set, null = clear; `updated_at` moves only on a real change. */
export const updateProduct = transactional(
  updateOne({
    rows: productRows,
    noun: 'Product',
    columns: (patch: UpdateProductBody) => toColumns(patch),
    problems: (_ctx, patch, merged) => productProblems(patch, merged),
  }),
);
