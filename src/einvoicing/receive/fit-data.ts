// A value a file states that the document data cannot hold (a BIC of 13 characters, a classification
// list id that is no UNTDID 7143 code, a month where a date belongs): left out with a warning naming it,
// so what parse answers is data every endpoint that takes document data accepts as it is.

import { Type as t } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { CurrencyCode, DateString, DocumentData } from '../../domain/document-data';
import { LineItem } from '../../domain/line-item';
import { DecimalString } from '../../domain/schema-parts';
import { isCalendarDate } from '../../shared/dates';
import { unheldCurrency, unheldDecimal } from './held-values';
import type { ReceiveWarning } from './types';

type ValueCode = 'value_too_long' | 'value_too_short' | 'value_pattern_mismatch' | 'value_format_mismatch';

/**
 * Errors of one value's own shape, each with its warning's code and the limit it names; a missing part or
 * an empty list is the reader's business, not this.
 */
const VALUE_ERRORS = new Map<ValueErrorType, (schema: Schema) => [ValueCode, Record<string, string>]>([
  [ValueErrorType.StringMaxLength, (s) => ['value_too_long', { max_length: String(s.maxLength) }]],
  [ValueErrorType.StringMinLength, (s) => ['value_too_short', { min_length: String(s.minLength) }]],
  [ValueErrorType.StringPattern, (s) => ['value_pattern_mismatch', { pattern: String(s.pattern) }]],
  [ValueErrorType.StringFormat, (s) => ['value_format_mismatch', { format: String(s.format) }]],
]);

/** The business term of a data path (array indexes as `[]`), for the warning; else the path itself. */
const TERMS: [RegExp, string][] = [
  [/^payment\.bank_account\.swift$/, 'BT-86'],
  [/^payment\.bank_account\./, 'BG-17'],
  [/\.classifications(\[\]|$)/, 'BT-158'],
  [/\.attributes(\[\]|$)/, 'BG-32'],
  [/^supporting_documents/, 'BG-24'],
  [/^invoiced_object/, 'BT-18'],
  [/^tax_scheme$/, 'BT-118'],
  [/^issue_date$/, 'BT-2'],
  [/^due_date$/, 'BT-9'],
  [/^delivery_date$/, 'BT-72'],
  [/^tax_point_date$/, 'BT-7'],
  [/^tax_point_date_code$/, 'BT-8'],
  [/^line_items\[\]\.period\./, 'BG-26'],
  [/^invoice_period\./, 'BG-14'],
  [/^payment\.means_text$/, 'BT-82'],
  [/^seller\.legal_info$/, 'BT-33'],
  [/^seller\.contact_name$/, 'BT-41'],
  [/^buyer\.contact_name$/, 'BT-56'],
  [/^seller\.address\.line3$/, 'BT-162'],
  [/^buyer\.address\.line3$/, 'BT-163'],
  [/^seller\./, 'BG-4'],
  [/^buyer\./, 'BG-7'],
];

type Json = Record<string, unknown> | unknown[];

/** The business term of a dotted data path, else the path. */
const termOf = (path: string) => {
  const general = path.replace(/\[\d+\]/g, '[]');
  return TERMS.find(([pattern]) => pattern.test(general))?.[1] ?? path;
};

const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

const dotted = (segments: string[]) =>
  segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

/** The object or list `segments` points at, or undefined. */
function nodeAt(root: Json, segments: string[]): Json | undefined {
  let node: unknown = root;
  for (const s of segments) {
    node = (node as Record<string, unknown> | undefined)?.[s];
    if (node === null || typeof node !== 'object') return undefined;
  }
  return node as Json;
}

/** Removes what `segments` points at: a member, or an array element (the array goes when it empties). */
function remove(root: Json, segments: string[]): void {
  const parent = nodeAt(root, segments.slice(0, -1));
  const key = segments.at(-1) as string;
  if (Array.isArray(parent)) {
    parent.splice(Number(key), 1);
    if (parent.length === 0 && segments.length > 1) remove(root, segments.slice(0, -1));
  } else if (parent) delete parent[key];
}

/**
 * The value's own object when it cannot stand without it (a required member), else the value; null when
 * that would be a line, a tax or the document itself, which go only with what they state (the writer's
 * 422 names such a value instead).
 */
function unitOf(segments: string[]): string[] | null {
  let unit = segments;
  while (required(unit)) {
    unit = unit.slice(0, -1);
    if (unit.length === 0 || /^(line_items|taxes)$/.test(unit.at(-2) ?? '')) return null;
  }
  return unit;
}

