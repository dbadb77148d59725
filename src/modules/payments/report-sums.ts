// What the reports sum of payments (modules/reports, docs/reports.md): a statement the documents' summing
// reader runs inside its own, so a page of invoices and their payments are summed in one statement.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { decimalParts } from '../documents';
import { payments } from './schema';

/**
 * The payments dated on or before `dateTo` of the documents of a relation with an `id` column (`from`, a
 * name the statement defines), summed exactly per document: a statement selecting `id` (the document's),
 * `units` and `parts` (documents' sql-money.ts). Each document's payments are looked up by its id, so
 * payments of other documents are not read: CROSS JOIN keeps that order on SQLite (PostgreSQL plans it as
 * any join), and the date is a condition of the sum rather than of the lookup, so SQLite does not take the
 * payments by date instead (every payment of the account up to the day, for each document).
 */
export function paidPerDocument(accountId: string, dateTo: string): (from: SQL) => SQL {
  const amount = decimalParts(payments.amount);
  const dated = (value: SQL) => sql`CASE WHEN ${payments.date} <= ${dateTo} THEN ${value} ELSE 0 END`;
  return (from) => sql`
    SELECT ${payments.documentId} AS id, CAST(sum(${dated(amount.units)}) AS BIGINT) AS units,
      CAST(sum(${dated(amount.parts)}) AS BIGINT) AS parts
    FROM ${from} AS ids CROSS JOIN ${payments}
    WHERE ${and(eq(payments.accountId, accountId), sql`${payments.documentId} = ids.id`)}
    GROUP BY ${payments.documentId}`;
}
