import type { AccountCtx } from '../../../shared/context';
import { DomainError, type FieldError, validationError } from '../../../shared/errors';
import { builtInFinalizeViolations } from '../../compliance';
import {
  type CreateDocumentBody,
  changeDocumentStatus,
  createDocument,
  type DocumentRow,
  finalizeCheckInput,
  findDocument,
  findDocumentByNumber,
  newDocumentProblems,
} from '../../documents';
import type { StoredTemplate } from '../model';
import { lastOccurrence } from '../repo';
import { LAST_DAY, occurrencePeriod, type ScheduleRule, shiftDays } from '../schedule';
import type { RecurringInvoiceRow } from '../schema';

/** What an occurrence is made from: the schedule's settings that end up in the document. */
export interface OccurrenceConfig {
  businessProfileId: string;
  customerId: string;
  numberingSequenceId: string | null;
  autoFinalize: boolean;
  maxOccurrences: number | null;
  /** How many invoices the schedule has made: the next one is number `occurrencesCreated` of the series. */
  occurrencesCreated: number;
  template: StoredTemplate;
  /** The schedule's rhythm: each invoice's service period follows from it (template.service_period). */
  rule: ScheduleRule;
  /** Inclusive; the last service period in advance ends there. */
  endDate: string | null;
  /**
   * The schedule's last generated occurrence: its date (a period in arrears after a change of rhythm starts
   * there) and its invoice's number (the series continues after it); null before the first.
   */
  history: { lastDate: string; lastNumber: string | null } | null;
}

export function configOf(row: RecurringInvoiceRow): OccurrenceConfig {
  return {
    businessProfileId: row.businessProfileId,
    customerId: row.customerId,
    numberingSequenceId: row.numberingSequenceId,
    autoFinalize: row.autoFinalize,
    maxOccurrences: row.maxOccurrences,
    occurrencesCreated: row.occurrencesCreated,
    template: row.invoiceTemplate as StoredTemplate,
    rule: { anchor: row.startDate, frequency: row.frequency, interval: row.interval },
    endDate: row.endDate,
    history: null,
  };
}

/** configOf with the schedule's history: what its last occurrence was dated and numbered. */
export async function configWithHistory(
  ctx: AccountCtx,
  row: RecurringInvoiceRow,
): Promise<OccurrenceConfig> {
  const last = await lastOccurrence(ctx.db, row.id);
  if (!last) return configOf(row);
  const document = await findDocument(ctx.db, ctx.accountId, last.documentId);
  return {
    ...configOf(row),
    history: { lastDate: last.occurrenceDate, lastNumber: document?.number ?? null },
  };
}

const NUMBER_LOC = 'body.invoice_template.invoice_number';

/**
 * Each invoice of a series needs its own number: from a numbering sequence, or continued from the
 * template's `invoice_number` (the first invoice's), not both.
 */
function numberingRuleProblems(config: OccurrenceConfig): FieldError[] {
  const sequence = config.numberingSequenceId ?? config.template.numbering_sequence_id;
  if (config.template.invoice_number !== undefined) {
    if (sequence !== undefined) {
      const msg = 'give either invoice_number (the first of the series) or a numbering sequence';
      return [{ loc: NUMBER_LOC, msg, type: 'not_allowed' }];
    }
    if (!/\d/.test(config.template.invoice_number) && config.maxOccurrences !== 1) {
      const msg = 'invoice_number needs digits to continue from (INV-0001 -> INV-0002) for a series';
      return [{ loc: NUMBER_LOC, msg, type: 'not_allowed' }];
    }
    return [];
  }
  if (sequence !== undefined) return [];
  const msg =
    "Field required (or the template's numbering_sequence_id): each invoice takes its number from it";
  return [{ loc: 'body.numbering_sequence_id', msg, type: 'missing' }];
}

/**
 * The `n`th number of a series starting at `first`: its last run of digits counted up, keeping its width
 * (INV-0007 + 2 = INV-0009, INV-0999 + 1 = INV-1000).
 */
export function nthNumber(first: string, n: number): string {
  if (n === 0) return first;
  const match = /(\d+)(\D*)$/.exec(first);
  if (!match) return first;
  const digits = match[1] as string;
  const next = (BigInt(digits) + BigInt(n)).toString().padStart(digits.length, '0');
  return `${first.slice(0, match.index)}${next}${match[2]}`;
}

