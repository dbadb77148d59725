import type { DbOrTx } from '../../db/client';
import { cmp, dec, isDecimalString } from '../../domain/money';
import { documentTotals } from '../documents';
import { parseEntries } from './entries';
import type { IssuedRow } from './model';
import { type ImportHead, loadEntriesText } from './repo';

/**
 * What the review step shows of a pending documents import beside its errors: the valid rows confirm
 * creates issued (and paid), read from the stored entries. Undefined for anything else, and without parsing
 * the entries when none carries a history (a plain file of drafts costs one text search).
 */
export async function issuedRowsOf(db: DbOrTx, head: ImportHead): Promise<IssuedRow[] | undefined> {
  if (head.status !== 'pending' || head.resource !== 'documents') return undefined;
  const text = await loadEntriesText(db, head.accountId, head.id);
  if (text === null || !text.includes('"status":')) return undefined;
  const issued: IssuedRow[] = [];
  for (const entry of await parseEntries(text)) {
    const history = entry.history;
    const status = history?.status;
    if (status !== 'finalized' && status !== 'sent' && status !== 'paid') continue;
    const row = entry.rows[0] ?? 0;
    const sheetRow = entry.sheetRows?.[0];
    issued.push({
      row,
      ...(sheetRow !== undefined && sheetRow !== row + 1 ? { sheet_row: sheetRow } : {}),
      number: String((entry.body as { number?: unknown }).number ?? ''),
      status,
      ...(history?.paid_on ? { paid_on: history.paid_on } : {}),
      ...(history?.amount_paid ? { amount_paid: history.amount_paid } : {}),
      ...(status !== 'paid' && settles(entry.body, history?.amount_paid) ? { settles: true } : {}),
    });
  }
  return issued;
}

/**
 * Whether a payment settles the document it is recorded on (its own amount due, before any credit note of
 * the file): confirm then makes a 'sent' or 'finalized' row paid, and the review says so, not "part payment".
 */
function settles(body: unknown, amountPaid: string | undefined): boolean {
  if (amountPaid === undefined || !isDecimalString(amountPaid)) return false;
  const document = body as Parameters<typeof documentTotals>[1] & { currency?: unknown };
  if (typeof document.currency !== 'string') return false;
  const totals = documentTotals(document.currency, document);
  if (!totals.ok) return false;
  const due = totals.totals.amount_due ?? totals.totals.total;
  return cmp(dec(amountPaid), dec(due)) >= 0;
}
