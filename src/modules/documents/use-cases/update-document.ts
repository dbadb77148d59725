import { isUniqueViolation } from '../../../db/errors';
import { savepoint, transactional } from '../../../db/transaction';
import { CONTENT_KEYS } from '../../../domain/document-content';
import { type LinkWrite, linkChanges, writeLinks } from '../../../http/links';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound, validationError } from '../../../shared/errors';
import type { DocumentType } from '../../reference';
import type { UpdateDocumentBody } from '../model';
import { creditNotesOf, findDocument, updateDocumentIfStatus } from '../repo';
import type { DocumentRow } from '../schema';
import { DEDUCTION_KEYS, deductedIdsOf, withDeductedInvoices } from './deducted-invoices';
import { pickContent, prepareDraft } from './prepare-draft';
import { numberOfAnotherYear, numberTaken, withSequenceNumber } from './store-numbered';

const pick = <T>(change: T | undefined, current: T): T => (change === undefined ? current : change);

/**
 * PATCH on a draft: omitted = unchanged, value = set, null = clear; the result is checked as a whole.
 * `links`: the other modules' fields of the body (src/http/links.ts), checked and stored with it; an issued
 * document takes a PATCH of nothing but links that may change after issue (cost centres) and no other.
 */
async function updateDocumentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; changes: UpdateDocumentBody; links?: readonly LinkWrite[] };
}): Promise<DocumentRow> {
  const row = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!row) throw notFound('Document');
  const links = input.links ?? [];
  if (row.status !== 'draft') {
    const onlyLinks = links.length > 0 && Object.keys(input.changes).length === 0;
    if (onlyLinks && links.every((write) => write.link.editableAfterIssue)) {
      return await relinkIssued(ctx, row, links);
    }
    throw conflict(`Only draft documents can be edited; this one is ${row.status}`);
  }
  const c = input.changes;
  const content: Record<string, unknown> = { ...row.data };
  // What the service filled from the deducted invoices is filled anew (deducted-invoices.ts): the request's
  // own values of those keys are compared with it, the stored ones are not the request's.
  // Also when the request starts deducting (a typed prepaid_amount or preceding invoice the draft held is
  // replaced by what the deducted invoices give, not refused as if the request had sent it).
  const storedIds = deductedIdsOf(row.data);
  const deducting = c.deducted_invoices !== undefined && (c.deducted_invoices ?? []).length > 0;
  if (storedIds.length > 0 || deducting) for (const key of DEDUCTION_KEYS) delete content[key];
  for (const key of CONTENT_KEYS) {
    if (c[key] !== undefined) content[key] = c[key];
  }
  // BG-3 is one list (docs/documents.md): setting it one way replaces it given the other way.
  if (c.preceding_invoices !== undefined && c.preceding_invoice === undefined)
    delete content.preceding_invoice;
  if (c.preceding_invoice !== undefined && c.preceding_invoices === undefined)
    delete content.preceding_invoices;
  const undeducted = {
    documentType: row.documentType as DocumentType,
    issueDate: pick(c.issue_date, row.issueDate),
    dueDate: pick(c.due_date, row.dueDate),
    currency: pick(c.currency, row.currency),
    locale: pick(c.locale, row.locale),
    reason: pick(c.reason, row.reason),
    businessProfileId: pick(c.business_profile_id, row.businessProfileId),
    customerId: pick(c.customer_id, row.customerId),
    sourceDocumentId: pick(c.source_document_id, row.sourceDocumentId),
    content: pickContent(content),
  };
  const ids =
    c.deducted_invoices !== undefined ? (c.deducted_invoices ?? []) : c.deductions === null ? [] : storedIds;
  const deducted = await withDeductedInvoices(ctx, undeducted, ids, row.id);
  const draft = deducted.draft;
  const linked = await linkChanges(ctx.db, ctx.accountId, row.id, links);
  const totals = await prepareDraft(ctx, draft, [
    ...deducted.problems,
    ...linked.problems,
    ...(await namedByCreditNotes(ctx, row, draft.customerId)),
  ]);
  const number = pick(c.number, row.number);
  const { content: data, ...identity } = draft;
  const write = (sp: AccountCtx, chosen: string) =>
    updateDocumentIfStatus(sp.db, ctx.accountId, row.id, 'draft', {
      ...identity,
      number: chosen,
      data,
      totals,
      updatedAt: isoNow(ctx.clock),
    });
  try {
    // Moved into another year, a draft numbered from a sequence takes that year's next number (its old
    // one named the year it no longer is in); another number given stays as given. The console sends the
    // number it shows with every save: the same number is no choice of one.
    const renumber =
      (c.number === undefined || c.number === row.number) &&
      (await numberOfAnotherYear(ctx, row, draft.issueDate)) &&
      row.numberingSequenceId;
    // A savepoint: numberTaken reads on after a unique violation (PostgreSQL aborts the transaction).
    const updated = renumber
      ? await withSequenceNumber(
          ctx,
          { sequenceId: renumber, issueDate: draft.issueDate, loc: 'body.issue_date' },
          write,
        )
      : await savepoint(ctx, (sp) => write(sp, number));
    if (!updated) throw conflict('The document was finalized meanwhile; it can no longer be edited');
    await writeLinks(ctx.db, ctx.accountId, row.id, linked.changes);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error, 'documents.number')) throw await numberTaken(ctx, number);
    throw error;
  }
}

/**
 * An issued document's links that may change after issue: its content stays as issued; its `updated_at`
 * moves when a link does, so whoever syncs by `?updated_since=` sees the change.
 */
async function relinkIssued(ctx: AccountCtx, row: DocumentRow, writes: readonly LinkWrite[]) {
  const { changes, problems } = await linkChanges(ctx.db, ctx.accountId, row.id, writes);
  if (problems.length > 0) throw validationError(problems);
  if (changes.length === 0) return row;
  const touched = await updateDocumentIfStatus(ctx.db, ctx.accountId, row.id, row.status, {
    updatedAt: isoNow(ctx.clock),
  });
  if (!touched) throw conflict('The document changed meanwhile; try again');
  await writeLinks(ctx.db, ctx.accountId, row.id, changes);
  return touched;
}

export const updateDocument = transactional(updateDocumentInTransaction);

/**
 * A draft invoice that a credit note names keeps its customer: a credit note corrects an invoice of its
 * own customer (prepare-draft.ts), and moved to another, the invoice would take that customer's credit.
 */
async function namedByCreditNotes(ctx: AccountCtx, row: DocumentRow, customerId: string) {
  if (row.documentType !== 'invoice' || customerId === row.customerId) return [];
  const notes = await creditNotesOf(ctx.db, ctx.accountId, row.id);
  if (notes.length === 0) return [];
  return [
    {
      loc: 'body.customer_id',
      msg: `the credit note ${notes[0]?.number ?? ''} names this invoice: its customer stays`,
      type: 'invalid_value',
    },
  ];
}
