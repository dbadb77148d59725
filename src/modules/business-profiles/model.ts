import { type TSchema, t } from 'elysia';
import { Address, addressProblems } from '../../domain/address';
import { ElectronicAddress, type Party } from '../../domain/party';
import type { FieldError } from '../../shared/errors';
import { isSupportedCurrency, isSupportedLocale, isValidTimezone } from '../reference';
import type { BusinessProfileRow } from './schema';

const nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()]);
/** Optional on create; on PATCH omitted = unchanged, null = clear (SPEC 4 Conventions 6). */
const clearable = <T extends TSchema>(schema: T) => t.Optional(nullable(schema));

const LegalName = t.String({ minLength: 1, maxLength: 300 });

const optionalFields = {
  display_name: clearable(
    t.String({ minLength: 1, maxLength: 300, description: 'Shorter name on documents' }),
  ),
  email: clearable(t.String({ format: 'email', maxLength: 320 })),
  phone: clearable(t.String({ maxLength: 50 })),
  website: clearable(t.String({ format: 'uri', pattern: '^https?://', maxLength: 300 })),
  tax_id: clearable(t.String({ maxLength: 50 })),
  address: clearable(Address),
  default_currency: clearable(t.String({ description: 'Active ISO 4217 code', examples: ['EUR'] })),
  default_locale: clearable(t.String({ description: 'A supported locale', examples: ['de-DE'] })),
  default_timezone: clearable(t.String({ description: 'IANA name', examples: ['Europe/Berlin'] })),
  // Only the id's shape for now: that the file exists is checked in a later issue, with the files module.
  logo_file_id: clearable(t.String({ pattern: '^fil_', maxLength: 64, description: 'An uploaded file' })),
  electronic_address: clearable(ElectronicAddress),
};

export const CreateBusinessProfileBody = t.Object(
  { legal_name: LegalName, ...optionalFields },
  { additionalProperties: false },
);
export type CreateBusinessProfileBody = typeof CreateBusinessProfileBody.static;

/** `legal_name` may be changed but never cleared: a null there fails the schema at `body.legal_name`. */
export const UpdateBusinessProfileBody = t.Object(
  { legal_name: t.Optional(LegalName), ...optionalFields },
  { additionalProperties: false },
);
export type UpdateBusinessProfileBody = typeof UpdateBusinessProfileBody.static;

export const BusinessProfile = t.Object({
  id: t.String({ examples: ['biz_01jd0000000000000000000000'] }),
  legal_name: t.String(),
  display_name: nullable(t.String()),
  email: nullable(t.String()),
  phone: nullable(t.String()),
  website: nullable(t.String()),
  tax_id: nullable(t.String()),
  address: nullable(Address),
  default_currency: nullable(t.String()),
  default_locale: nullable(t.String()),
  default_timezone: nullable(t.String()),
  logo_file_id: nullable(t.String()),
  electronic_address: t.Optional(ElectronicAddress),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type BusinessProfile = typeof BusinessProfile.static;

export const BusinessProfileSummary = t.Object({
  id: t.String(),
  legal_name: t.String(),
  display_name: nullable(t.String()),
  email: nullable(t.String()),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type BusinessProfileSummary = typeof BusinessProfileSummary.static;

const invalid = (loc: string, msg: string): FieldError => ({ loc, msg, type: 'invalid_value' });

/** What the schema cannot express, all at once, so a client fixes every field in one round trip. */
export function businessProfileProblems(input: UpdateBusinessProfileBody): FieldError[] {
  const problems = addressProblems(input.address, 'body.address');
  if (input.legal_name !== undefined && input.legal_name.trim() === '') {
    problems.push(invalid('body.legal_name', 'legal_name must not be blank'));
  }
  const currency = input.default_currency;
  if (currency && !isSupportedCurrency(currency)) {
    problems.push(invalid('body.default_currency', `'${currency}' is not an active ISO 4217 currency code`));
  }
  const locale = input.default_locale;
  if (locale && !isSupportedLocale(locale)) {
    problems.push(invalid('body.default_locale', `'${locale}' is not a supported locale`));
  }
  const timezone = input.default_timezone;
  if (timezone && !isValidTimezone(timezone)) {
    problems.push(invalid('body.default_timezone', `'${timezone}' is not an IANA time zone`));
  }
  return problems;
}

/** API fields -> columns; omitted fields stay out so an update leaves them alone. */
export function toColumns(input: UpdateBusinessProfileBody): Partial<BusinessProfileRow> {
  const columns: Partial<BusinessProfileRow> = {
    legalName: input.legal_name?.trim(),
    displayName: input.display_name,
    email: input.email,
    phone: input.phone,
    website: input.website,
    taxId: input.tax_id,
    address: input.address,
    defaultCurrency: input.default_currency,
    defaultLocale: input.default_locale,
    defaultTimezone: input.default_timezone,
    logoFileId: input.logo_file_id,
    electronicAddress: input.electronic_address,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export function presentBusinessProfile(row: BusinessProfileRow): BusinessProfile {
  return {
    id: row.id,
    legal_name: row.legalName,
    display_name: row.displayName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    tax_id: row.taxId,
    address: row.address,
    default_currency: row.defaultCurrency,
    default_locale: row.defaultLocale,
    default_timezone: row.defaultTimezone,
    logo_file_id: row.logoFileId,
    // Beyond SPEC 2's fields: shown only when set, so a profile without one looks as SPEC 2 has it.
    ...(row.electronicAddress ? { electronic_address: row.electronicAddress } : {}),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function presentBusinessProfileSummary(row: BusinessProfileRow): BusinessProfileSummary {
  return {
    id: row.id,
    legal_name: row.legalName,
    display_name: row.displayName,
    email: row.email,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

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
      address: row.address,
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
