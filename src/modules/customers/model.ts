import { t } from 'elysia';
import { Address, addressProblems } from '../../domain/address';
import { ElectronicAddress, type Party } from '../../domain/party';
import {
  CreatedBy,
  clearable,
  closed,
  createdByField,
  nullable,
  trimmedOrNull,
} from '../../domain/schema-parts';
import type { FieldError } from '../../shared/errors';
import { DefaultTax, defaultTaxColumn, defaultTaxProblems } from '../business-profiles';
import type { CustomerRow } from './schema';

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;

const Name = t.String({ minLength: 1, maxLength: 300 });

// Key length is checked in `customerProblems`: a record's key schema cannot carry a length limit.
export const Metadata = t.Record(t.String(), t.String({ maxLength: METADATA_VALUE_MAX }), {
  maxProperties: METADATA_MAX_KEYS,
  description: `Up to ${METADATA_MAX_KEYS} string values, keys of 1-${METADATA_KEY_MAX} characters`,
});

/** The e-invoice a buyer needs (the profiles of the compliance endpoints a buyer can ask for). */
export const EInvoiceProfile = t.Union(
  [
    t.Literal('xrechnung_ubl'),
    t.Literal('xrechnung_cii'),
    t.Literal('peppol_bis_billing_3'),
    t.Literal('factur_x_en16931'),
  ],
  {
    description:
      'The e-invoice this buyer needs: finalize checks documents against it, sending attaches it (null: a PDF is enough)',
  },
);
export type EInvoiceProfile = typeof EInvoiceProfile.static;

/**
 * The profile's `default_tax` (its very properties and checks), said of a customer: the VAT new lines for this
 * customer start with in the console, over the profile's; the API never applies it (docs/documents.md).
 */
const CustomerDefaultTax = t.Object(DefaultTax.properties, {
  ...closed,
  description:
    "The VAT the console's new lines for this customer start with, over the business profile's (a builder invoiced under § 13b UStG: AE at 0 %); the API never applies it to a document's lines",
});

const optionalFields = {
  email: clearable(t.String({ format: 'email', maxLength: 320 })),
  phone: clearable(t.String({ maxLength: 50 })),
  tax_id: clearable(t.String({ maxLength: 50 })),
  contact_name: clearable(
    t.String({
      maxLength: 200,
      description:
        'EN 16931 BT-56: the person or department invoices are for ("z. Hd. Frau Weber"); printed with the buyer and written into e-invoices',
      examples: ['Frau Weber, Buchhaltung'],
    }),
  ),
  billing_address: clearable(Address),
  shipping_address: clearable(Address),
  metadata: clearable(Metadata),
  electronic_address: clearable(ElectronicAddress),
  buyer_reference: clearable(
    t.String({
      maxLength: 200,
      description:
        "EN 16931 BT-10: the Leitweg-ID or the buyer's reference; copied into new documents that state none",
      examples: ['991-12345-67'],
    }),
  ),
  einvoice_profile: clearable(EInvoiceProfile),
  debtor_number: clearable(
    t.Integer({
      minimum: 1,
      maximum: 999_999_999,
      description:
        'The DATEV debtor account (Personenkonto, 10000-69999 at the usual account length 4); assigned on the first DATEV export when unset, unique per account',
      examples: [10000],
    }),
  ),
  default_tax: clearable(CustomerDefaultTax),
};

export const CreateCustomerBody = t.Object(
  { name: Name, ...optionalFields },
  { additionalProperties: false },
);
export type CreateCustomerBody = typeof CreateCustomerBody.static;

