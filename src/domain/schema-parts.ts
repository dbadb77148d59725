import { type TSchema, Type as t } from '@sinclair/typebox';

// The small schema pieces the document vocabulary is written with.

/** Money, quantities and rates travel as decimal strings, never JSON numbers (exactness). */
export const DecimalString = (description: string) =>
  t.String({ pattern: '^-?[0-9]{1,15}(\\.[0-9]{1,10})?$', description, examples: ['12.50'] });

export const closed = { additionalProperties: false } as const;
export const Hex = t.String({ pattern: '^#[0-9a-fA-F]{6}$', examples: ['#1f4e79'] });
export const text = (max: number) => t.String({ maxLength: max });
export const IsoDate = (description: string) =>
  t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: `EN 16931 ${description}` });

/** A value or null, in an answer: the field is always there. */
export const nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()]);
/**
 * The workspace member who created a row (docs/roles.md "Own resources"), in an answer only when a member
 * did: a row made by an account-level key or the CLI answers the spec's fields alone, without it.
 */
export const CreatedBy = t.Optional(
  t.String({
    description:
      'The workspace member who created it (wsm_…); absent when an account-level key or the CLI did',
    examples: ['wsm_01jd0000000000000000000000'],
  }),
);
/** The `created_by` of an answer: spread into it, so a row no member created has none. */
export const createdByField = (createdBy: string | null) => (createdBy ? { created_by: createdBy } : {});
/** Optional on create; on PATCH omitted = unchanged, null = clear (SPEC 4 Conventions 6). */
export const clearable = <T extends TSchema>(schema: T) => t.Optional(nullable(schema));

/** What a clearable text field stores: omitted stays omitted, blank is a clear, a value is kept trimmed. */
export const trimmedOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();
