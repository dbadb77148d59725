import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, max, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountRows, scoped } from '../../db/scoped';
import { conflict } from '../../shared/errors';
import { type CustomerRow, customers } from './schema';

/**
 * Listed newest first; `?q=` searches name, email and tax ID. Documents reference customers by foreign key,
 * so the database itself refuses to orphan them (the delete use-case's 409).
 */
/** What `?q=` searches: name, email and tax ID. */
export const customerSearch = [customers.name, customers.email, customers.taxId];

export const customerRows = accountRows(customers, { search: customerSearch });

export const findCustomer = customerRows.find;

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

/** The 409 of a customer left without a debtor number: every one from `first` to `last` is given. */
export function debtorAccountsFull(customer: CustomerRow, { first, last }: { first: number; last: number }) {
  return conflict(
    `Every DATEV debtor account from ${first} to ${last} is given: set ${customer.name}'s debtor_number by hand`,
    { reason: 'debtor_accounts_full', customer_id: customer.id, customer_name: customer.name, first, last },
  );
}

/**
 * The 409 of a customer whose debtor number (set by hand, or given by an older version) is no debtor account
 * at the account length the DATEV settings say: the file would book it as a ledger or creditor account.
 */
export function debtorNumberOutOfRange(
  customer: CustomerRow,
  { first, last, length }: { first: number; last: number; length: number },
) {
  return conflict(
    `${customer.name}'s debtor_number ${customer.debtorNumber} is no DATEV debtor account at account length ${length} (${first}-${last}): change the number or the account length`,
    {
      reason: 'debtor_number_out_of_range',
      customer_id: customer.id,
      customer_name: customer.name,
      debtor_number: customer.debtorNumber,
      first,
      last,
      account_length: length,
    },
  );
}

/** The first of the account's customers (by debtor number) whose number is outside `first`-`last`, if any. */
export async function debtorOutside(
  db: DbOrTx,
  accountId: string,
  { first, last }: { first: number; last: number },
): Promise<CustomerRow | undefined> {
  return await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        or(lt(customers.debtorNumber, first), gt(customers.debtorNumber, last)),
      ),
    )
    .orderBy(asc(customers.debtorNumber))
    .limit(1)
    .get();
}

/** The account's customers whose debtor number is from `first` to `last`. */
const debtorsIn = (accountId: string, { first, last }: { first: number; last: number }) =>
  and(
    eq(customers.accountId, accountId),
    gte(customers.debtorNumber, first),
    lte(customers.debtorNumber, last),
  );

/** The debtor numbers among `numbers` a customer of the account holds, a slice of them per query. */
export async function heldDebtorNumbers(
  db: DbOrTx,
  accountId: string,
  numbers: readonly number[],
): Promise<Set<number>> {
  const held = new Set<number>();
  const unique = [...new Set(numbers)];
  for (let at = 0; at < unique.length; at += 500) {
    const rows = await db
      .select({ number: customers.debtorNumber })
      .from(customers)
      .where(
        and(eq(customers.accountId, accountId), inArray(customers.debtorNumber, unique.slice(at, at + 500))),
      )
      .all();
    for (const { number } of rows) if (number !== null) held.add(number);
  }
  return held;
}

/** How many debtor numbers from `first` to `last` no customer of the account holds. */
export async function freeDebtorNumbers(
  db: DbOrTx,
  accountId: string,
  range: { first: number; last: number },
): Promise<number> {
  const held = await db.select({ value: count() }).from(customers).where(debtorsIn(accountId, range)).get();
  return range.last - range.first + 1 - (held?.value ?? 0);
}

/** The lowest number from `first` to `last` not in `taken` (ascending); null when all are. */
function lowestFree(taken: readonly number[], first: number, last: number): number | null {
  let expected = first;
  for (const value of taken) {
    if (value > expected) break;
    if (value === expected) expected += 1;
  }
  return expected <= last ? expected : null;
}

/**
 * The customer's DATEV debtor number, given the next free one (from `first` on, after the highest in use
 * up to `last`, the debtor range's end; the lowest free one when the end is taken) when it has none yet. A
 * number set by hand beyond the range (a creditor account, 70001 at account length 4) does not move the
 * next one there. Runs inside the export's transaction, so two exports cannot hand out one number.
 */
export async function assignDebtorNumber(
  db: DbOrTx,
  accountId: string,
  id: string,
  { first, last }: { first: number; last: number },
): Promise<number | null> {
  const row = await findCustomer(db, accountId, id);
  if (!row) return null;
  if (row.debtorNumber !== null) return row.debtorNumber;
  const inRange = debtorsIn(accountId, { first, last });
  const highest = (
    await db
      .select({ value: max(customers.debtorNumber) })
      .from(customers)
      .where(inRange)
      .get()
  )?.value;
  let next: number | null = highest === null || highest === undefined ? first : highest + 1;
  // The range's end is taken (a number set by hand there): the lowest one free below it.
  if (next > last) {
    const taken = await db
      .select({ value: customers.debtorNumber })
      .from(customers)
      .where(inRange)
      .orderBy(asc(customers.debtorNumber))
      .all();
    next = lowestFree(
      taken.map((one) => one.value ?? 0),
      first,
      last,
    );
  }
  if (next === null) throw debtorAccountsFull(row, { first, last });
  await db
    .update(customers)
    .set({ debtorNumber: next })
    .where(and(scoped(customers, accountId, id), isNull(customers.debtorNumber)))
    .run();
  return next;
}