/**
 * The `n` with nthNumber(first, n) === number, or null when `number` is not of the series `first` starts
 * (another prefix or suffix, or a count below the first).
 */
export function seriesIndex(first: string, number: string): number | null {
  const match = /(\d+)(\D*)$/.exec(first);
  if (!match) return null;
  const [prefix, suffix] = [first.slice(0, match.index), match[2] as string];
  if (number.length <= prefix.length + suffix.length) return null;
  if (!number.startsWith(prefix) || !number.endsWith(suffix)) return null;
  const digits = number.slice(prefix.length, number.length - suffix.length);
  if (!/^\d+$/.test(digits)) return null;
  const n = BigInt(digits) - BigInt(match[1] as string);
  if (n < 0n || n > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return nthNumber(first, Number(n)) === number ? Number(n) : null;
}

/**
 * Where the series of the template's `invoice_number` goes on: after the schedule's last invoice when that
 * one's number is of the series, so a new `invoice_number` (RE-2027-001 after RE-2026-012) starts a series
 * of its own at its first number; else at the count of invoices made (the last one's number unknown).
 */
function seriesPosition(config: OccurrenceConfig, first: string): number {
  const last = config.history?.lastNumber;
  if (!last) return config.occurrencesCreated;
  const index = seriesIndex(first, last);
  return index === null ? 0 : index + 1;
}

/**
 * The create-document body of the occurrence on `date`; `number`: the series number to give (the next
 * free one, see seriesNumber).
 */
export function occurrenceBody(config: OccurrenceConfig, date: string, number?: string): CreateDocumentBody {
  const {
    invoice_number: fixedNumber,
    numbering_sequence_id: templateSequence,
    due_in_days: terms,
    document_type: _invoice,
    service_period: period = 'in_advance',
    ...content
  } = config.template;
  const bounds = { previous: config.history?.lastDate ?? null, endDate: config.endDate };
  return {
    ...content,
    ...(period === 'none' ? {} : { invoice_period: occurrencePeriod(config.rule, date, period, bounds) }),
    document_type: 'invoice',
    business_profile_id: config.businessProfileId,
    customer_id: config.customerId,
    issue_date: date,
    // A due date past 9999-12-31 is refused before a body is made (dueDateProblems).
    ...(terms !== undefined ? { due_date: shiftDays(date, terms) ?? LAST_DAY } : {}),
    ...(fixedNumber !== undefined
      ? { number: number ?? nthNumber(fixedNumber, seriesPosition(config, fixedNumber)) }
      : { numbering_sequence_id: config.numberingSequenceId ?? templateSequence }),
  };
}

/**
 * The invoice of `date` cannot be due after 9999-12-31 (dates have four-digit years): said at the create
 * body's `due_date`, which recurringLoc names `body.invoice_template.due_in_days`.
 */
function dueDateProblems(config: OccurrenceConfig, date: string): FieldError[] {
  const terms = config.template.due_in_days;
  if (terms === undefined || shiftDays(date, terms) !== null) return [];
  const msg = `the invoice of ${date} would be due after ${LAST_DAY}`;
  return [{ loc: 'body.due_date', msg, type: 'date_range' }];
}

/** A documents-module loc (`body.line_items.0.quantity`) as the recurring request names that field. */
export function recurringLoc(loc: string, config: OccurrenceConfig): string {
  const rest = loc.replace(/^body\.?/, '');
  switch (rest.split('.')[0]) {
    case 'business_profile_id':
    case 'customer_id':
      return loc;
    case 'numbering_sequence_id':
      return config.numberingSequenceId !== null ? loc : 'body.invoice_template.numbering_sequence_id';
    case 'number':
      return NUMBER_LOC;
    case 'issue_date':
      return 'body.start_date';
    case 'due_date':
      return 'body.invoice_template.due_in_days';
    default:
      return rest === '' ? 'body.invoice_template' : `body.invoice_template.${rest}`;
  }
}

/**
 * A schedule that finalizes what it makes for a buyer whose e-invoice profile its invoice fails: nothing
 * is created (the whole occurrence is one transaction), so the refusal says so rather than "stays a draft".
 */
function autoFinalizeRefusal(profile: string, violations: readonly unknown[], date: string): DomainError {
  const count = `${violations.length} finding${violations.length === 1 ? '' : 's'}`;
  return new DomainError(
    'compliance_failed',
    `The buyer needs ${profile} and the invoice of ${date} fails it (${count}), so it cannot be finalized and no invoice was made: fix the template or the customer, or set auto_finalize to false`,
    { profile, violations },
  );
}

/** The built-in checks of the buyer's e-invoice profile, as finalizing `draft` would run them. */
async function checkAutoFinalize(ctx: AccountCtx, draft: DocumentRow, date: string): Promise<void> {
  // The official rules cannot run inside this transaction: the built-in checks refuse what they find.
  const checked = await finalizeCheckInput(ctx, draft);
  if (!checked) return;
  const violations = builtInFinalizeViolations(checked.profile, checked.data);
  if (violations.length > 0) throw autoFinalizeRefusal(checked.profile, violations, date);
}

/**
 * Everything that would stop the occurrence on `date` from being created: the documents module's own
 * create checks (references, content, totals, sequence, number), so a schedule that can never generate is
 * refused when it is written rather than failing on its first due date. What finalizing checks (the buyer's
 * e-invoice profile) is not asked here: the customer may be completed before the first date.
 */
export async function occurrenceProblems(
  ctx: AccountCtx,
  config: OccurrenceConfig,
  date: string,
  options: { skipTaken: boolean },
): Promise<FieldError[]> {
  const own = numberingRuleProblems(config);
  if (own.length > 0) return own;
  // A new schedule's first number is checked as given (taken: a 422); a PATCH with the number generation
  // would use, the next free one.
  const number = options.skipTaken ? await seriesNumber(ctx, config) : undefined;
  const beyond = dueDateProblems(config, date);
  const problems =
    beyond.length > 0 ? beyond : await newDocumentProblems(ctx, occurrenceBody(config, date, number));
  return problems.map((p) => ({ ...p, loc: recurringLoc(p.loc, config) }));
}

/** Series numbers someone took by hand are skipped: the next free one is used (at most 1,000 ahead). */
const MAX_SKIPPED_NUMBERS = 1000;

/** The next free number of the template's series (undefined without one: a numbering sequence gives it). */
async function seriesNumber(ctx: AccountCtx, config: OccurrenceConfig): Promise<string | undefined> {
  const first = config.template.invoice_number;
  if (first === undefined) return undefined;
  const start = seriesPosition(config, first);
  for (let offset = 0; offset < MAX_SKIPPED_NUMBERS; offset++) {
    const number = nthNumber(first, start + offset);
    if (!(await findDocumentByNumber(ctx.db, ctx.accountId, number))) return number;
  }
  return nthNumber(first, start); // every one taken: the create fails and says which number
}

/** Creates the occurrence's invoice through the documents module, finalized when the schedule says so. */
export async function createOccurrenceDocument(
  ctx: AccountCtx,
  config: OccurrenceConfig,
  date: string,
): Promise<DocumentRow> {
  const beyond = dueDateProblems(config, date);
  if (beyond.length > 0) throw validationError(beyond);
  const number = await seriesNumber(ctx, config);
  const draft = await createDocument({ ctx, input: occurrenceBody(config, date, number) });
  if (!config.autoFinalize) return draft;
  await checkAutoFinalize(ctx, draft, date);
  return await changeDocumentStatus({ ctx, input: { id: draft.id, action: 'finalize' } });
}

/** One line for `last_error`: the message plus each field problem, named as in the recurring request. */
export function failureReason(error: unknown, config: OccurrenceConfig | null): string {
  if (!(error instanceof DomainError)) return error instanceof Error ? error.message : String(error);
  const violations = (error.details?.violations ?? []) as { field: string; message: string }[];
  if (violations.length > 0) {
    return `${error.message}: ${violations.map((v) => `${v.field}: ${v.message}`).join('; ')}`;
  }
  const fields = (error.details?.fields ?? []) as FieldError[];
  if (fields.length === 0) return error.message;
  const named = fields.map((f) => {
    const loc = config ? recurringLoc(f.loc, config) : f.loc;
    return `${loc.replace(/^body\./, '')}: ${f.msg}`;
  });
  return `${error.message}: ${named.join('; ')}`;
}
