import { transactional } from '../../../db/transaction';
import { workMayBeDue } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { invalidTransition, notFound } from '../../../shared/errors';
import { nextRecurringStatus } from '../lifecycle';
import { findRecurring, type RecurringChanges, updateRecurring } from '../repo';
import { nextWithinLimits } from '../schedule';
import type { RecurringInvoiceRow } from '../schema';
import { limitsOf, modeOf, restartPoint, ruleOf } from './timing';

export type StatusAction = 'pause' | 'resume' | 'cancel';

/**
 * What each action changes besides the status. Resume does not back-fill: the schedule continues at its
 * first date on or after today (the seller's today), so a paused subscription is not billed for the pause.
 * Resume also clears `last_error`, so a schedule blocked by a failure is tried again. A closing occurrence
 * in arrears (the day after `end_date`) that passed while paused is not made either.
 */
async function sideEffects(
  ctx: AccountCtx,
  row: RecurringInvoiceRow,
  action: StatusAction,
): Promise<RecurringChanges> {
  if (action === 'cancel') return { nextOccurrenceDate: null };
  if (action === 'pause') return {};
  const next = nextWithinLimits(
    ruleOf(row),
    limitsOf(row),
    row.occurrencesCreated,
    await restartPoint(ctx, row),
    { mode: modeOf(row.invoiceTemplate) },
  );
  return { nextOccurrenceDate: next, lastError: null };
}

/** Pause, resume or cancel (DELETE), in the caller's transaction; 409 when the state table forbids it. */
async function changeRecurringStatusInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; action: StatusAction };
}): Promise<RecurringInvoiceRow> {
  const row = await findRecurring(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Recurring invoice');
  const status = nextRecurringStatus(input.action, row.status);
  if (!status) throw invalidTransition(input.action, row.status);
  const updated = await updateRecurring(ctx.db, ctx.accountId, row.id, {
    status,
    ...(await sideEffects(ctx, row, input.action)),
    updatedAt: isoNow(ctx.clock),
  });
  if (!updated) throw notFound('Recurring invoice');
  return updated;
}

/** A schedule this write made due starts now rather than at the next poll. */
export const changeRecurringStatus = transactional(
  async (args: Parameters<typeof changeRecurringStatusInTransaction>[0]) => {
    const row = await changeRecurringStatusInTransaction(args);
    workMayBeDue();
    return row;
  },
);
