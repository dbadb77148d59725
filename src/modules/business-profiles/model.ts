import { t } from 'elysia';
import { Address, addressProblems } from '../../domain/address';
import { bicProblem, ibanProblem } from '../../domain/bank-account';
import { dec, gt, HUNDRED, isNegative, isZero, normalizeRate } from '../../domain/money/decimal';
import { ElectronicAddress } from '../../domain/party';
import {
  CreatedBy,
  clearable,
  closed,
  createdByField,
  DecimalString,
  nullable,
  trimmedOrNull,
} from '../../domain/schema-parts';
import type { FieldError } from '../../shared/errors';
import { isSupportedCurrency, isSupportedLocale, isValidTimezone, taxCategories } from '../reference';
import type { BusinessProfileRow, DefaultTaxValue, ProfileBankAccountValue } from './schema';

const LegalName = t.String({ minLength: 1, maxLength: 300 });

/** The account the profile's documents are paid into unless a document states its own (BT-84/85/86). */
export const ProfileBankAccount = t.Object(
  {
    account_holder: t.Optional(
      nullable(t.String({ maxLength: 200, description: 'EN 16931 BT-85; default: the legal name' })),
    ),
    iban: t.String({
      minLength: 1,
      maxLength: 42,
      description: 'EN 16931 BT-84; checked (ISO 13616 mod 97), spaces allowed',
      examples: ['DE89 3704 0044 0532 0130 00'],
    }),
    bic: t.Optional(
      nullable(
        t.String({
          maxLength: 15,
          description: 'EN 16931 BT-86; 8 or 11 characters',
          examples: ['COBADEFFXXX'],
        }),
      ),
    ),
    bank_name: t.Optional(nullable(t.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);

const ManagingDirectors = t.Union(
  [
    t.String({ minLength: 1, maxLength: 500 }),
    t.Array(t.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 10 }),
  ],
  { description: 'Geschäftsführer: one line, or one name each' },
);
const PageSize = t.Union([t.Literal('A4'), t.Literal('LETTER')], {
  description: 'Used by renders of its documents that name no page_size; unset = LETTER',
});

/** What new lines start with in the console; documents made over the API carry the taxes they state. */
export const DefaultTax = t.Object(
  {
    rate: DecimalString('Percent, 0-100, e.g. "19", "7", "0"'),
    category: t.String({
      maxLength: 8,
      description: 'UNCL5305: S (standard rate, above 0 %), or at 0 % Z, E, AE, K, G, O',
      examples: ['E'],
    }),
    exemption_reason: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 300,
        description: 'EN 16931 BT-120 for E, AE, K, G, O: printed on the invoice',
        examples: ['Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.'],
      }),
    ),
    exemption_reason_code: t.Optional(
      t.String({ maxLength: 30, description: 'EN 16931 BT-121, VATEX code', examples: ['VATEX-EU-AE'] }),
    ),
  },
  {
    ...closed,
    description:
      "The VAT the console's new lines start with (a Kleinunternehmer's 0 % exempt, a French firm's 20 %); the API never applies it to a document's lines",
  },
);

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
  bank_account: clearable(ProfileBankAccount),
  tax_number: clearable(
    t.String({ maxLength: 50, description: 'Steuernummer (EN 16931 BT-32); tax_id stays the VAT id' }),
  ),
  registration_number: clearable(
    t.String({ maxLength: 200, examples: ['HRB 123456 B, Amtsgericht Charlottenburg'] }),
  ),
  managing_directors: clearable(ManagingDirectors),
  contact_name: clearable(
    t.String({
      maxLength: 200,
      description:
        'EN 16931 BT-41: the person or department buyers contact about invoices (XRechnung asks for one); default: the profile itself',
      examples: ['Buchhaltung, Frau Weber'],
    }),
  ),
  legal_info: clearable(
    t.String({
      maxLength: 1000,
      description:
        'EN 16931 BT-33: additional legal information (seat of the company, share capital), printed with the ids and written into e-invoices',
      examples: ['Sitz der Gesellschaft: Berlin'],
    }),
  ),
  default_page_size: clearable(PageSize),
  default_tax: clearable(DefaultTax),
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

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
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
  bank_account: t.Optional(ProfileBankAccount),
  tax_number: t.Optional(t.String()),
  registration_number: t.Optional(t.String()),
  managing_directors: t.Optional(ManagingDirectors),
  contact_name: t.Optional(t.String()),
  legal_info: t.Optional(t.String()),
  default_page_size: t.Optional(PageSize),
  default_tax: t.Optional(DefaultTax),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type BusinessProfile = typeof BusinessProfile.static;

