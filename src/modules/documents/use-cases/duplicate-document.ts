import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { type DocumentSubject, documentTotals } from '../checks';
import { findDocument, findDocumentByNumber } from '../repo';
import type { DocumentRow } from '../schema';
import { DEDUCTION_KEYS, deductedIdsOf } from './deducted-invoices';
import { storeNumbered } from './store-numbered';

/**
 * The copy's number: the next one of the original's numbering sequence when it had one, otherwise the
 * original number with `-copy` (then `-copy-2`, `-copy-3`, ...), the first that is free.
 */
async function copyNumbering(ctx: AccountCtx, original: DocumentRow) {
  if (original.numberingSequenceId)
    return { sequenceId: original.numberingSequenceId, loc: 'numbering_sequence_id' };
  for (let n = 1; ; n++) {
    const candidate = `${original.number}-copy${n === 1 ? '' : `-${n}`}`;
    if (!(await findDocumentByNumber(ctx.db, ctx.accountId, candidate))) return { number: candidate };
  }
}

/** A new draft with the same content and a fresh id; parties are live again until it is finalized. */
async function duplicateDocumentInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string };
}): Promise<DocumentRow> {
  const original = await findDocument(ctx.db, ctx.accountId, input.id);
  if (!original) throw notFound('Document');
  const { seller: _seller, buyer: _buyer, ...data } = original.data;
  const { amountPaid: _paid, amountCredited: _credited, ...copied } = original;
  // The invoices the original deducts stay its own (deducted-invoices.ts): the copy deducts none, its
  // totals without their prepaid amount.
  const deducts = deductedIdsOf(data).length > 0;
  const content = { ...data };
  if (deducts) for (const key of DEDUCTION_KEYS) delete content[key];
  const recomputed = deducts
    ? documentTotals(original.currency, content as DocumentSubject['content'])
    : null;
  const totals = recomputed?.ok ? { ...recomputed.totals, currency: original.currency } : original.totals;
  const now = isoNow(ctx.clock);
  return await storeNumbered(
    ctx,
    {
      ...copied,
      id: newId('doc'),
      status: 'draft',
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
    await copyNumbering(ctx, original),
  );
}

export const duplicateDocument = transactional(duplicateDocumentInTransaction);
