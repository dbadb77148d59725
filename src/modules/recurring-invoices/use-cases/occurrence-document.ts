import type { AccountCtx } from '../../../shared/context';
import { DomainError, type FieldError } from '../../../shared/errors';
import {
  type CreateDocumentBody,
  changeDocumentStatus,
  createDocument,
  type DocumentRow,
  newDocumentProblems,
} from '../../documents';
import type { StoredTemplate } from '../model';
import { addDays } from '../schedule';
import type { RecurringInvoiceRow } from '../schema';

/** What an occurrence is made from: the schedule's settings that end up in the document. */
export interface OccurrenceConfig {
  businessProfileId: string;
  customerId: string;
  numberingSequenceId: string | null;
  autoFinalize: boolean;
  maxOccurrences: number | null;
  template: StoredTemplate;
}

export function configOf(row: RecurringInvoiceRow): OccurrenceConfig {
  return {
    businessProfileId: row.businessProfileId,
    customerId: row.customerId,
    numberingSequenceId: row.numberingSequenceId,
    autoFinalize: row.autoFinalize,
    maxOccurrences: row.maxOccurrences,
    template: row.invoiceTemplate as StoredTemplate,
  };
}

const NUMBER_LOC = 'body.invoice_template.invoice_number';

/** Numbers are unique per account, so a fixed number can serve one invoice only. */
function numberingRuleProblems(config: OccurrenceConfig): FieldError[] {
  const sequence = config.numberingSequenceId ?? config.template.numbering_sequence_id;
  if (config.template.invoice_number !== undefined) {
    if (sequence !== undefined) {
      const msg = 'give either a fixed invoice_number or a numbering sequence';
      return [{ loc: NUMBER_LOC, msg, type: 'not_allowed' }];
    }
    if (config.maxOccurrences !== 1) {
      const msg =
        'a fixed invoice_number needs max_occurrences 1: every generated invoice needs its own number';
      return [{ loc: NUMBER_LOC, msg, type: 'not_allowed' }];
    }
    return [];
  }
  if (sequence !== undefined) return [];
  const msg =
    "Field required (or the template's numbering_sequence_id): each invoice takes its number from it";
  return [{ loc: 'body.numbering_sequence_id', msg, type: 'missing' }];
}

/** The create-document body of the occurrence on `date`. */
export function occurrenceBody(config: OccurrenceConfig, date: string): CreateDocumentBody {
  const {
    invoice_number: fixedNumber,
    numbering_sequence_id: templateSequence,
    due_in_days: terms,
    document_type: _invoice,
    ...content
  } = config.template;
  return {
    ...content,
    document_type: 'invoice',
    business_profile_id: config.businessProfileId,
    customer_id: config.customerId,
    issue_date: date,
    ...(terms !== undefined ? { due_date: addDays(date, terms) } : {}),
    ...(fixedNumber !== undefined
      ? { number: fixedNumber }
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
export function occurrenceProblems(ctx: AccountCtx, config: OccurrenceConfig, date: string): FieldError[] {
  const own = numberingRuleProblems(config);
  if (own.length > 0) return own;
  return newDocumentProblems(ctx, occurrenceBody(config, date)).map((p) => ({
    ...p,
    loc: recurringLoc(p.loc, config),
  }));
}

/** Creates the occurrence's invoice through the documents module, finalized when the schedule says so. */
export function createOccurrenceDocument(
  ctx: AccountCtx,
  config: OccurrenceConfig,
  date: string,
): DocumentRow {
  const draft = createDocument({ ctx, input: occurrenceBody(config, date) });
  if (!config.autoFinalize) return draft;
  return changeDocumentStatus({ ctx, input: { id: draft.id, action: 'finalize' } });
}

/** One line for `last_error`: the message plus each field problem, named as in the recurring request. */
export function failureReason(error: unknown, config: OccurrenceConfig | null): string {
  if (!(error instanceof DomainError)) return error instanceof Error ? error.message : String(error);
  const fields = (error.details?.fields ?? []) as FieldError[];
  if (fields.length === 0) return error.message;
  const named = fields.map((f) => {
    const loc = config ? recurringLoc(f.loc, config) : f.loc;
    return `${loc.replace(/^body\./, '')}: ${f.msg}`;
  });
  return `${error.message}: ${named.join('; ')}`;
}
