import { t } from 'elysia';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import { renderNumber } from './pattern';
import type { NumberingGapRow, NumberingSequenceRow } from './schema';

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

/** The highest counter a sequence takes (`next_number`). */
export const MAX_NEXT_NUMBER = 999_999_999;

const fields = {
  prefix: t.String({ maxLength: 32 }),
  pattern: t.String({ minLength: 1, maxLength: 64 }),
  reset: Reset,
  next_number: t.Integer({ minimum: 1, maximum: MAX_NEXT_NUMBER }),
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

/** A deleted draft's number that could not be given back to its sequence (docs/documents.md "Numbers"). */
export const NumberingGap = t.Object({
  id: t.String(),
  sequence_id: t.String(),
  number: t.String(),
  document_id: t.String({ description: 'The deleted draft (it no longer exists)' }),
  document_type: t.String(),
  issue_date: t.String({ format: 'date', description: "The deleted draft's issue date" }),
  deleted_by: t.String({
    description:
      'Who deleted it: the workspace member (wsm_), else the API key (key_), user (usr_), job, or cli',
  }),
  deleted_at: t.String({ format: 'date-time' }),
});
export type NumberingGap = typeof NumberingGap.static;

export function presentGap(row: NumberingGapRow): NumberingGap {
  return {
    id: row.id,
    sequence_id: row.sequenceId,
    number: row.number,
    document_id: row.documentId,
    document_type: row.documentType,
    issue_date: row.issueDate,
    deleted_by: row.deletedBy,
    deleted_at: row.deletedAt,
  };
}

export const NumberRelease = t.Object({
  number: t.String(),
  on_delete: t.Union([t.Literal('given_back'), t.Literal('gap'), t.Literal('given_back_if_last_of_year')], {
    description:
      "What deleting the draft numbered so would do now: give the number back to the sequence, record a gap, or (a draft dated in a year before a yearly sequence's counter) give it back if it is the highest of its year",
  }),
});
