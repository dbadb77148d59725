import { Value } from '@sinclair/typebox/value';
import { toFieldErrors } from '../../http/validation';
import type { FieldError } from '../../shared/errors';
// The customer create contract itself, not a copy, so an import accepts exactly what POST /customers does.
import { CreateCustomerBody, customerProblems } from '../customers';
import type { RowError } from './model';

export interface CheckedRows {
  valid: CreateCustomerBody[];
  errors: RowError[];
}

/** Locs are relative to the row (`email`, `billing_address.country`), i.e. the CSV column names. */
function rowLocs(fields: FieldError[]): FieldError[] {
  return fields.map((f) => ({ ...f, loc: f.loc === 'body' ? 'row' : f.loc.replace(/^body\./, '') }));
}

function rowProblems(row: unknown): FieldError[] {
  if (!Value.Check(CreateCustomerBody, row)) {
    return toFieldErrors('body', [...Value.Errors(CreateCustomerBody, row)]);
  }
  return customerProblems(row);
}

/** Every row against POST /customers' schema and semantic checks; row numbers are 1-based. */
export function checkCustomerRows(rows: readonly unknown[]): CheckedRows {
  const checked: CheckedRows = { valid: [], errors: [] };
  rows.forEach((row, i) => {
    const problems = rowProblems(row);
    if (problems.length === 0) checked.valid.push(row as CreateCustomerBody);
    else checked.errors.push({ row: i + 1, fields: rowLocs(problems) });
  });
  return checked;
}
