import { isDeepStrictEqual } from 'node:util';
import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound, validationError } from '../../../shared/errors';
import { customerProblems, toColumns, type UpdateCustomerBody } from '../model';
import { findCustomer, updateCustomer as updateRow, withDebtorNumberCheck } from '../repo';
import type { CustomerRow } from '../schema';

/** PATCH: omitted = unchanged, value = set, null = clear; `updated_at` moves only on a real change. */
async function updateCustomerInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; patch: UpdateCustomerBody };
}): Promise<CustomerRow> {
  const existing = await findCustomer(ctx.db, ctx.accountId, input.id);
  if (!existing) throw notFound('Customer');
  const problems = customerProblems(input.patch);
  if (problems.length > 0) throw validationError(problems);
  const changes = Object.fromEntries(
    Object.entries(toColumns(input.patch)).filter(
      ([column, value]) => !isDeepStrictEqual(existing[column as keyof CustomerRow], value),
    ),
  );
  if (Object.keys(changes).length === 0) return existing;
  const row = await withDebtorNumberCheck(
    input.patch.debtor_number,
    async () =>
      await updateRow(ctx.db, ctx.accountId, input.id, { ...changes, updatedAt: isoNow(ctx.clock) }),
  );
  if (!row) throw notFound('Customer');
  return row;
}

export const updateCustomer = transactional(updateCustomerInTransaction);
