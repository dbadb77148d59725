import { getDocumentType, isDocumentType } from '../../../domain/reference';
import type { AccountCtx } from '../../../shared/context';
import { isCalendarDate } from '../../../shared/dates';
import { DomainError, type FieldError } from '../../../shared/errors';
import { builtInFinalizeViolations } from '../../compliance';
import {
  changeDocumentStatus,
  type FinalizeCheck,
  type FinalizeViolation,
  finalizeDocument,
  findDocument,
  paymentFigures,
} from '../../documents';
import { recordPayment } from '../../payments';

/**
 * A document row's history (docs/imports.md "Moving an invoice history from another tool"): fields of an
 * import row that are no field of POST /documents, split off before its schema check. `status` says the
 * document was issued already (finalized, sent, or paid), `paid_on` and `amount_paid` the payment received,
 * `source_document_number` names a credit note's invoice by its number instead of its id.
 */
export interface DocumentHistory {
  status?: IssuedStatus;
  paid_on?: string;
  amount_paid?: string;
  source_document_number?: string;
}

export type IssuedStatus = 'finalized' | 'sent' | 'paid';
const ISSUED: readonly string[] = ['finalized', 'sent', 'paid'];
export const HISTORY_FIELDS = ['status', 'paid_on', 'amount_paid', 'source_document_number'] as const;

const POSITIVE_DECIMAL = /^\d+(?:\.\d+)?$/;

/** The row without its history fields, the history read from them, and what is wrong with them. */
export function splitHistory(body: unknown): {
  rest: unknown;
  history: DocumentHistory | undefined;
  problems: FieldError[];
} {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { rest: body, history: undefined, problems: [] };
  }
  const source = body as Record<string, unknown>;
  if (!HISTORY_FIELDS.some((field) => field in source))
    return { rest: body, history: undefined, problems: [] };
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!(HISTORY_FIELDS as readonly string[]).includes(key)) rest[key] = value;
  }
  const problems: FieldError[] = [];
  const history: DocumentHistory = {};
  const text = (field: (typeof HISTORY_FIELDS)[number]): string | undefined => {
    const value = source[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    problems.push({ loc: field, msg: 'Expected string', type: 'string_type' });
    return undefined;
  };
  const status = text('status');
  if (status === 'void' || status === 'archived') {
    const msg =
      status === 'void'
        ? "a cancelled document is not imported: leave it out of the file (its number stays explained in the old tool's records); voided here, its reversal would be booked today, not in the month it was cancelled"
        : "an archived document is imported as what it was: 'finalized', 'sent' or 'paid'";
    problems.push({ loc: 'status', msg, type: 'invalid_value' });
  } else if (status !== undefined && status !== 'draft' && !ISSUED.includes(status)) {
    const msg = `Expected 'draft', 'finalized', 'sent' or 'paid' (got '${status}')`;
    problems.push({ loc: 'status', msg, type: 'invalid_value' });
  } else if (status !== undefined && status !== 'draft') history.status = status as IssuedStatus;

  const paidOn = text('paid_on');
  if (paidOn !== undefined) {
    if (isCalendarDate(paidOn)) history.paid_on = paidOn;
    else
      problems.push({ loc: 'paid_on', msg: `'${paidOn}' is not a date (YYYY-MM-DD)`, type: 'date_parsing' });
  }
  const amount = text('amount_paid');
  if (amount !== undefined) {
    if (POSITIVE_DECIMAL.test(amount) && /[1-9]/.test(amount)) history.amount_paid = amount;
    else {
      const msg = `amount_paid must be a positive decimal string such as "119.00" (got '${amount}')`;
      problems.push({ loc: 'amount_paid', msg, type: 'decimal_parsing' });
    }
  }
  const sourceNumber = text('source_document_number');
  if (sourceNumber !== undefined && sourceNumber !== '') {
    if (rest.source_document_id !== undefined && rest.source_document_id !== null) {
      const msg = 'give source_document_id or source_document_number, not both';
      problems.push({ loc: 'source_document_number', msg, type: 'not_allowed' });
    } else history.source_document_number = sourceNumber;
  }

  const paying = paidOn !== undefined || amount !== undefined;
  if (paying && status === undefined) {
    const msg =
      "a payment is recorded on an issued document: give its status ('finalized', 'sent' or 'paid')";
    problems.push({ loc: 'status', msg, type: 'missing' });
  } else if (paying && status === 'draft') {
    const msg =
      "a draft takes no payment: give the status it was issued with ('finalized', 'sent' or 'paid')";
    problems.push({ loc: 'status', msg, type: 'invalid_value' });
  }
  if (history.status !== undefined) {
    if ((history.status === 'paid' || amount !== undefined) && paidOn === undefined) {
      const msg = 'the day the payment arrived (YYYY-MM-DD)';
      problems.push({ loc: 'paid_on', msg: `Field required: ${msg}`, type: 'missing' });
    }
    if (paidOn !== undefined && amount === undefined && history.status !== 'paid') {
      const msg = "Field required: what was paid on paid_on (or status 'paid' for the whole amount)";
      problems.push({ loc: 'amount_paid', msg, type: 'missing' });
    }
  }
  if (history.status !== undefined) {
    if (typeof rest.number !== 'string' || rest.number === '') {
      const msg =
        'an issued document keeps the number it was issued under: give its number (a numbering sequence numbers new drafts only)';
      problems.push({ loc: 'number', msg, type: 'missing' });
    }
    problems.push(...typeProblems(rest.document_type, history.status, amount !== undefined));
  }
  const given = Object.keys(history).length > 0 ? history : undefined;
  return { rest, history: given, problems };
}

