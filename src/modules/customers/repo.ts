import { and, desc, eq, gte, isNull, lt, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { containsText } from '../../db/text-search';
import { conflict } from '../../shared/errors';
import type { PageRequest } from '../../shared/pagination';
import { type CustomerRow, customers } from './schema';

const scoped = (accountId: string, id: string) =>
  and(eq(customers.accountId, accountId), eq(customers.id, id));

export function insertCustomer(db: DbOrTx, row: CustomerRow): CustomerRow {
  return db.insert(customers).values(row).returning().get();
}

export function findCustomer(db: DbOrTx, accountId: string, id: string): CustomerRow | undefined {
  return db.select().from(customers).where(scoped(accountId, id)).get();
}

/** Newest first; `search` keeps the rows whose name, email, taxId contain it (any case). */
export function listCustomers(db: DbOrTx, accountId: string, page: PageRequest, search = ''): CustomerRow[] {
  const conditions = [
    eq(customers.accountId, accountId),
    containsText([customers.name, customers.email, customers.taxId], search),
  ];
  if (page.after !== null) conditions.push(lt(customers.id, page.after));
  return db
    .select()
    .from(customers)
    .where(and(...conditions))
    .orderBy(desc(customers.id))
    .limit(page.limit + 1)
    .all();
}

export function updateCustomer(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<CustomerRow>,
): CustomerRow | undefined {
  return db.update(customers).set(changes).where(scoped(accountId, id)).returning().get();
}

export type DeleteOutcome = 'deleted' | 'not_found' | 'in_use';

/** Documents reference customers by foreign key, so SQLite itself refuses to orphan them. */
export function deleteCustomer(db: DbOrTx, accountId: string, id: string): DeleteOutcome {
  try {
    const deleted = db.delete(customers).where(scoped(accountId, id)).returning({ id: customers.id }).all();
    return deleted.length > 0 ? 'deleted' : 'not_found';
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'in_use';
    throw error;
  }
}

/** A write that gave a customer a debtor number another customer of the account holds: a 409. */
export function withDebtorNumberCheck<T>(debtorNumber: number | null | undefined, write: () => T): T {
  try {
    return write();
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
export function assignDebtorNumber(db: DbOrTx, accountId: string, id: string, first: number): number | null {
  const row = findCustomer(db, accountId, id);
  if (!row) return null;
  if (row.debtorNumber !== null) return row.debtorNumber;
  const highest = db
    .select({ value: max(customers.debtorNumber) })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), gte(customers.debtorNumber, first)))
    .get()?.value;
  const next = highest === null || highest === undefined ? first : highest + 1;
  db.update(customers)
    .set({ debtorNumber: next })
    .where(and(scoped(accountId, id), isNull(customers.debtorNumber)))
    .run();
  return next;
}
