import { transactional } from '../../../db/transaction';
import { workMayBeDue } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { isCalendarDate } from '../../../shared/dates';
import { type FieldError, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { sellerToday } from '../../business-profiles';
import type { CreateRecurringBody } from '../model';
import { insertRecurring } from '../repo';
import { nextWithinLimits, occurrenceDate, type ScheduleRule } from '../schedule';
import type { RecurringInvoiceRow } from '../schema';
import { normalizeTemplate } from '../template';
import { type OccurrenceConfig, occurrenceProblems } from './occurrence-document';
import { autoSendProblems } from './send-occurrence';
import { modeOf } from './timing';

function dateProblems(rule: ScheduleRule, endDate: string | null): FieldError[] {
  const startDate = rule.anchor;
  const bad = (loc: string, value: string) => ({
    loc,
    msg: `'${value}' is not a calendar date`,
    type: 'date_invalid',
  });
  if (!isCalendarDate(startDate)) return [bad('body.start_date', startDate)];
  // The first invoice's period needs the step before start_date (in arrears) or after it (in advance).
  if (occurrenceDate(rule, -1) === null || occurrenceDate(rule, 1) === null) {
    const msg = `a schedule from ${startDate} would leave the years 0001-9999: one step of its rhythm before and after start_date must lie within them`;
    return [{ loc: 'body.start_date', msg, type: 'date_range' }];
  }
  if (endDate === null) return [];
  if (!isCalendarDate(endDate)) return [bad('body.end_date', endDate)];
  if (endDate < startDate)
    return [{ loc: 'body.end_date', msg: 'end_date is before start_date', type: 'date_order' }];
  return [];
}

/** The most invoices one new schedule may owe for dates already past, all made at once (catch-up). */
export const MAX_CATCH_UP = 10_000;

/**
 * A `start_date` whose past dates alone come to more than MAX_CATCH_UP invoices: a mistyped year (0201 for
 * 2021 owes 21,900 monthly invoices), not a contract anyone bills that way. Within `end_date` and
 * `max_occurrences`, counted up to the seller's today.
 */
function catchUpProblems(
  rule: ScheduleRule,
  endDate: string | null,
  maxOccurrences: number | null,
  today: string,
) {
  if (maxOccurrences !== null && maxOccurrences <= MAX_CATCH_UP) return [];
  const last = endDate !== null && endDate < today ? endDate : today;
  const beyond = occurrenceDate(rule, MAX_CATCH_UP);
  if (beyond === null || beyond > last) return [];
  const msg = `a schedule from ${rule.anchor} would make more than ${MAX_CATCH_UP} invoices at once for the dates already past: is the year right? (start it later, or set end_date or max_occurrences)`;
  return [{ loc: 'body.start_date', msg, type: 'catch_up_too_long' }];
}

/**
 * A new `active` schedule whose first occurrence is `start_date`. Its template is checked now, as the
 * invoice of that first date, with the documents module's create checks. Run inside a transaction.
 */
async function createRecurringInvoiceInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateRecurringBody;
}): Promise<RecurringInvoiceRow> {
  const endDate = input.end_date ?? null;
  const normalized = normalizeTemplate(input.invoice_template, {
    startDate: input.start_date,
    businessProfileId: input.business_profile_id,
    customerId: input.customer_id,
  });
  const rule: ScheduleRule = {
    anchor: input.start_date,
    frequency: input.frequency,
    interval: input.interval ?? 1,
  };
  const dates = dateProblems(rule, endDate);
  const maxOccurrences = input.max_occurrences ?? null;
  const today = await sellerToday(ctx, input.business_profile_id);
  const catchUp = dates.length === 0 ? catchUpProblems(rule, endDate, maxOccurrences, today) : [];
  const problems = [...dates, ...catchUp, ...normalized.problems];
  if (problems.length > 0) throw validationError(problems);
  const config: OccurrenceConfig = {
    businessProfileId: input.business_profile_id,
    customerId: input.customer_id,
    numberingSequenceId: input.numbering_sequence_id ?? null,
    autoFinalize: input.auto_finalize ?? false,
    maxOccurrences,
    occurrencesCreated: 0,
    template: normalized.template,
    rule,
    endDate,
    history: null,
  };
  const autoSend = input.auto_send ?? false;
  const sendProblems = await autoSendProblems(ctx, {
    autoSend,
    autoFinalize: config.autoFinalize,
    customerId: config.customerId,
  });
  const templateProblems = await occurrenceProblems(ctx, config, input.start_date, { skipTaken: false });
  // All at once: a client fixes every field in one round trip.
  const refused = [...sendProblems, ...templateProblems];
  if (refused.length > 0) throw validationError(refused);
  const now = isoNow(ctx.clock);
  return await insertRecurring(ctx.db, {
    id: newId('rinv'),
    accountId: ctx.accountId,
    status: 'active',
    businessProfileId: config.businessProfileId,
    customerId: config.customerId,
    frequency: rule.frequency,
    interval: rule.interval,
    startDate: rule.anchor,
    nextOccurrenceDate: nextWithinLimits(
      rule,
      { endDate, maxOccurrences: config.maxOccurrences },
      0,
      rule.anchor,
      { mode: modeOf(config.template) },
    ),
    endDate,
    occurrencesCreated: 0,
    maxOccurrences: config.maxOccurrences,
    numberingSequenceId: config.numberingSequenceId,
    autoFinalize: config.autoFinalize,
    autoSend,
    invoiceTemplate: config.template,
    lastError: null,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
  });
}

/** A schedule this write made due starts now rather than at the next poll. */
export const createRecurringInvoice = transactional(
  async (args: Parameters<typeof createRecurringInvoiceInTransaction>[0]) => {
    const row = await createRecurringInvoiceInTransaction(args);
    workMayBeDue();
    return row;
  },
);
