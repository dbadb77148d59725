// What the reports sum of payments (modules/reports, docs/reports.md): a part the documents' summing reader
// runs inside its own statement, so invoices and their payments are summed in one statement.
import { eq, type SQL, sql } from 'drizzle-orm';
import { decimalParts } from '../documents';
import { payments } from './schema';

/**
 * The payments dated after `day` of the documents `documentIds` (a SELECT of ids of the statement that
 * asks), summed exactly per document: a SELECT of `id`, `units` and `parts` (whole units and
 * ten-billionths, documents' sql-money.ts), one row per document that has payments. The receivables add
 * them back to what the database keeps open on an invoice (its amount due less all its payments) to know
 * what was open on `day`. One grouped pass, driven by the documents (`CROSS JOIN` keeps SQLite's
 * join in that order: each document's payments by `payments_document_idx`), rather than a lookup per
 * document and part; the date is a condition of the sum rather than of the lookup, so
 * SQLite does not take the payments by date instead (every payment of the account after the day).
 */
export function paidAfterPerDocument(accountId: string, day: string): (documentIds: SQL) => SQL {
  const amount = decimalParts(payments.amount);
  const after = (value: SQL) =>
    sql`CAST(sum(CASE WHEN ${payments.date} > ${day} THEN ${value} ELSE 0 END) AS BIGINT)`;
  return (documentIds) => sql`
    SELECT ${payments.documentId} AS id, ${after(amount.units)} AS units, ${after(amount.parts)} AS parts
    FROM (${documentIds}) AS ids CROSS JOIN ${payments}
    WHERE ${eq(payments.accountId, accountId)} AND ${payments.documentId} = ids.id
    GROUP BY ${payments.documentId}`;
}
