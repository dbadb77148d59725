import { transactional } from '../../../db/transaction';
import { updateOne } from '../../../http/resource-kit';
import { customerProblems, toColumns, type UpdateCustomerBody } from '../model';
import { customerRows, withDebtorNumberCheck } from '../repo';

/** PATCH: omitted = unchanged, value = set, null = clear; `updated_at` moves only on a real change. */
export const updateCustomer = transactional(
  updateOne({
    rows: customerRows,
    noun: 'Customer',
    columns: (patch: UpdateCustomerBody) => toColumns(patch),
    problems: (_ctx, patch) => customerProblems(patch),
    write: (patch, update) => withDebtorNumberCheck(patch.debtor_number, update),
  }),
);
