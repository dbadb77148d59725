import { ValueErrorType } from '@sinclair/typebox/errors';
import type { FieldError } from '../shared/errors';

interface SchemaIssue {
  path: string;
  type: number;
  message: string;
  /** For a union: one list of issues per variant (TypeBox hands them over as one-shot iterables). */
  errors?: Iterable<SchemaIssue>[];
  /** The schema that failed (TypeBox's ValueError carries it). */
  schema?: unknown;
}

/**
 * Elysia's `t.Integer` and `t.Numeric` are a union of the number and a string in the number's format (a
 * query's "5"): that variant failing says nothing a client sent a number or a word for.
 */
const isNumericString = (issue: SchemaIssue) => {
  const schema = (issue.schema ?? {}) as { type?: unknown; format?: unknown };
  return schema.type === 'string' && (schema.format === 'integer' || schema.format === 'numeric');
};

const TYPE_NAMES: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.ObjectRequiredProperty]: 'missing',
  [ValueErrorType.ObjectAdditionalProperties]: 'extra_forbidden',
  [ValueErrorType.String]: 'string_type',
  [ValueErrorType.StringMaxLength]: 'string_too_long',
  [ValueErrorType.StringMinLength]: 'string_too_short',
  [ValueErrorType.StringPattern]: 'string_pattern_mismatch',
  [ValueErrorType.StringFormat]: 'string_format',
  [ValueErrorType.Integer]: 'int_type',
  [ValueErrorType.Number]: 'number_type',
  [ValueErrorType.Boolean]: 'bool_type',
  [ValueErrorType.Array]: 'list_type',
  [ValueErrorType.ArrayMinItems]: 'too_short',
  [ValueErrorType.ArrayMaxItems]: 'too_long',
  [ValueErrorType.Object]: 'object_type',
  [ValueErrorType.Literal]: 'literal_error',
  [ValueErrorType.Union]: 'invalid_value',
  [ValueErrorType.IntegerMinimum]: 'greater_than_equal',
  [ValueErrorType.IntegerMaximum]: 'less_than_equal',
  [ValueErrorType.NumberMinimum]: 'greater_than_equal',
  [ValueErrorType.NumberMaximum]: 'less_than_equal',
  [ValueErrorType.Null]: 'null_type',
};

/** What a `date` field that names no day of the calendar says (date-format.ts). */
const DATE_MESSAGE = 'must be a date of the calendar (YYYY-MM-DD)';

/** `/items/0/price` under `body` -> `body.items.0.price` (the dotted `loc` of SPEC 7). */
export function toLoc(where: string, pointer: string): string {
  const parts = pointer
    .split('/')
    .filter((p) => p !== '')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [where, ...parts].join('.');
}

/**
 * A union's own message ("Expected union value") names nothing useful. For `X | null` (every nullable
 * field) and a number that may come as a string (`t.Integer`: `{"level": 9}` past its maximum) the other
 * variant's issues are the real ones; for a union of literals (an enum) the message lists the allowed values.
 */
function expandUnion(issue: SchemaIssue): SchemaIssue[] {
  if (issue.type !== ValueErrorType.Union || !issue.errors) return [issue];
  const variants = issue.errors.map((it) => [...it]);
  const meaningful = variants.filter(
    (v) =>
      !(v.length === 1 && v[0]?.type === ValueErrorType.Null) && !(v.length > 0 && v.every(isNumericString)),
  );
  if (meaningful.length === 1 && meaningful[0] && meaningful[0].length > 0)
    return meaningful[0].flatMap(expandUnion);
  if (variants.length > 0 && variants.every((v) => v.length === 1 && v[0]?.type === ValueErrorType.Literal)) {
    const allowed = variants.map((v) => v[0]?.message.replace(/^Expected /, '')).join(', ');
    return [{ ...issue, errors: undefined, message: `Expected one of: ${allowed}` }];
  }
  return [issue];
}

/**
 * Turns TypeBox issues into the spec's field list: one entry per location, the most useful first
 * (a missing field also fails its type check; only "missing" is reported for it).
 */
export function toFieldErrors(where: string, issues: readonly SchemaIssue[]): FieldError[] {
  const byLoc = new Map<string, FieldError>();
  for (const issue of issues.flatMap(expandUnion)) {
    const loc = toLoc(where, issue.path);
    const type = TYPE_NAMES[issue.type as ValueErrorType] ?? 'invalid';
    const existing = byLoc.get(loc);
    if (existing && existing.type !== 'invalid_value') continue;
    if (type === 'missing') {
      byLoc.set(loc, { loc, msg: issue.path === '' ? 'Request body is required' : 'Field required', type });
    } else if (type === 'extra_forbidden') {
      byLoc.set(loc, { loc, msg: 'Unknown field', type });
    } else if (type === 'string_format' && (issue.schema as { format?: unknown })?.format === 'date') {
      byLoc.set(loc, { loc, msg: DATE_MESSAGE, type: 'value_error.date' });
    } else if (!existing) {
      byLoc.set(loc, { loc, msg: issue.message, type });
    }
  }
  return [...byLoc.values()];
}
