import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { type CreateCustomerBody, customerProblems, toColumns } from '../model';
import { insertCustomer, withDebtorNumberCheck } from '../repo';
import type { CustomerRow } from '../schema';

export async function createCustomer({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateCustomerBody;
}): Promise<CustomerRow> {
  const problems = customerProblems(input);
  if (problems.length > 0) throw validationError(problems);
  const now = isoNow(ctx.clock);
  return await withDebtorNumberCheck(
    input.debtor_number,
    async () =>
      await insertCustomer(ctx.db, {
        id: newId('cus'),
        accountId: ctx.accountId,
        name: input.name.trim(),
        email: null,
        phone: null,
        taxId: null,
        billingAddress: null,
        shippingAddress: null,
        metadata: null,
        electronicAddress: null,
        buyerReference: null,
        einvoiceProfile: null,
        debtorNumber: null,
        ...toColumns(input),
        createdBy: creatorOf(ctx),
        createdAt: now,
        updatedAt: now,
      }),
  );
}
