// A row naming a customer the account already has: what it is matched by, and how the match is said.
import type { CustomerMatch } from '../../customers';
import { CUSTOMER_NUMBER, CUSTOMER_NUMBER_KEY } from './customer-columns';
import { debtorNumberOf } from './customer-numbers';

const MATCHED_BY: Record<CustomerMatch['by'], string> = {
  customer_number: 'customer number',
  email: 'e-mail address',
  tax_id: 'VAT ID',
};

/** A row naming a customer the account has: it is not created a second time. */
export const duplicateMsg = ({ by, customer }: CustomerMatch) =>
  `already a customer: ${customer.name} (${customer.id}) has this ${MATCHED_BY[by]}; the row is not imported again`;

/** What a row is matched by: its customer number (debtor number or metadata's), e-mail and VAT ID. */
export function keysOf(body: unknown) {
  const b = (body ?? {}) as {
    name?: unknown;
    debtor_number?: unknown;
    email?: unknown;
    tax_id?: unknown;
    metadata?: Record<string, unknown>;
  };
  const own = b.metadata?.[CUSTOMER_NUMBER_KEY];
  const number =
    typeof b.debtor_number === 'number' ? b.debtor_number : typeof own === 'string' ? own : undefined;
  return {
    number,
    name: typeof b.name === 'string' ? b.name : undefined,
    email: typeof b.email === 'string' ? b.email : undefined,
    taxId: typeof b.tax_id === 'string' ? b.tax_id : undefined,
  };
}

/** Names compared as a second export writes them: case and runs of spaces aside. */
export function sameName(known: string, body: unknown): boolean {
  const name = (body as { name?: unknown } | null)?.name;
  const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return typeof name === 'string' && key(name) === key(known);
}

/** Where a duplicate is said: the column of what matched, as the file names it. */
export function duplicateLoc(match: CustomerMatch, body: unknown, locs: Record<string, string>): string {
  if (match.by === 'email') return locs.email ?? 'email';
  if (match.by === 'tax_id') return locs.tax_id ?? 'tax_id';
  if (debtorNumberOf(body) !== undefined) return locs.debtor_number ?? 'debtor_number';
  return locs[CUSTOMER_NUMBER] ?? `metadata.${CUSTOMER_NUMBER_KEY}`;
}
