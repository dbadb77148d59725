// A credit note corrects its invoice by at most what the invoice asked (docs/payments.md, "Credit notes set
// against their invoice"): finalize-check says so when one would credit more than is left of it, whatever
// the credit notes before it credited, or when it credits a void invoice; the draft's page shows it. A
// notice, never a refusal: SPEC sets no such limit, and a correction beyond the invoice (a goodwill credit
// booked on it) is the seller's call. Before, nothing said it: a credit note of 150.00 against an invoice of
// 100.00 was issued without a word, and the invoice then owed -50.00.

import type { InvoiceNotice } from '../../../domain/invoice-law';
import { cmp, dec, isNegative, sub, sum, toFixedString } from '../../../domain/money';
import { minorUnitsOf } from '../../../domain/reference';
import type { AccountCtx } from '../../../shared/context';
import { creditedAmount } from '../payment-figures';
import { creditNotesOf, findDocument } from '../repo';
import type { DocumentRow } from '../schema';

/** A credit note that counts against its invoice: issued (finalized, or archived without being voided). */
export const countsAsCredit = (note: DocumentRow) =>
  note.status === 'finalized' ||
  note.status === 'sent' ||
  (note.status === 'archived' && note.voidedAt === null);

/**
 * What an invoice asks, the amount its credit notes are measured against: its total (BT-112). Not its amount
 * due: a final invoice's deducted Abschläge or a prepaid amount were paid for the same supply, and a price
 * reduced below them is a refund, still a correction of at most the invoice.
 */
const askedBy = (invoice: DocumentRow) => invoice.totals.total;

/**
 * The notice of a draft credit note crediting more than is left of its invoice (its total less the issued
 * credit notes naming it in its currency; nothing when it is void), or of a draft invoice that issued credit
 * notes (made while it was a draft) credit more than it asks; null otherwise. A credit note in another
 * currency than its invoice is not set against it (docs/payments.md) and is not measured; one whose invoice
 * is gone has nothing to be measured against.
 */
export async function overCreditNotice(ctx: AccountCtx, row: DocumentRow): Promise<InvoiceNotice | null> {
  if (row.status !== 'draft') return null;
  if (row.documentType !== 'credit_note') return await invoiceOverCredited(ctx, row);
  if (row.sourceDocumentId === null) return null;
  const invoice = await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId);
  if (!invoice || invoice.documentType === 'credit_note' || row.currency !== invoice.currency) return null;
  const units = minorUnitsOf(invoice.currency);
  const money = (d: ReturnType<typeof dec>) => `${toFixedString(d, units)} ${invoice.currency}`;
  const amount = dec(creditedAmount(row.totals));
  const cancelled = invoice.status === 'void' || invoice.voidedAt !== null;
  const asked = dec(askedBy(invoice));
  const credited = sum(
    (await issuedCreditsOf(ctx, invoice, row.id)).map((n) => dec(creditedAmount(n.totals))),
  );
  const rest = cancelled ? dec('0') : sub(asked, credited);
  const left = isNegative(rest) ? dec('0') : rest;
  if (cmp(amount, left) <= 0) return null;
  const why = cancelled
    ? `the invoice ${invoice.number} is cancelled (void): nothing is left to credit`
    : `only ${money(left)} of the invoice ${invoice.number} (${money(asked)}, ${money(credited)} credited already) is left to credit`;
  return {
    code: 'credit_exceeds_invoice',
    field: 'source_document_id',
    message: `This credit note credits ${money(amount)}, but ${why}: a correction credits at most what the invoice asked`,
  };
}

async function invoiceOverCredited(ctx: AccountCtx, row: DocumentRow): Promise<InvoiceNotice | null> {
  const notes = await issuedCreditsOf(ctx, row, null);
  if (notes.length === 0) return null;
  const units = minorUnitsOf(row.currency);
  const money = (d: ReturnType<typeof dec>) => `${toFixedString(d, units)} ${row.currency}`;
  const credited = sum(notes.map((note) => dec(creditedAmount(note.totals))));
  const asked = dec(askedBy(row));
  if (cmp(credited, asked) <= 0) return null;
  return {
    code: 'credited_above_invoice',
    field: 'line_items',
    message: `The credit notes issued against this invoice (${notes.map((n) => n.number).join(', ')}) credit ${money(credited)}, more than its ${money(asked)}: raise its amount or void a credit note`,
  };
}

/** The issued credit notes naming `invoice` in its currency, but `exceptId`. */
async function issuedCreditsOf(ctx: AccountCtx, invoice: DocumentRow, exceptId: string | null) {
  return (await creditNotesOf(ctx.db, ctx.accountId, invoice.id)).filter(
    (note) => note.id !== exceptId && countsAsCredit(note) && note.currency === invoice.currency,
  );
}
