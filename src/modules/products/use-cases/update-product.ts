import { transactional } from '../../../db/transaction';
import { updateOne } from '../../../http/resource-kit';
import { productProblems, toColumns, type UpdateProductBody } from '../model';
import { articleNumberChecked, productRows, withArticleNumberCheck } from '../repo';

/** PATCH: omitted = unchanged, value = set, null = clear; `updated_at` moves only on a real change. */
export const updateProduct = transactional(
  updateOne({
    rows: productRows,
    noun: 'Product',
    columns: (patch: UpdateProductBody) => toColumns(patch),
    problems: async (ctx, patch, merged) =>
      await articleNumberChecked(
        ctx,
        productProblems(patch, merged),
        patch.article_number === undefined ? undefined : merged.articleNumber,
        merged.id,
      ),
    write: (patch, update) => withArticleNumberCheck(patch.article_number, update),
  }),
);
