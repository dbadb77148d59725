import { transactional } from '../../../db/transaction';
import { workMayBeDue } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { isCalendarDate } from '../../../shared/dates';
import { type FieldError, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { CreateRecurringBody } from '../model';
import { insertRecurring } from '../repo';
import { nextWithinLimits } from '../schedule';
import type { RecurringInvoiceRow } from '../schema';
import { normalizeTemplate } from '../template';
import { type OccurrenceConfig, occurrenceProblems } from './occurrence-document';

function dateProblems(startDate: string, endDate: string | null): FieldError[] {
  const bad = (loc: string, value: string) => ({
    loc,
    msg: `'${value}' is not a calendar date`,
    type: 'date_invalid',
  });
  if (!isCalendarDate(startDate)) return [bad('body.start_date', startDate)];
  if (endDate === null) return [];
  if (!isCalendarDate(endDate)) return [bad('body.end_date', endDate)];
  if (endDate < startDate)
    return [{ loc: 'body.end_date', msg: 'end_date is before start_date', type: 'date_order' }];
  return [];
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
  const problems = [...dateProblems(input.start_date, endDate), ...normalized.problems];
  if (problems.length > 0) throw validationError(problems);
  const config: OccurrenceConfig = {
    businessProfileId: input.business_profile_id,
    customerId: input.customer_id,
    numberingSequenceId: input.numbering_sequence_id ?? null,
    autoFinalize: input.auto_finalize ?? false,
    maxOccurrences: input.max_occurrences ?? null,
    occurrencesCreated: 0,
    template: normalized.template,
    rule: { anchor: input.start_date, frequency: input.frequency, interval: input.interval ?? 1 },
    endDate,
    history: null,
  };
  const templateProblems = await occurrenceProblems(ctx, config, input.start_date, { skipTaken: false });
  if (templateProblems.length > 0) throw validationError(templateProblems);
  const rule = config.rule;
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
    ),
    endDate,
    occurrencesCreated: 0,
    maxOccurrences: config.maxOccurrences,
    numberingSequenceId: config.numberingSequenceId,
    autoFinalize: config.autoFinalize,
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
