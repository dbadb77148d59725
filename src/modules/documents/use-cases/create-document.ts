import { transactional } from '../../../db/transaction';
import { type LinkWrite, linkChanges, writeLinks } from '../../../http/links';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { type FieldError, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { type CustomerRow, customerBuyerReference, findCustomer } from '../../customers';
import type { CreateDocumentBody } from '../model';
import type { DocumentRow } from '../schema';
import { withDeductedInvoices } from './deducted-invoices';
import { type DocumentParties, liveParties } from './document-data-of';
import {
  type DraftCandidate,
  draftPartiesOf,
  knownPartiesLookup,
  pickContent,
  prepareDraft,
} from './prepare-draft';
import { storeNumbered } from './store-numbered';

/** `number` or `numbering_sequence_id`, exactly one of them. */
export function numberingProblems(input: CreateDocumentBody): FieldError[] {
  if ((input.number === undefined) !== (input.numbering_sequence_id === undefined)) return [];
  return [
    input.number === undefined
      ? { loc: 'body.number', msg: 'Field required (or name a numbering_sequence_id)', type: 'missing' }
      : {
          loc: 'body.numbering_sequence_id',
          msg: 'give either number or numbering_sequence_id',
          type: 'not_allowed',
        },
  ];
}

/** The draft a create body describes, before its checks ran. */
export function draftOf(input: CreateDocumentBody): DraftCandidate {
  return {
    documentType: input.document_type ?? 'invoice',
    issueDate: input.issue_date,
    dueDate: input.due_date ?? null,
    currency: input.currency,
    locale: input.locale ?? null,
    reason: input.reason ?? null,
    businessProfileId: input.business_profile_id,
    customerId: input.customer_id,
    sourceDocumentId: input.source_document_id ?? null,
    content: pickContent(input),
  };
}

/** BT-10 from the customer (its buyer reference or Leitweg-ID) when the document states none. */
export async function withCustomerBuyerReference(
  ctx: AccountCtx,
  draft: DraftCandidate,
): Promise<DraftCandidate> {
  if (draft.content.buyer_reference !== undefined) return draft;
  return withBuyerReferenceOf(draft, await findCustomer(ctx.db, ctx.accountId, draft.customerId));
}

/** The same with the customer's row already read (undefined: no such customer). */
function withBuyerReferenceOf(draft: DraftCandidate, customer: CustomerRow | undefined): DraftCandidate {
  if (draft.content.buyer_reference !== undefined) return draft;
  const reference = customer ? customerBuyerReference(customer) : null;
  return reference === null ? draft : { ...draft, content: { ...draft.content, buyer_reference: reference } };
}

/** A stored draft and its parties as its checks read them: the answer needs no second read of either. */
export interface CreatedDocument {
  row: DocumentRow;
  parties: DocumentParties;
}

/**
 * A new draft: checked completely, totals computed, number taken atomically; `links`, the other modules'
 * fields of the body (src/http/links.ts), checked with it and stored with it. Run inside a transaction.
 */
async function createDocumentInTransaction({
  ctx,
  input,
  links = [],
}: {
  ctx: AccountCtx;
  input: CreateDocumentBody;
  links?: readonly LinkWrite[];
}): Promise<CreatedDocument> {
  const numbering = numberingProblems(input);
  if (numbering.length > 0) throw validationError(numbering);
  const candidate = draftOf(input);
  // The profile and customer once each: for BT-10, the reference check and the answer's parties.
  const known = await draftPartiesOf(ctx, candidate);
  const deducted = await withDeductedInvoices(
    ctx,
    withBuyerReferenceOf(candidate, known.customer),
    input.deducted_invoices ?? [],
    null,
  );
  const draft = deducted.draft;
  const linked = await linkChanges(ctx.db, ctx.accountId, null, links);
  const totals = await prepareDraft(
    ctx,
    draft,
    [...deducted.problems, ...linked.problems],
    knownPartiesLookup(ctx, draft, known),
  );
  const now = isoNow(ctx.clock);
  const { content, ...identity } = draft;
  const row = await storeNumbered(
    ctx,
    {
      id: newId('doc'),
      accountId: ctx.accountId,
      ...identity,
      status: 'draft',
      numberingSequenceId: input.numbering_sequence_id ?? null,
      data: content,
      totals,
      createdAt: now,
      updatedAt: now,
      finalizedAt: null,
      sentAt: null,
      paidAt: null,
      voidedAt: null,
      archivedAt: null,
    },
    input.number !== undefined
      ? { number: input.number }
      : { sequenceId: input.numbering_sequence_id ?? '', loc: 'body.numbering_sequence_id' },
  );
  await writeLinks(ctx.db, ctx.accountId, row.id, linked.changes);
  return { row, parties: liveParties(known.profile, known.customer) };
}

/**
 * READ COMMITTED on PostgreSQL: the number is taken under the sequence row's lock (allocateNumber), which
 * concurrent creates, on any instance, wait for instead of aborting each other; the number's uniqueness is
 * the index's and the parties' existence their foreign keys' (docs/instances.md).
 */
const CREATE = { isolation: 'read committed' } as const;

/** `createDocument` that also hands back the draft's parties as it read them (the create route's answer). */
export const createDocumentWithParties = transactional(createDocumentInTransaction, CREATE);

export const createDocument = transactional(
  async (args: Parameters<typeof createDocumentInTransaction>[0]) =>
    (await createDocumentInTransaction(args)).row,
  CREATE,
);
