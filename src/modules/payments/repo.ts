import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import { type PaymentRow, payments } from './schema';

export interface PaymentFilters {
  /** Payment dates from and to, both included (YYYY-MM-DD). */
  dateFrom?: string;
  dateTo?: string;
  customerId?: string;
  documentId?: string;
}

export async function insertPayment(db: DbOrTx, row: PaymentRow): Promise<PaymentRow> {
  return await db.insert(payments).values(row).returning().get();
}

export async function findPayment(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<PaymentRow | undefined> {
  return await db
    .select()
    .from(payments)
    .where(scoped(payments, accountId, id))
    .get();
}

/** One page, newest first (ids sort by creation). */
export async function listPayments(
  db: DbOrTx,
  accountId: string,
  filters: PaymentFilters,
  page: PageRequest,
) {
  const conditions: (SQL | undefined)[] = [eq(payments.accountId, accountId)];
  if (filters.documentId) conditions.push(eq(payments.documentId, filters.documentId));
  if (filters.customerId) conditions.push(eq(payments.customerId, filters.customerId));
  if (filters.dateFrom) conditions.push(gte(payments.date, filters.dateFrom));
  if (filters.dateTo) conditions.push(lte(payments.date, filters.dateTo));
  if (page.after !== null) conditions.push(lt(payments.id, page.after));
  return await db
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(desc(payments.id))
    .limit(page.limit + 1)
    .all();
}

/** Every payment of one document, newest first. */
export async function paymentsOfDocument(
  db: DbOrTx,
  accountId: string,
  documentId: string,
): Promise<PaymentRow[]> {
  return await db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.documentId, documentId)))
    .orderBy(desc(payments.id))
    .all();
}

export async function deletePaymentRow(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(payments)
        .where(scoped(payments, accountId, id))
        .returning({ id: payments.id })
        .all()
    ).length > 0
  );
}