/** `name` may be changed but never cleared: a null there fails the schema at `body.name`. */
export const UpdateCustomerBody = t.Object(
  { name: t.Optional(Name), ...optionalFields },
  { additionalProperties: false },
);
export type UpdateCustomerBody = typeof UpdateCustomerBody.static;

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const Customer = t.Object({
  id: t.String({ examples: ['cus_01jd0000000000000000000000'] }),
  name: t.String(),
  email: nullable(t.String()),
  phone: nullable(t.String()),
  tax_id: nullable(t.String()),
  billing_address: nullable(Address),
  shipping_address: nullable(Address),
  metadata: nullable(t.Record(t.String(), t.String())),
  electronic_address: t.Optional(ElectronicAddress),
  buyer_reference: t.Optional(t.String()),
  einvoice_profile: t.Optional(EInvoiceProfile),
  debtor_number: t.Optional(t.Integer()),
  contact_name: t.Optional(t.String()),
  default_tax: t.Optional(CustomerDefaultTax),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type Customer = typeof Customer.static;

export const CustomerSummary = t.Object({
  id: t.String(),
  name: t.String(),
  email: nullable(t.String()),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type CustomerSummary = typeof CustomerSummary.static;

/** What the schema cannot express, all at once, so a client fixes every field in one round trip. */
export function customerProblems(input: UpdateCustomerBody): FieldError[] {
  const problems = [
    ...addressProblems(input.billing_address, 'body.billing_address'),
    ...addressProblems(input.shipping_address, 'body.shipping_address'),
  ];
  if (input.name !== undefined && input.name.trim() === '') {
    problems.push({ loc: 'body.name', msg: 'name must not be blank', type: 'invalid_value' });
  }
  for (const key of Object.keys(input.metadata ?? {})) {
    if (key.length === 0 || key.length > METADATA_KEY_MAX) {
      const msg = `metadata keys must be 1-${METADATA_KEY_MAX} characters`;
      problems.push({ loc: `body.metadata.${key}`, msg, type: 'invalid_key' });
    }
  }
  const debtor = input.debtor_number;
  if (typeof debtor === 'number' && !isDebtorAccount(debtor)) {
    const msg = `debtor_number ${debtor} is not a DATEV debtor account: 10000-69999 at account length 4, a digit more per digit of length (up to 699999999 at 8); a first digit of 7-9 is a creditor account`;
    problems.push({ loc: 'body.debtor_number', msg, type: 'invalid_value' });
  }
  if (input.default_tax) problems.push(...defaultTaxProblems(input.default_tax));
  return problems;
}

/**
 * A DATEV debtor account at some account length (4-8): personal accounts have one digit more than the
 * general ledger's, debtors begin with 1-6, creditors with 7-9. Which length applies is the account's
 * accounting setting, checked when a DATEV file is made (exports/use-cases/debtor-room.ts).
 */
export function isDebtorAccount(value: number): boolean {
  return Number.isInteger(value) && value >= 10_000 && value <= 699_999_999 && /^[1-6]/.test(String(value));
}

/** API fields -> columns; omitted fields stay out so an update leaves them alone. */
export function toColumns(input: UpdateCustomerBody): Partial<CustomerRow> {
  const columns: Partial<CustomerRow> = {
    name: input.name?.trim(),
    email: input.email,
    phone: input.phone,
    taxId: input.tax_id,
    billingAddress: input.billing_address,
    shippingAddress: input.shipping_address,
    // Replaced wholesale, never merged (SPEC 2): a client removes a key by sending the map without it.
    metadata: input.metadata,
    electronicAddress: input.electronic_address,
    buyerReference: trimmedOrNull(input.buyer_reference),
    einvoiceProfile: input.einvoice_profile,
    debtorNumber: input.debtor_number,
    contactName: trimmedOrNull(input.contact_name),
    defaultTax: input.default_tax === undefined ? undefined : defaultTaxColumn(input.default_tax),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export function presentCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    tax_id: row.taxId,
    billing_address: row.billingAddress,
    shipping_address: row.shippingAddress,
    metadata: row.metadata,
    // Beyond SPEC 2's fields: shown only when set, so a customer without one looks as SPEC 2 has it.
    ...(row.electronicAddress ? { electronic_address: row.electronicAddress } : {}),
    ...(row.buyerReference ? { buyer_reference: row.buyerReference } : {}),
    ...(row.einvoiceProfile ? { einvoice_profile: row.einvoiceProfile as EInvoiceProfile } : {}),
    ...(row.debtorNumber !== null ? { debtor_number: row.debtorNumber } : {}),
    ...(row.contactName ? { contact_name: row.contactName } : {}),
    ...(row.defaultTax ? { default_tax: row.defaultTax } : {}),
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function presentCustomerSummary(row: CustomerRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** EAS 0204: a German Leitweg-ID, which is also the buyer reference (BT-10) XRechnung asks for. */
export const LEITWEG_ID_SCHEME = '0204';

/**
 * The buyer reference a new document of this customer carries when it states none: the customer's own,
 * else the Leitweg-ID of its electronic address.
 */
export function customerBuyerReference(row: CustomerRow): string | null {
  if (row.buyerReference) return row.buyerReference;
  const address = row.electronicAddress;
  return address && address.scheme.trim() === LEITWEG_ID_SCHEME ? address.value.trim() : null;
}

/** The buyer as a document snapshots it: bills go to the billing address; unset fields are left out. */
export function buyerParty(row: CustomerRow): Party {
  return {
    name: row.name,
    ...withoutNulls({
      email: row.email,
      phone: row.phone,
      tax_id: row.taxId,
      contact_name: row.contactName,
      address: row.billingAddress,
      electronic_address: row.electronicAddress,
    }),
  };
}

function withoutNulls<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as {
    [K in keyof T]?: Exclude<T[K], null>;
  };
}
