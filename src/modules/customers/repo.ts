import { and, desc, eq, gte, isNull, lt, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { containsText } from '../../db/text-search';
import { conflict } from '../../shared/errors';
import type { PageRequest } from '../../shared/pagination';
import { type CustomerRow, customers } from './schema';

const scoped = (accountId: string, id: string) =>
  and(eq(customers.accountId, accountId), eq(customers.id, id));

export async function insertCustomer(db: DbOrTx, row: CustomerRow): Promise<CustomerRow> {
  return await db.insert(customers).values(row).returning().get();
}

export async function findCustomer(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<CustomerRow | undefined> {
  return await db.select().from(customers).where(scoped(accountId, id)).get();
}

/** Newest first; `search` keeps the rows whose name, email, taxId contain it (any case). */
export async function listCustomers(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
  search = '',
): Promise<CustomerRow[]> {
  const conditions = [
    eq(customers.accountId, accountId),
    containsText([customers.name, customers.email, customers.taxId], search),
  ];
  if (page.after !== null) conditions.push(lt(customers.id, page.after));
  return await db
    .select()
    .from(customers)
    .where(and(...conditions))
    .orderBy(desc(customers.id))
    .limit(page.limit + 1)
    .all();
}

export async function updateCustomer(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<CustomerRow>,
): Promise<CustomerRow | undefined> {
  return await db.update(customers).set(changes).where(scoped(accountId, id)).returning().get();
}

export type DeleteOutcome = 'deleted' | 'not_found' | 'in_use';

/** Documents reference customers by foreign key, so SQLite itself refuses to orphan them. */
export async function deleteCustomer(db: DbOrTx, accountId: string, id: string): Promise<DeleteOutcome> {
  try {
    const deleted = await db
      .delete(customers)
      .where(scoped(accountId, id))
      .returning({ id: customers.id })
      .all();
    return deleted.length > 0 ? 'deleted' : 'not_found';
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'in_use';
    throw error;
  }
}

/** A write that gave a customer a debtor number another customer of the account holds: a 409. */
export async function withDebtorNumberCheck<T>(
  debtorNumber: number | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'debtor_number')) {
      throw conflict(`debtor_number ${debtorNumber} belongs to another customer of this account`, {
        debtor_number: debtorNumber ?? null,
      });
    }
    throw error;
  }
}

/**
 * The customer's DATEV debtor number, given the next free one (from `first` on, after the highest in use)
 * when it has none yet. Runs inside the export's transaction, so two exports cannot hand out one number.
 */
export async function assignDebtorNumber(
  db: DbOrTx,
  accountId: string,
  id: string,
  first: number,
): Promise<number | null> {
  const row = await findCustomer(db, accountId, id);
  if (!row) return null;
  if (row.debtorNumber !== null) return row.debtorNumber;
  const highest = (
    await db
      .select({ value: max(customers.debtorNumber) })
      .from(customers)
      .where(and(eq(customers.accountId, accountId), gte(customers.debtorNumber, first)))
      .get()
  )?.value;
  const next = highest === null || highest === undefined ? first : highest + 1;
  await db
    .update(customers)
    .set({ debtorNumber: next })
    .where(and(scoped(accountId, id), isNull(customers.debtorNumber)))
    .run();
  return next;
}
