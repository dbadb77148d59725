import { transactional } from '../../../db/transaction';
import { workMayBeDue } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { isCalendarDate } from '../../../shared/dates';
import { invalidTransition, notFound, validationError } from '../../../shared/errors';
import { nextRecurringStatus } from '../lifecycle';
import type { UpdateRecurringBody } from '../model';
import { findRecurring, firstOccurrenceDate, lastOccurrenceDate, updateRecurring } from '../repo';
import {
  firstOccurrenceOnOrAfter,
  nextWithinLimits,
  occurrenceDate,
  type ScheduleRule,
  shiftDays,
} from '../schedule';
import type { Frequency, RecurringInvoiceRow } from '../schema';
import { normalizeTemplate } from '../template';
import { configWithHistory, type OccurrenceConfig, occurrenceProblems } from './occurrence-document';
import { autoSendProblems } from './send-occurrence';
import { modeOf, restartPoint, ruleOf } from './timing';

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
    if (before === null) break; // before the year 0001: further steps back are too
    if (occurrenceDate({ anchor: before, frequency, interval }, steps) === candidate) return before;
  }
  return candidate;
}

/** Enough to reach a February 29 again from any rhythm (four years of months). */
const MAX_STEPS_BACK = 48;

/**
 * A new end_date must be a calendar date and not before the schedule's start, as on create: its first
 * date generated when that is earlier than `start_date` (a change of rhythm moved the anchor on), so an
 * end_date already past on a running schedule still finishes it at once.
 */
async function checkEndDate(ctx: AccountCtx, row: RecurringInvoiceRow, endDate: string): Promise<void> {
  if (!isCalendarDate(endDate)) {
    const msg = `'${endDate}' is not a calendar date`;
    throw validationError([{ loc: 'body.end_date', msg, type: 'date_invalid' }]);
  }
  const first = await firstOccurrenceDate(ctx.db, row.id);
  if (first !== null && first < row.startDate) {
    if (endDate >= first) return;
    const msg = `end_date is before the schedule's first date, ${first}`;
    throw validationError([{ loc: 'body.end_date', msg, type: 'date_order' }]);
  }
  if (endDate < row.startDate) {
    throw validationError([
      { loc: 'body.end_date', msg: 'end_date is before start_date', type: 'date_order' },
    ]);
  }
}

/**
 * PATCH (omitted = unchanged, null = clear). A new frequency or interval re-anchors the schedule on its
 * pending date: that date stays, the new rhythm counts from it. A new template applies to every occurrence
 * not generated yet, including a pending one. Limits apply at once: a tightened end_date or
 * max_occurrences can finish the schedule; relaxing them restarts a finished one at its first date on or
 * after today. In arrears a new end_date may bring the closing occurrence (schedule.ts, nextWithinLimits).
 * Any PATCH clears `last_error`: it is how a blocked schedule is fixed and retried.
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
  if (c.end_date != null) await checkEndDate(ctx, row, c.end_date);
  const lastDate = await lastOccurrenceDate(ctx.db, row.id);
  const running = row.nextOccurrenceDate !== null;
  // Null only for a finished schedule whose last date was 9999-12-31: nothing can come after it.
  const pending = row.nextOccurrenceDate ?? (await restartPoint(ctx, row));
  // The first date of the rhythm from the pending one (itself unless that is a closing date in arrears);
  // the pending date when no date of the rhythm is left before 9999-12-31.
  const candidate = pending && (firstOccurrenceOnOrAfter(ruleOf(row), pending) ?? pending);
  const frequency = pick(c.frequency, row.frequency);
  const interval = pick(c.interval, row.interval);
  const rhythmChanged = frequency !== row.frequency || interval !== row.interval;
  const anchor = candidate === null ? row.startDate : newAnchor(candidate, frequency, interval, running);
  const rule: ScheduleRule = rhythmChanged ? { anchor, frequency, interval } : ruleOf(row);
  const limits = {
    endDate: pick(c.end_date, row.endDate),
    maxOccurrences: pick(c.max_occurrences, row.maxOccurrences),
  };
  const template =
    c.invoice_template === undefined
      ? null
      : normalizeTemplate(c.invoice_template, {
          startDate: candidate ?? row.startDate,
          businessProfileId: row.businessProfileId,
          customerId: row.customerId,
        });
  if (template && template.problems.length > 0) throw validationError(template.problems);
  // In arrears a closing occurrence may come before the pending date (its period is not billed yet), but
  // not on a day billed already; a schedule that was not running not before its restart point.
  const closingFrom = running ? (lastDate === null ? row.startDate : shiftDays(lastDate, 1)) : pending;
  const next = nextWithinLimits(rule, limits, row.occurrencesCreated, candidate, {
    mode: modeOf(template ? template.template : row.invoiceTemplate),
    closingFrom,
  });

  let config: OccurrenceConfig = {
    ...(await configWithHistory(ctx, row)),
    endDate: limits.endDate,
    numberingSequenceId: pick(c.numbering_sequence_id, row.numberingSequenceId),
    autoFinalize: pick(c.auto_finalize, row.autoFinalize),
    maxOccurrences: limits.maxOccurrences,
    rule,
  };
  if (template) config = { ...config, template: template.template };
  // Turning auto_finalize off turns auto_send off unless the PATCH asks for both (then: a 422).
  const autoSend = c.auto_send ?? (config.autoFinalize ? row.autoSend : false);
  if (c.auto_send !== undefined || c.auto_finalize !== undefined) {
    const sendProblems = await autoSendProblems(ctx, {
      autoSend: c.auto_send ?? false,
      autoFinalize: config.autoFinalize,
      customerId: row.customerId,
    });
    if (sendProblems.length > 0) throw validationError(sendProblems);
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
    autoSend,
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
