import type { AccountCtx } from '../../../shared/context';
import { DomainError, type FieldError } from '../../../shared/errors';
import { builtInFinalizeViolations } from '../../compliance';
import {
  type CreateDocumentBody,
  changeDocumentStatus,
  complianceRefusal,
  createDocument,
  type DocumentRow,
  finalizeCheckInput,
  findDocumentByNumber,
  newDocumentProblems,
} from '../../documents';
import type { StoredTemplate } from '../model';
import { addDays, occurrencePeriod, type ScheduleRule } from '../schedule';
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

/** The create-document body of the occurrence on `date`. */
export function occurrenceBody(config: OccurrenceConfig, date: string, numberOffset = 0): CreateDocumentBody {
  const {
    invoice_number: fixedNumber,
    numbering_sequence_id: templateSequence,
    due_in_days: terms,
    document_type: _invoice,
    service_period: period = 'in_advance',
    ...content
  } = config.template;
  return {
    ...content,
    ...(period === 'none' ? {} : { invoice_period: occurrencePeriod(config.rule, date, period) }),
    document_type: 'invoice',
    business_profile_id: config.businessProfileId,
    customer_id: config.customerId,
    issue_date: date,
    ...(terms !== undefined ? { due_date: addDays(date, terms) } : {}),
    ...(fixedNumber !== undefined
      ? { number: nthNumber(fixedNumber, config.occurrencesCreated + numberOffset) }
      : { numbering_sequence_id: config.numberingSequenceId ?? templateSequence }),
  };
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
 * Everything that would stop the occurrence on `date` from being created: the documents module's own
 * create checks (references, content, totals, sequence, number), so a schedule that can never generate is
 * refused when it is written rather than failing on its first due date.
 */
export async function occurrenceProblems(
  ctx: AccountCtx,
  config: OccurrenceConfig,
  date: string,
): Promise<FieldError[]> {
  const own = numberingRuleProblems(config);
  if (own.length > 0) return own;
  return (await newDocumentProblems(ctx, occurrenceBody(config, date))).map((p) => ({
    ...p,
    loc: recurringLoc(p.loc, config),
  }));
}

/** Series numbers someone took by hand are skipped: the next free one is used (at most 1,000 ahead). */
const MAX_SKIPPED_NUMBERS = 1000;

async function freeNumberOffset(ctx: AccountCtx, config: OccurrenceConfig): Promise<number> {
  const first = config.template.invoice_number;
  if (first === undefined) return 0;
  for (let offset = 0; offset < MAX_SKIPPED_NUMBERS; offset++) {
    const number = nthNumber(first, config.occurrencesCreated + offset);
    if (!(await findDocumentByNumber(ctx.db, ctx.accountId, number))) return offset;
  }
  return 0; // every one taken: the create fails and says which number
}

/** Creates the occurrence's invoice through the documents module, finalized when the schedule says so. */
export async function createOccurrenceDocument(
  ctx: AccountCtx,
  config: OccurrenceConfig,
  date: string,
): Promise<DocumentRow> {
  const draft = await createDocument({
    ctx,
    input: occurrenceBody(config, date, await freeNumberOffset(ctx, config)),
  });
  if (!config.autoFinalize) return draft;
  // A buyer that needs an e-invoice gets none its profile rejects: the built-in checks (the official rules
  // cannot run inside this transaction) refuse, and the schedule is blocked with the findings.
  const checked = await finalizeCheckInput(ctx, draft);
  if (checked) {
    const violations = builtInFinalizeViolations(checked.profile, checked.data);
    if (violations.length > 0) throw complianceRefusal(checked.profile, violations);
  }
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
