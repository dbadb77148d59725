import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from './schema';

// Who a customer already is, to an import reading the same list a second time (docs/imports.md, "A
// customer already there"): the same customer number, else the same name with the same e-mail address,
// else the same name with the same VAT ID. An e-mail or VAT ID alone is no identity: a group's companies
// share one accounting mailbox, a firm's branches one USt-IdNr., and an import adds no customer twice only
// where it is sure.

/** A customer of the account as a duplicate's message names it. */
export interface KnownCustomer {
  id: string;
  name: string;
}

/** What a row is matched by, and the customer holding it. */
export interface CustomerMatch {
  by: 'customer_number' | 'email' | 'tax_id';
  customer: KnownCustomer;
}

/** `de 123 456 789` -> `DE123456789`: a VAT ID as written with spaces, dots or hyphens. */
const vatKey = (value: string) => value.toUpperCase().replace(/[\s.\-/]+/g, '');
const emailKey = (value: string) => value.trim().toLowerCase();
const numberKey = (value: string | number) => String(value).trim();
/** A name as two lists write one customer: any case, spaces collapsed. */
const nameKey = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A row as the import checks it: its customer number (the debtor number or `metadata.<key>`), e-mail, VAT ID. */
export interface CustomerKeys {
  number?: string | number;
  /** The row's name: an e-mail or VAT ID match counts only for a customer of the same name. */
  name?: string;
  email?: string;
  taxId?: string;
}

export interface KnownCustomers {
  /** The customer `keys` names, by the first key it has: its number decides when it has one. */
  match(keys: CustomerKeys): CustomerMatch | null;
}

/**
 * The account's customers by number (debtor number and `metadata[numberKey]`), e-mail and VAT ID, read once
 * (id, name and those fields only). Where two customers share an e-mail, the oldest is named.
 */
export async function knownCustomers(
  db: DbOrTx,
  accountId: string,
  numberKeyName: string,
): Promise<KnownCustomers> {
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      taxId: customers.taxId,
      debtorNumber: customers.debtorNumber,
      metadata: customers.metadata,
    })
    .from(customers)
    .where(eq(customers.accountId, accountId))
    .orderBy(customers.id);
  const numbered = new Set<string>();
  const byNumber = new Map<string, KnownCustomer>();
  // Keyed by name and e-mail (name and VAT ID): the same address under another name is another customer.
  const byEmail = new Map<string, KnownCustomer>();
  const byVat = new Map<string, KnownCustomer>();
  const keep = (map: Map<string, KnownCustomer>, key: string, customer: KnownCustomer) => {
    if (key !== '' && !map.has(key)) map.set(key, customer);
  };
  for (const row of rows) {
    const customer = { id: row.id, name: row.name };
    if (row.debtorNumber !== null) keep(byNumber, numberKey(row.debtorNumber), customer);
    const own = row.metadata?.[numberKeyName];
    if (typeof own === 'string') keep(byNumber, numberKey(own), customer);
    if (row.debtorNumber !== null || typeof own === 'string') numbered.add(row.id);
    if (row.email) keep(byEmail, `${nameKey(row.name)}\n${emailKey(row.email)}`, customer);
    if (row.taxId) keep(byVat, `${nameKey(row.name)}\n${vatKey(row.taxId)}`, customer);
  }
  return {
    match({ number, name, email, taxId }) {
      const withNumber = number !== undefined && numberKey(number) !== '';
      if (withNumber) {
        const customer = byNumber.get(numberKey(number));
        if (customer) return { by: 'customer_number', customer };
      }
      // A row with a number of its own is another customer than one holding another number; it is the
      // same as one without any (typed by hand before the list came) by its e-mail or VAT ID.
      const same = (customer: KnownCustomer | undefined) =>
        customer !== undefined && !(withNumber && numbered.has(customer.id)) ? customer : undefined;
      const who = nameKey(name ?? '');
      if (who === '') return null;
      const byMail = email ? same(byEmail.get(`${who}\n${emailKey(email)}`)) : undefined;
      if (byMail) return { by: 'email', customer: byMail };
      const byTaxId = taxId ? same(byVat.get(`${who}\n${vatKey(taxId)}`)) : undefined;
      return byTaxId ? { by: 'tax_id', customer: byTaxId } : null;
    },
  };
}