interface Schema {
  type?: string;
  pattern?: string;
  format?: string;
  maxLength?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
}

/** Whether the member at `segments` is required where it stands, read from the schema along the path. */
function required(segments: string[]): boolean {
  let schema: Schema | undefined = Received as Schema;
  for (const [i, segment] of segments.entries()) {
    if (schema === undefined) return false;
    // A union's branch is the one that has the member (the data's unions are of objects or of literals).
    if (schema.anyOf) schema = schema.anyOf.find((b) => b.properties?.[segment] || b.items);
    if (schema?.type === 'array') {
      schema = schema.items;
      continue;
    }
    if (i === segments.length - 1) return schema?.required?.includes(segment) ?? false;
    schema = schema?.properties?.[segment];
  }
  return false;
}

/**
 * The document data as a file may state it: any number of lines (a document sent to the API has at most
 * 2,000, a received one as many as its file), so a large file's values are checked in one compiled pass.
 */
const Received = t.Object(
  { ...DocumentData.properties, line_items: t.Array(LineItem, { minItems: 1 }) },
  { additionalProperties: false },
);
let compiled: TypeCheck<typeof Received> | undefined;

const DATE_PATTERN = (DateString('') as Schema).pattern;

type Unfit =
  | {
      path: string;
      value: unknown;
      message: string;
      code: ValueCode | 'date_not_in_calendar';
      /** The limit the message names (`max_length`, `pattern`, …). */
      limit: Record<string, string>;
    }
  | {
      path: string;
      value: null;
      message: string;
      code: 'list_shortened';
      /** A list longer than the data keeps: its first `keep` entries stay. */
      keep: number;
      length: number;
    };

/** Lists that say something about the invoice but nothing about its amounts, so their tail may go. */
const SHORTENED_LISTS = /^\/(line_items\/\d+\/(classifications|attributes)|supporting_documents)$/;

const datesIn = new WeakMap<Schema, boolean>();

/** Whether a date can be somewhere under this schema (most of a line cannot hold one). */
function holdsDates(schema: Schema): boolean {
  let known = datesIn.get(schema);
  if (known === undefined) {
    datesIn.set(schema, false); // a schema that refers to itself holds no date through itself
    const parts = [...Object.values(schema.properties ?? {}), ...(schema.anyOf ?? [])];
    if (schema.items) parts.push(schema.items);
    known = schema.pattern === DATE_PATTERN || parts.some(holdsDates);
    datesIn.set(schema, known);
  }
  return known;
}

const membersWithDates = new WeakMap<Schema, [string, Schema][]>();

/** The members of an object (of any branch of a union of objects) that can hold a date. */
function dateMembers(schema: Schema): [string, Schema][] {
  let members = membersWithDates.get(schema);
  if (members === undefined) {
    members = [schema, ...(schema.anyOf ?? [])].flatMap((b) =>
      Object.entries(b.properties ?? {}).filter(([, member]) => holdsDates(member)),
    );
    membersWithDates.set(schema, members);
  }
  return members;
}

/** Dates of the right shape that no calendar has (`2013-91-02`): the schema's pattern lets them by. */
function impossibleDates(schema: Schema | undefined, value: unknown, path: string, out: Unfit[]): Unfit[] {
  if (schema === undefined || value === null || value === undefined || !holdsDates(schema)) return out;
  if (typeof value === 'string') {
    if (schema.pattern === DATE_PATTERN && !isCalendarDate(value))
      out.push({ path, value, message: 'expected a calendar date', code: 'date_not_in_calendar', limit: {} });
  } else if (Array.isArray(value)) {
    const items = schema.items ?? schema.anyOf?.find((b) => b.items)?.items;
    for (const [i, item] of value.entries()) impossibleDates(items, item, `${path}/${i}`, out);
  } else if (typeof value === 'object') {
    for (const [key, member] of dateMembers(schema)) {
      const inside = (value as Record<string, unknown>)[key];
      if (inside !== undefined) impossibleDates(member, inside, `${path}/${key}`, out);
    }
  }
  return out;
}

