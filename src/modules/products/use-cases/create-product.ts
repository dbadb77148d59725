import { transactional } from '../../../db/transaction';
import { createOne } from '../../../http/resource-kit';
import { newId } from '../../../shared/ids';
import { type CreateProductBody, productProblems, toColumns } from '../model';
import { productRows } from '../repo';

/** One transaction, as every use-case that writes (a model for the next one: docs/architecture.md). */
export const createProduct = transactional(
  createOne({
    rows: productRows,
    fields: (input: CreateProductBody) => ({
      id: newId('prd'),
      name: input.name.trim(),
      ...toColumns(input),
    }),
    problems: (_ctx, input, fields) => productProblems(input, fields),
  }),
);
