import { compactCode } from '../../domain/bank-account';
import type { Party } from '../../domain/party';
import type { BusinessProfileRow, ProfileBankAccountValue } from './schema';

/** The seller as a document snapshots it: unset fields are left out, not sent as null. */
export function sellerParty(row: BusinessProfileRow): Party {
  return {
    name: row.displayName ?? row.legalName,
    ...withoutNulls({
      legal_name: row.legalName,
      email: row.email,
      phone: row.phone,
      website: row.website,
      tax_id: row.taxId,
      tax_number: row.taxNumber,
      registration_number: row.registrationNumber,
      managing_directors: directorsLine(row.managingDirectors),
      contact_name: row.contactName,
      legal_info: row.legalInfo,
      address: row.address,
      bank_account: row.bankAccount ? documentBankAccount(row.bankAccount, row.legalName) : null,
      electronic_address: row.electronicAddress,
    }),
  };
}

const directorsLine = (directors: string | string[] | null) =>
  directors === null ? null : Array.isArray(directors) ? directors.join(', ') : directors;

/** The profile's account in a document's terms: IBAN as account_number (BT-84), BIC as swift (BT-86). */
function documentBankAccount(bank: ProfileBankAccountValue, legalName: string): Party['bank_account'] {
  return {
    account_name: bank.account_holder ?? legalName,
    account_number: compactCode(bank.iban),
    ...(bank.bic ? { swift: compactCode(bank.bic) } : {}),
    ...(bank.bank_name ? { bank_name: bank.bank_name } : {}),
  };
}

function withoutNulls<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as {
    [K in keyof T]?: Exclude<T[K], null>;
  };
}
