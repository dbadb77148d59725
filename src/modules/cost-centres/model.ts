import { t } from 'elysia';
import type { FieldError } from '../../shared/errors';
import type { CostCentreRow } from './schema';

// DATEV's booking batch (Buchungsstapel, format 7) takes the cost centre in KOST1 as text of up to 36
// characters; letters and digits only, so a code goes into that field as it is.
const Code = t.String({
  pattern: '^[A-Za-z0-9]{1,36}$',
  description: 'How the accountant knows it (DATEV KOST1): 1-36 letters and digits, unique per account',
  examples: ['1000'],
});
const Name = t.String({ minLength: 1, maxLength: 200 });
const Active = t.Boolean({
  description: 'false: kept for the documents linked to it, no new document gets it',
});

export const CreateCostCentreBody = t.Object(
  { code: Code, name: Name, active: t.Optional(Active) },
  { additionalProperties: false },
);
export type CreateCostCentreBody = typeof CreateCostCentreBody.static;

/** Every field may change, none may be cleared: a null is a 422 at its `body.` path. */
export const UpdateCostCentreBody = t.Object(
  { code: t.Optional(Code), name: t.Optional(Name), active: t.Optional(Active) },
  { additionalProperties: false },
);
export type UpdateCostCentreBody = typeof UpdateCostCentreBody.static;

export const CostCentre = t.Object({
  id: t.String({ examples: ['cc_01jd0000000000000000000000'] }),
  code: t.String({ examples: ['1000'] }),
  name: t.String({ examples: ['Vertrieb'] }),
  active: t.Boolean(),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type CostCentre = typeof CostCentre.static;

export function costCentreProblems(input: UpdateCostCentreBody): FieldError[] {
  if (input.name === undefined || input.name.trim() !== '') return [];
  return [{ loc: 'body.name', msg: 'name must not be blank', type: 'invalid_value' }];
}

/** API fields -> columns; omitted fields stay out so an update leaves them alone. */
export function toColumns(input: UpdateCostCentreBody): Partial<CostCentreRow> {
  const columns: Partial<CostCentreRow> = {
    code: input.code,
    name: input.name?.trim(),
    active: input.active,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export function presentCostCentre(row: CostCentreRow): CostCentre {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.active,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
