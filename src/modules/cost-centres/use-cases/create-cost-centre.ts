import { transactional } from '../../../db/transaction';
import { createOne } from '../../../http/resource-kit';
import { newId } from '../../../shared/ids';
import { type CreateCostCentreBody, costCentreProblems, toColumns } from '../model';
import { costCentreRows, withCodeCheck } from '../repo';

export const createCostCentre = transactional(
  createOne({
    rows: costCentreRows,
    fields: (input: CreateCostCentreBody) => ({
      id: newId('cc'),
      code: input.code,
      name: input.name.trim(),
      ...toColumns(input),
    }),
    problems: (_ctx, input) => costCentreProblems(input),
    write: (input, insert) => withCodeCheck(input.code, insert),
  }),
);
