import { type TSchema, t } from 'elysia';
import { Address, addressProblems } from '../../domain/address';
import { ElectronicAddress, type Party } from '../../domain/party';
import type { FieldError } from '../../shared/errors';
import type { CustomerRow } from './schema';

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;

const nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()]);
/** Optional on create; on PATCH omitted = unchanged, null = clear (SPEC 4 Conventions 6). */
const clearable = <T extends TSchema>(schema: T) => t.Optional(nullable(schema));

const Name = t.String({ minLength: 1, maxLength: 300 });

// Key length is checked in `customerProblems`: a record's key schema cannot carry a length limit.
export const Metadata = t.Record(t.String(), t.String({ maxLength: METADATA_VALUE_MAX }), {
  maxProperties: METADATA_MAX_KEYS,
  description: `Up to ${METADATA_MAX_KEYS} string values, keys of 1-${METADATA_KEY_MAX} characters`,
});

const optionalFields = {
  email: clearable(t.String({ format: 'email', maxLength: 320 })),
  phone: clearable(t.String({ maxLength: 50 })),
  tax_id: clearable(t.String({ maxLength: 50 })),
  billing_address: clearable(Address),
  shipping_address: clearable(Address),
  metadata: clearable(Metadata),
  electronic_address: clearable(ElectronicAddress),
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
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type Customer = typeof Customer.static;

export const CustomerSummary = t.Object({
  id: t.String(),
  name: t.String(),
  email: nullable(t.String()),
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
  return problems;
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
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function presentCustomerSummary(row: CustomerRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The buyer as a document snapshots it: bills go to the billing address; unset fields are left out. */
export function buyerParty(row: CustomerRow): Party {
  return {
    name: row.name,
    ...withoutNulls({
      email: row.email,
      phone: row.phone,
      tax_id: row.taxId,
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
