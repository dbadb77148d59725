import { transactional } from '../../../db/transaction';
import { updateOne } from '../../../http/resource-kit';
import { costCentreProblems, toColumns, type UpdateCostCentreBody } from '../model';
import { costCentreRows, withCodeCheck } from '../repo';

/**
 * PATCH: omitted = unchanged, a value sets; `updated_at` moves only on a real change. A new code holds for
 * the documents linked to it too: they name the cost centre, not its code.
 */
export const updateCostCentre = transactional(
  updateOne({
    rows: costCentreRows,
    noun: 'Cost centre',
    columns: (patch: UpdateCostCentreBody) => toColumns(patch),
    problems: (_ctx, patch) => costCentreProblems(patch),
    write: (patch, update) => withCodeCheck(patch.code, update),
  }),
);
