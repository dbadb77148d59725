import type { JobScope } from '../../../jobs/definition';
import { enqueueJob } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import type { DocumentRow } from '../../documents';
import { sendKind } from '../job';
import { findRecurringForJob, insertOccurrence, recordFailure, updateRecurring } from '../repo';
import { nextWithinLimits, shiftDays } from '../schedule';
import { configOf, configWithHistory, createOccurrenceDocument, failureReason } from './occurrence-document';
import { limitsOf, modeOf, ruleOf } from './timing';

export interface OccurrenceRef {
  recurringInvoiceId: string;
  occurrenceDate: string;
}

/** The schedule when `ref` is still its pending occurrence and it is active; undefined otherwise. */
async function pendingSchedule(ctx: SystemCtx, ref: OccurrenceRef) {
  const row = await findRecurringForJob(ctx.db, ref.recurringInvoiceId);
  const pending = row?.status === 'active' && row.nextOccurrenceDate === ref.occurrenceDate;
  return pending ? row : undefined;
}

/**
 * Generates one occurrence, in the caller's (the job's fenced) transaction: the invoice, its occurrence
 * row and the advanced schedule commit together or not at all. A job for a date that is no longer the
 * schedule's pending one (already generated, paused, cancelled, re-scheduled) does nothing, and the unique
 * (schedule, date) index backs that up: each period yields one invoice however often its job runs.
 */
export async function generateOccurrence({
  ctx,
  job,
  input,
}: {
  ctx: SystemCtx;
  job: Pick<JobScope, 'forAccount'>;
  input: OccurrenceRef;
}): Promise<DocumentRow | null> {
  const row = await pendingSchedule(ctx, input);
  if (!row) return null;
  // The invoice belongs to whoever owns the schedule, so a member can finish what their schedule made.
  const account = job.forAccount(row.accountId, { db: ctx.db, memberId: row.createdBy });
  const config = await configWithHistory(account, row);
  const document = await createOccurrenceDocument(account, config, input.occurrenceDate);
  const now = isoNow(ctx.clock);
  await insertOccurrence(ctx.db, {
    recurringInvoiceId: row.id,
    occurrenceDate: input.occurrenceDate,
    documentId: document.id,
    deliveryId: null,
    sendError: null,
    createdAt: now,
  });
  // E-mailed by a job of its own once this commits: the occurrence and its send job commit together.
  if (row.autoSend && row.autoFinalize) {
    const ref = { recurringInvoiceId: row.id, occurrenceDate: input.occurrenceDate };
    await enqueueJob(ctx.db, ctx.clock, sendKind, ref, {
      runKey: `recurring-send:${row.id}:${input.occurrenceDate}`,
    });
  }
  const count = row.occurrencesCreated + 1;
  // Past end_date in arrears the next one may be the closing occurrence; after it, or past 9999-12-31, none.
  const next = nextWithinLimits(ruleOf(row), limitsOf(row), count, shiftDays(input.occurrenceDate, 1), {
    mode: modeOf(row.invoiceTemplate),
  });
  await updateRecurring(ctx.db, row.accountId, row.id, {
    occurrencesCreated: count,
    nextOccurrenceDate: next,
    lastError: null,
    updatedAt: now,
  });
  return document;
}

/**
 * Blocks the schedule on a failed occurrence: `last_error` keeps the reason and the due-work source skips
 * the schedule until a PATCH or a resume clears it. Only while the failed date is still the pending one,
 * so a late failure cannot block a schedule that has moved on.
 */
export async function blockOnFailure({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: OccurrenceRef & { error: unknown };
}): Promise<string> {
  const row = await pendingSchedule(ctx, input);
  const reason = failureReason(input.error, row ? configOf(row) : null);
  if (!row) return reason;
  await recordFailure(ctx.db, row.id, reason, isoNow(ctx.clock));
  return reason;
}
