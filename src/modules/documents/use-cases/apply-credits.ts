import { dec, eq, sum, toFixedString } from '../../../domain/money';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { statusAfterPayments } from '../lifecycle';
import { creditedAmount, minorUnitsOf, paymentFigures } from '../payment-figures';
import { creditNotesOf, findDocument, updateDocumentIfStatus } from '../repo';
import type { DocumentRow } from '../schema';
import { countsAsCredit } from './credit-limit';

/**
 * A credit note (Rechnungskorrektur) naming an invoice as its source is set against it: the invoice's
 * `amount_credited` is the sum of its issued credit notes in its currency (what each credits:
 * `creditedAmount`), and what is left is what the payments are measured against, so a fully corrected invoice is
 * settled and leaves the open items. Called in the transaction that finalizes, voids, archives or restores
 * the credit note, and that finalizes the invoice (a credit note issued while it was a draft); the
 * receivables report has always applied
 * credit notes to their invoice the same way. Answers the invoice as written, or null when nothing changed.
 */
export async function applyCredits(ctx: AccountCtx, invoiceId: string): Promise<DocumentRow | null> {
  const invoice = await findDocument(ctx.db, ctx.accountId, invoiceId);
  if (!invoice || invoice.documentType === 'credit_note') return null;
  const notes = (await creditNotesOf(ctx.db, ctx.accountId, invoice.id)).filter(
    (note) => countsAsCredit(note) && note.currency === invoice.currency,
  );
  const credited = toFixedString(
    sum(notes.map((note) => dec(creditedAmount(note.totals)))),
    minorUnitsOf(invoice.currency),
  );
  const { settled } = paymentFigures({ ...invoice, amountCredited: credited });
  const next = statusAfterPayments(invoice, settled);
  if (eq(dec(credited), dec(invoice.amountCredited)) && next === invoice.status) return null;
  const now = isoNow(ctx.clock);
  return (
    (await updateDocumentIfStatus(ctx.db, ctx.accountId, invoice.id, invoice.status, {
      amountCredited: credited,
      status: next,
      updatedAt: now,
      ...(next === 'paid' && invoice.status !== 'paid' ? { paidAt: now } : {}),
      ...(invoice.status === 'paid' && next !== 'paid' ? { paidAt: null } : {}),
    })) ?? null
  );
}