/**
 * What the document's type cannot be: sent (a credit note has no `mark-sent`), paid or paid on (only the
 * payable types, invoice and proforma, take payments). An unknown type is the schema's to report.
 */
function typeProblems(type: unknown, status: IssuedStatus, paying: boolean): FieldError[] {
  const id = type === undefined ? 'invoice' : type;
  if (typeof id !== 'string' || !isDocumentType(id)) return [];
  const info = getDocumentType(id);
  const name = id.replace('_', ' ');
  if (status !== 'finalized' && !info.actions.includes('mark-sent')) {
    return [{ loc: 'status', msg: `a ${name} is not sent: import it as 'finalized'`, type: 'invalid_value' }];
  }
  if (!info.payable && status === 'paid') {
    const msg = `a ${name} takes no payments: import it as 'finalized' or 'sent'`;
    return [{ loc: 'status', msg, type: 'invalid_value' }];
  }
  if (!info.payable && paying) {
    return [{ loc: 'amount_paid', msg: `a ${name} takes no payments`, type: 'not_allowed' }];
  }
  return [];
}

/** Why one history step failed at confirm: that row's errors, the rest of the import goes on. */
export class HistoryRefusal extends Error {
  constructor(readonly fields: FieldError[]) {
    super(fields.map((f) => f.msg).join('; '));
  }
}

/**
 * The built-in checks of the buyer's e-invoice profile only: the official rules cannot run inside the
 * import's transaction (as a recurring invoice's occurrence finalizes: recurring-invoices).
 */
const builtInCheck: FinalizeCheck = async (_ctx, input) =>
  builtInFinalizeViolations(input.profile, input.data);

/** `data.buyer_reference` -> `buyer_reference`: where the row holds the field a finding names. */
const rowField = (field: string) => field.replace(/^data\./, '').replace(/^document\./, '') || 'row';

function finalizeRefusal(error: unknown): HistoryRefusal {
  if (!(error instanceof DomainError)) throw error;
  if (error.code === 'compliance_failed') {
    const violations = (error.details?.violations ?? []) as FinalizeViolation[];
    const profile = String(error.details?.profile ?? '');
    return new HistoryRefusal(
      violations.map((v) => ({
        loc: rowField(v.field),
        msg: `finalize refused it: the buyer needs ${profile}: ${v.message} (${v.rule})`,
        type: 'compliance_failed',
      })),
    );
  }
  const fields = (error.details?.fields ?? []) as FieldError[];
  if (fields.length > 0) {
    return new HistoryRefusal(
      fields.map((f) => ({ ...f, loc: f.loc.replace(/^body\./, ''), msg: `finalize refused it: ${f.msg}` })),
    );
  }
  return new HistoryRefusal([
    { loc: 'status', msg: `finalize refused it: ${error.message}`, type: error.code },
  ]);
}

function paymentRefusal(error: unknown): HistoryRefusal {
  if (!(error instanceof DomainError)) throw error;
  const fields = (error.details?.fields ?? []) as FieldError[];
  const at = (loc: string) => (loc === 'body.date' ? 'paid_on' : 'amount_paid');
  if (fields.length > 0) return new HistoryRefusal(fields.map((f) => ({ ...f, loc: at(f.loc) })));
  return new HistoryRefusal([{ loc: 'amount_paid', msg: error.message, type: error.code }]);
}

/**
 * Issues a just-created draft as its row says, inside the caller's savepoint: finalize with its own checks
 * (the buyer's e-invoice profile's built-in ones), `mark-sent` for a sent or paid one, then the payment as
 * POST /documents/{id}/payments records it, dated `paid_on`. A refusal is the row's (HistoryRefusal).
 */
export async function issueImported(ctx: AccountCtx, documentId: string, history: DocumentHistory) {
  const status = history.status;
  if (status === undefined) return;
  try {
    await finalizeDocument({ ctx, input: { id: documentId }, check: builtInCheck });
  } catch (error) {
    throw finalizeRefusal(error);
  }
  if (status === 'sent' || status === 'paid') {
    try {
      await changeDocumentStatus({ ctx, input: { id: documentId, action: 'mark-sent' } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new HistoryRefusal([{ loc: 'status', msg: error.message, type: error.code }]);
    }
  }
  if (history.paid_on === undefined) return;
  let amount = history.amount_paid;
  if (amount === undefined) {
    // `paid` without an amount: what the invoice still asks (its total less what credit notes took off).
    const row = await findDocument(ctx.db, ctx.accountId, documentId);
    const due = row ? paymentFigures(row).amount_due : '0';
    if (!/[1-9]/.test(due) || due.startsWith('-')) return;
    amount = due;
  }
  let settled: string;
  try {
    const { document } = await recordPayment({
      ctx,
      input: { documentId, payment: { amount, date: history.paid_on } },
    });
    settled = document.status;
  } catch (error) {
    throw paymentRefusal(error);
  }
  if (status === 'paid' && settled !== 'paid') {
    const msg = `a paid document's payment settles it, and ${amount} does not: give the amount due, or status 'sent' for a part payment`;
    throw new HistoryRefusal([{ loc: 'amount_paid', msg, type: 'invalid_value' }]);
  }
}
