import { t } from 'elysia';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import { renderNumber } from './pattern';
import type { NumberingSequenceRow } from './schema';

const Reset = t.Union([t.Literal('never'), t.Literal('yearly')]);

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const NumberingSequence = t.Object({
  id: t.String(),
  name: t.String(),
  prefix: t.String(),
  pattern: t.String(),
  reset: Reset,
  next_number: t.Integer(),
  next_preview: t.String({ description: 'The number the next document would get if issued today' }),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type NumberingSequence = typeof NumberingSequence.static;

const fields = {
  prefix: t.String({ maxLength: 32 }),
  pattern: t.String({ minLength: 1, maxLength: 64 }),
  reset: Reset,
  next_number: t.Integer({ minimum: 1, maximum: 999_999_999 }),
};

export const CreateSequenceBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100 }),
    prefix: t.Optional(fields.prefix),
    pattern: t.Optional(fields.pattern),
    reset: t.Optional(fields.reset),
    next_number: t.Optional(fields.next_number),
  },
  { additionalProperties: false },
);
export type CreateSequenceBody = typeof CreateSequenceBody.static;

export const UpdateSequenceBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    prefix: t.Optional(fields.prefix),
    pattern: t.Optional(fields.pattern),
    reset: t.Optional(fields.reset),
    next_number: t.Optional(fields.next_number),
  },
  { additionalProperties: false },
);
export type UpdateSequenceBody = typeof UpdateSequenceBody.static;

export function presentSequence(row: NumberingSequenceRow, today: string): NumberingSequence {
  const resets = row.reset === 'yearly' && row.period !== null && today.slice(0, 4) > row.period;
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    pattern: row.pattern,
    reset: row.reset,
    next_number: row.nextNumber,
    next_preview: renderNumber(row.prefix, row.pattern, resets ? 1 : row.nextNumber, today),
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