/** What the data cannot hold, in document order: values of the wrong shape, then impossible dates. */
function unfitValues(data: DocumentData): Unfit[] {
  const errors = [...Value.Errors(Received, data)];
  const shapes = errors.flatMap((e): Unfit[] => {
    const kind = VALUE_ERRORS.get(e.type);
    if (kind === undefined || typeof e.value !== 'string') return [];
    const [code, limit] = kind(e.schema as Schema);
    return [
      { path: e.path, value: e.value, message: e.message.replace(/^Expected/, 'expected'), code, limit },
    ];
  });
  const lists = errors
    .filter((e) => e.type === ValueErrorType.ArrayMaxItems && SHORTENED_LISTS.test(e.path))
    .map((e): Unfit => {
      const keep = Number(e.schema.maxItems);
      const length = (e.value as unknown[]).length;
      return {
        path: e.path,
        value: null,
        code: 'list_shortened',
        keep,
        length,
        message: `${length} entries, the data keeps the first ${keep}`,
      };
    });
  return [...shapes, ...lists, ...impossibleDates(Received as Schema, data, '', [])];
}

const DECIMAL_PATTERN = (DecimalString('') as Schema).pattern;
const CURRENCY_PATTERN = (CurrencyCode as Schema).pattern;

/** Document order of two pointers' segments: array indexes by number (`/2` before `/10`). */
function compareSegments(x: string[], y: string[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i] as string, y[i] as string];
    if (p === q) continue;
    if (/^\d+$/.test(p) && /^\d+$/.test(q)) return Number(p) - Number(q);
    return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/** A value as the warning quotes it: at most 80 characters (a hostile file's long values stay in the file). */
const shortened = (value: string) => (value.length > 80 ? `${value.slice(0, 79)}…` : value);

/**
 * An amount, quantity or rate the data cannot hold, or a document currency that is no ISO 4217 code: left
 * out, the invoice would say something else, and kept, the arithmetic and the database cannot take it, so
 * the file is refused (held-values.ts): thrown for the first in document order. fitToData leaves such a
 * value where it is (a writer's 422 names it); the reader of received files asks this first.
 */
export function refuseUnheld(data: DocumentData): void {
  compiled ??= TypeCompiler.Compile(Received);
  if (compiled.Check(data)) return;
  const unheld = unfitValues(data)
    .filter(
      (u) =>
        u.code === 'value_pattern_mismatch' &&
        typeof u.value === 'string' &&
        (u.limit.pattern === DECIMAL_PATTERN ||
          (u.path === '/currency' && u.limit.pattern === CURRENCY_PATTERN)),
    )
    .sort((a, b) => compareSegments(segmentsOf(a.path), segmentsOf(b.path)))[0];
  if (unheld === undefined) return;
  const [value, path] = [unheld.value as string, dotted(segmentsOf(unheld.path))];
  throw path === 'currency' ? unheldCurrency(value, path) : unheldDecimal(value, path);
}

export function fitToData(data: DocumentData, warnings: ReceiveWarning[]): DocumentData {
  compiled ??= TypeCompiler.Compile(Received);
  const found = compiled.Check(data) ? impossibleDates(Received as Schema, data, '', []) : unfitValues(data);
  if (found.length === 0) return data;
  // From the last to the first, so removing an array element leaves the earlier pointers as they were.
  const errors = found
    .map((error) => ({ ...error, segments: segmentsOf(error.path) }))
    .sort((a, b) => compareSegments(b.segments, a.segments));
  const out = structuredClone(data) as unknown as Json;
  const removed = new Set<string>();
  const said: ReceiveWarning[] = [];
  for (const error of errors) {
    const { segments, value, message } = error;
    if (error.code === 'list_shortened') {
      const path = dotted(segments);
      said.push({
        term: termOf(path),
        path,
        message: `${message}: the rest are not kept`,
        code: error.code,
        params: { count: String(error.length), keep: String(error.keep) },
      });
      (nodeAt(out, segments) as unknown[]).splice(error.keep);
      continue;
    }
    const unit = unitOf(segments);
    if (unit === null) continue;
    // Two values of one part (a classification's id and list id): the part goes once.
    const within = unit.some((_, i) => removed.has(unit.slice(0, i + 1).join('/')));
    if (within) continue;
    removed.add(unit.join('/'));
    const path = dotted(segments);
    const part = unit.length < segments.length ? dotted(unit) : undefined;
    const quoted = shortened(String(value));
    said.push({
      term: termOf(path),
      path,
      message: `"${quoted}" is not kept: ${message}${part ? ` (nor the ${part} it belongs to)` : ''}`,
      code: error.code,
      params: { value: quoted, ...error.limit, ...(part && { part }) },
    } as ReceiveWarning);
    remove(out, unit);
  }
  warnings.push(...said.reverse());
  return out as unknown as DocumentData;
}
