import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

export interface AddressValue {
  line1: string;
  line2?: string | null;
  line3?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

/** EN 16931 BT-34 / BT-49: where e-invoices reach the party (an EAS scheme code and the id in it). */
export interface ElectronicAddressValue {
  scheme: string;
  value: string;
}

/** The account documents are paid into by default (BT-84/85/86); IBAN and BIC stored compacted. */
export interface ProfileBankAccountValue {
  account_holder?: string | null;
  iban: string;
  bic?: string | null;
  bank_name?: string | null;
}

/**
 * The VAT new lines start with in the console (a Kleinunternehmer's 0 % exempt with its legal basis, a
 * French firm's 20 %); the API never applies it to a document.
 */
export interface DefaultTaxValue {
  rate: string;
  category: string;
  exemption_reason?: string;
  exemption_reason_code?: string;
}

export const businessProfiles = sqliteTable(
  'business_profiles',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    legalName: text('legal_name').notNull(),
    displayName: text('display_name'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    taxId: text('tax_id'),
    address: text('address', { mode: 'json' }).$type<AddressValue>(),
    defaultCurrency: text('default_currency'),
    defaultLocale: text('default_locale'),
    defaultTimezone: text('default_timezone'),
    logoFileId: text('logo_file_id'),
    electronicAddress: text('electronic_address', { mode: 'json' }).$type<ElectronicAddressValue>(),
    bankAccount: text('bank_account', { mode: 'json' }).$type<ProfileBankAccountValue>(),
    taxNumber: text('tax_number'),
    registrationNumber: text('registration_number'),
    /** EN 16931 BT-41: the person or department buyers contact about invoices. */
    contactName: text('contact_name'),
    /** EN 16931 BT-33: additional legal information (seat, share capital, ...), printed with the ids. */
    legalInfo: text('legal_info'),
    managingDirectors: text('managing_directors', { mode: 'json' }).$type<string | string[]>(),
    defaultPageSize: text('default_page_size').$type<'A4' | 'LETTER'>(),
    defaultTax: text('default_tax', { mode: 'json' }).$type<DefaultTaxValue>(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('business_profiles_account_idx').on(t.accountId, t.id)],
);

export type BusinessProfileRow = typeof businessProfiles.$inferSelect;
