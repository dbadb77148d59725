import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import type { AddressValue, DefaultTaxValue, ElectronicAddressValue } from '../business-profiles/schema';

export const customers = sqliteTable(
  'customers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** EN 16931 BT-56: the person or department invoices are for ("z. Hd."). */
    contactName: text('contact_name'),
    taxId: text('tax_id'),
    billingAddress: text('billing_address', { mode: 'json' }).$type<AddressValue>(),
    shippingAddress: text('shipping_address', { mode: 'json' }).$type<AddressValue>(),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>(),
    electronicAddress: text('electronic_address', { mode: 'json' }).$type<ElectronicAddressValue>(),
    buyerReference: text('buyer_reference'),
    einvoiceProfile: text('einvoice_profile'),
    /** The DATEV debtor account (Personenkonto): set on the first DATEV export or by PATCH (docs/exports.md). */
    debtorNumber: integer('debtor_number'),
    /**
     * The VAT new lines for this customer start with in the console, over the seller's (a builder who gets
     * every invoice under § 13b UStG: AE at 0 %); like the profile's, never applied by the API.
     */
    defaultTax: text('default_tax', { mode: 'json' }).$type<DefaultTaxValue>(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_account_idx').on(t.accountId, t.id),
    // One debtor account per customer and account; NULLs (not yet exported) do not collide.
    uniqueIndex('customers_debtor_number_uq').on(t.accountId, t.debtorNumber),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
