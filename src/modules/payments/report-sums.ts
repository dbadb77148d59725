// What the reports sum of payments (modules/reports, docs/reports.md): subqueries the documents' summing
// reader runs inside its own, so a page of invoices and their payments are summed in one statement.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { decimalParts, type SqlParts } from '../documents';
import { payments } from './schema';

/**
 * The payments dated after `day` of a document (`documentId`, a column of the statement that asks), summed
 * exactly: two correlated subqueries, its whole units and ten-billionths (documents' sql-money.ts). The
 * receivables add them back to what the database keeps open on an invoice (its amount due less all its
 * payments) to know what was open on `day`. The document's payments are looked up by its id, and the date
 * is a condition of the sum rather than of the lookup, so SQLite does not take the payments by date
 * instead (every payment of the account after the day, for each document).
 */
export function paidAfterPerDocument(accountId: string, day: string): (documentId: SQL) => SqlParts {
  const amount = decimalParts(payments.amount);
  const sum = (value: SQL, documentId: SQL) => sql`(
    SELECT CAST(coalesce(sum(CASE WHEN ${payments.date} > ${day} THEN ${value} ELSE 0 END), 0) AS BIGINT)
    FROM ${payments} WHERE ${and(eq(payments.accountId, accountId), sql`${payments.documentId} = ${documentId}`)})`;
  return (documentId) => ({ units: sum(amount.units, documentId), parts: sum(amount.parts, documentId) });
}
