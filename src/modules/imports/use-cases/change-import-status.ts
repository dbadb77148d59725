import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { invalidTransition, notFound } from '../../../shared/errors';
import { type CreateCustomerBody, createCustomer } from '../../customers';
import { type ImportAction, nextImportStatus } from '../lifecycle';
import { findImport, updateImport } from '../repo';
import type { ImportRow } from '../schema';

/**
 * Confirm or cancel, in one IMMEDIATE transaction: on confirm every stored row becomes a customer and the
 * status moves to `completed` atomically, so a failure leaves no partial import and a concurrent second
 * confirm waits, then sees `completed` and answers 409.
 */
export function changeImportStatus({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; action: ImportAction };
}): ImportRow {
  return inTransaction(ctx, (tx) => {
    const current = findImport(tx.db, tx.accountId, input.id);
    if (!current) throw notFound('Import');
    const next = nextImportStatus(input.action, current.status);
    if (!next) throw invalidTransition(input.action, current.status);
    const rows = input.action === 'confirm' ? ((current.validRows ?? []) as CreateCustomerBody[]) : [];
    // createCustomer re-runs the customer checks; should a row no longer pass (say the country list
    // changed since create), its 422 rolls the whole import back rather than committing part of it.
    for (const row of rows) createCustomer({ ctx: tx, input: row });
    const now = isoNow(ctx.clock);
    const updated = updateImport(tx.db, tx.accountId, input.id, {
      status: next,
      importedRows: rows.length,
      validRows: null,
      updatedAt: now,
      completedAt: now,
    });
    if (!updated) throw notFound('Import');
    return updated;
  });
}
