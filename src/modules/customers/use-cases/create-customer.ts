import { createOne } from '../../../http/resource-kit';
import { newId } from '../../../shared/ids';
import { type CreateCustomerBody, customerProblems, toColumns } from '../model';
import { customerRows, withDebtorNumberCheck } from '../repo';

/** Not a transaction of its own: an import creates its customers inside the import's (imports/resources). */
export const createCustomer = createOne({
  rows: customerRows,
  fields: (input: CreateCustomerBody) => ({ id: newId('cus'), name: input.name.trim(), ...toColumns(input) }),
  problems: (_ctx, input) => customerProblems(input),
  write: (input, insert) => withDebtorNumberCheck(input.debtor_number, insert),
});