export const BusinessProfileSummary = t.Object({
  id: t.String(),
  legal_name: t.String(),
  display_name: nullable(t.String()),
  email: nullable(t.String()),
  created_by: CreatedBy,
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
  const bank = input.bank_account;
  const iban = bank ? ibanProblem(bank.iban) : null;
  if (iban) problems.push(invalid('body.bank_account.iban', iban));
  const bic = bank?.bic ? bicProblem(bank.bic) : null;
  if (bic) problems.push(invalid('body.bank_account.bic', bic));
  if (input.default_tax) problems.push(...defaultTaxProblems(input.default_tax));
  return problems;
}

/** Reasons only where EN 16931 wants one (BR-S-10, BR-Z-10 forbid it), a rate that fits the category. */
export function defaultTaxProblems(tax: DefaultTaxValue): FieldError[] {
  const problems: FieldError[] = [];
  const codes = taxCategories().items.map((item) => item.code);
  const rate = dec(tax.rate);
  if (isNegative(rate) || gt(rate, HUNDRED)) {
    problems.push({ loc: 'body.default_tax.rate', msg: 'rate must be between 0 and 100', type: 'invalid' });
  }
  if (!codes.includes(tax.category)) {
    const msg = `'${tax.category}' is not a UNCL5305 VAT category (${codes.join(', ')})`;
    problems.push(invalid('body.default_tax.category', msg));
  } else if (tax.category === 'S' && isZero(rate)) {
    problems.push(invalid('body.default_tax.rate', 'the standard rate (S) is above 0 %'));
  } else if (tax.category !== 'S' && !isZero(rate)) {
    problems.push(invalid('body.default_tax.rate', `category ${tax.category} is charged at 0 %`));
  }
  const stated = tax.exemption_reason !== undefined || tax.exemption_reason_code !== undefined;
  if (stated && (tax.category === 'S' || tax.category === 'Z')) {
    const msg = `category ${tax.category} takes no exemption reason (EN 16931 BR-${tax.category}-10)`;
    problems.push(invalid('body.default_tax.exemption_reason', msg));
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
    bankAccount: input.bank_account === undefined ? undefined : bankAccountColumn(input.bank_account),
    taxNumber: trimmedOrNull(input.tax_number),
    registrationNumber: trimmedOrNull(input.registration_number),
    managingDirectors: input.managing_directors,
    contactName: trimmedOrNull(input.contact_name),
    legalInfo: trimmedOrNull(input.legal_info),
    defaultPageSize: input.default_page_size,
    defaultTax: input.default_tax === undefined ? undefined : defaultTaxColumn(input.default_tax),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** Stored as given (trimmed), only the keys that have a value: the answer shows what was sent. */
function bankAccountColumn(bank: typeof ProfileBankAccount.static | null): ProfileBankAccountValue | null {
  if (bank === null) return null;
  const kept = Object.entries(bank)
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([, value]) => value !== null && value !== undefined && value !== '');
  return Object.fromEntries(kept) as unknown as ProfileBankAccountValue;
}

/** The reason trimmed, the rate as a plain decimal ("07.50" -> "7.5"), an empty reason left out. */
export function defaultTaxColumn(tax: DefaultTaxValue | null): DefaultTaxValue | null {
  if (tax === null) return null;
  const reason = tax.exemption_reason?.trim();
  const code = tax.exemption_reason_code?.trim();
  return {
    rate: normalizeRate(tax.rate),
    category: tax.category,
    ...(reason ? { exemption_reason: reason } : {}),
    ...(code ? { exemption_reason_code: code } : {}),
  };
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
    ...(row.bankAccount ? { bank_account: row.bankAccount } : {}),
    ...(row.taxNumber ? { tax_number: row.taxNumber } : {}),
    ...(row.registrationNumber ? { registration_number: row.registrationNumber } : {}),
    ...(row.managingDirectors ? { managing_directors: row.managingDirectors } : {}),
    ...(row.contactName ? { contact_name: row.contactName } : {}),
    ...(row.legalInfo ? { legal_info: row.legalInfo } : {}),
    ...(row.defaultPageSize ? { default_page_size: row.defaultPageSize } : {}),
    ...(row.defaultTax ? { default_tax: row.defaultTax } : {}),
    ...createdByField(row.createdBy),
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
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
