import { transactional } from '../../../db/transaction';
import { createOne } from '../../../http/resource-kit';
import { newId } from '../../../shared/ids';
import { type CreateProductBody, productProblems, toColumns } from '../model';
import { articleNumberChecked, productRows, withArticleNumberCheck } from '../repo';

/** One transaction, as every use-case that writes (a model for the next one: docs/architecture.md). */
export const createProduct = transactional(
  createOne({
    rows: productRows,
    fields: (input: CreateProductBody) => ({
      id: newId('prd'),
      name: input.name.trim(),
      ...toColumns(input),
    }),
    // The 422 first; an article number another article holds is then a 409 naming it.
    problems: async (ctx, input, fields) =>
      await articleNumberChecked(ctx, productProblems(input, fields), fields.articleNumber, null),
    write: (input, insert) => withArticleNumberCheck(input.article_number, insert),
  }),
);
