import { Type as t } from '@sinclair/typebox';

// The small schema pieces the document vocabulary is written with.

/** Money, quantities and rates travel as decimal strings, never JSON numbers (exactness). */
export const DecimalString = (description: string) =>
  t.String({ pattern: '^-?[0-9]{1,15}(\\.[0-9]{1,10})?$', description, examples: ['12.50'] });

export const closed = { additionalProperties: false } as const;
export const Hex = t.String({ pattern: '^#[0-9a-fA-F]{6}$', examples: ['#1f4e79'] });
export const text = (max: number) => t.String({ maxLength: max });
export const IsoDate = (description: string) =>
  t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: `EN 16931 ${description}` });
