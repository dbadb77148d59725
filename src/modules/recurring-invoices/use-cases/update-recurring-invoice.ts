import { transactional } from '../../../db/transaction';
import { workMayBeDue } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { isCalendarDate } from '../../../shared/dates';
import { invalidTransition, notFound, validationError } from '../../../shared/errors';
import { nextRecurringStatus } from '../lifecycle';
import type { UpdateRecurringBody } from '../model';
import { findRecurring, updateRecurring } from '../repo';
import { firstOccurrenceOnOrAfter, nextWithinLimits, occurrenceDate, type ScheduleRule } from '../schedule';
import type { Frequency, RecurringInvoiceRow } from '../schema';
import { normalizeTemplate } from '../template';
import { configWithHistory, type OccurrenceConfig, occurrenceProblems } from './occurrence-document';
import { restartPoint, ruleOf } from './timing';

const pick = <T>(change: T | undefined, current: T): T => (change === undefined ? current : change);

/**
 * Where a new rhythm counts from: the pending date of a running schedule, so its first period in arrears
 * goes on from the last date generated (schedule.ts). A schedule that was not running (finished by its
 * limits) starts again at `candidate`, not before: its anchor is put whole steps of the new rhythm before
 * it, the fewest that lead back to `candidate` itself (one, unless a month's end is shortened on the way:
 * May 31 less a quarter is Feb 28, so it goes back a year), so its first period in arrears is the one step
 * before the restart and the time it was stopped for is not billed.
 */
function newAnchor(candidate: string, frequency: Frequency, interval: number, running: boolean): string {
  if (running) return candidate;
  for (let steps = 1; steps <= MAX_STEPS_BACK; steps++) {
    const before = occurrenceDate({ anchor: candidate, frequency, interval }, -steps);
    if (occurrenceDate({ anchor: before, frequency, interval }, steps) === candidate) return before;
  }
  return candidate;
}

/** Enough to reach a February 29 again from any rhythm (four years of months). */
const MAX_STEPS_BACK = 48;

/**
 * PATCH (omitted = unchanged, null = clear). A new frequency or interval re-anchors the schedule on its
 * pending date: that date stays, the new rhythm counts from it. A new template applies to every occurrence
 * not generated yet, including a pending one. Limits apply at once: a tightened end_date or
 * max_occurrences can finish the schedule; relaxing them restarts a finished one at its first date on or
 * after today. Any PATCH clears `last_error`: it is how a blocked schedule is fixed and retried.
 */
async function updateRecurringInvoiceInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; changes: UpdateRecurringBody };
}): Promise<RecurringInvoiceRow> {
  const row = await findRecurring(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Recurring invoice');
  if (!nextRecurringStatus('update', row.status)) throw invalidTransition('update', row.status);
  const c = input.changes;
  if (c.end_date != null && !isCalendarDate(c.end_date)) {
    const msg = `'${c.end_date}' is not a calendar date`;
    throw validationError([{ loc: 'body.end_date', msg, type: 'date_invalid' }]);
  }
  const pending = row.nextOccurrenceDate ?? (await restartPoint(ctx, row));
  const candidate = firstOccurrenceOnOrAfter(ruleOf(row), pending);
  const frequency = pick(c.frequency, row.frequency);
  const interval = pick(c.interval, row.interval);
  const rhythmChanged = frequency !== row.frequency || interval !== row.interval;
  const rule: ScheduleRule = rhythmChanged
    ? {
        anchor: newAnchor(candidate, frequency, interval, row.nextOccurrenceDate !== null),
        frequency,
        interval,
      }
    : ruleOf(row);
  const limits = {
    endDate: pick(c.end_date, row.endDate),
    maxOccurrences: pick(c.max_occurrences, row.maxOccurrences),
  };
  const next = nextWithinLimits(rule, limits, row.occurrencesCreated, candidate);

  let config: OccurrenceConfig = {
    ...(await configWithHistory(ctx, row)),
    endDate: limits.endDate,
    numberingSequenceId: pick(c.numbering_sequence_id, row.numberingSequenceId),
    autoFinalize: pick(c.auto_finalize, row.autoFinalize),
    maxOccurrences: limits.maxOccurrences,
    rule,
  };
  if (c.invoice_template !== undefined) {
    const normalized = normalizeTemplate(c.invoice_template, {
      startDate: candidate,
      businessProfileId: row.businessProfileId,
      customerId: row.customerId,
    });
    if (normalized.problems.length > 0) throw validationError(normalized.problems);
    config = { ...config, template: normalized.template };
  }
  // A finished schedule generates nothing more, so there is nothing its settings could break.
  if (next !== null) {
    const problems = await occurrenceProblems(ctx, config, next, { skipTaken: true });
    if (problems.length > 0) throw validationError(problems);
  }
  const updated = await updateRecurring(ctx.db, ctx.accountId, row.id, {
    frequency,
    interval,
    startDate: rule.anchor,
    nextOccurrenceDate: next,
    endDate: limits.endDate,
    maxOccurrences: limits.maxOccurrences,
    numberingSequenceId: config.numberingSequenceId,
    autoFinalize: config.autoFinalize,
    invoiceTemplate: config.template,
    lastError: null,
    updatedAt: isoNow(ctx.clock),
  });
  if (!updated) throw notFound('Recurring invoice');
  return updated;
}

/** A schedule this write made due starts now rather than at the next poll. */
export const updateRecurringInvoice = transactional(
  async (args: Parameters<typeof updateRecurringInvoiceInTransaction>[0]) => {
    const row = await updateRecurringInvoiceInTransaction(args);
    workMayBeDue();
    return row;
  },
);
