import { listCountries } from '../../../domain/reference/countries';
import { DomainError, type FieldError } from '../../../shared/errors';
import { mapPaced, type Pace } from '../../../shared/event-loop';
// The customer create contract itself, not a copy, so an import accepts exactly what POST /customers does.
import { CreateCustomerBody, createCustomer, customerProblems } from '../../customers';
import { parseCsvPaced } from '../csv';
import { type ImportResourceKind, type ParsedImport, rowLocs } from '../entries';
import type { RowError } from '../model';
import { compiledCheck } from '../schema-check';

const SCALAR_COLUMNS = new Set(['name', 'contact_name', 'email', 'phone', 'tax_id']);
const ADDRESS_COLUMNS = new Set(['line1', 'line2', 'line3', 'city', 'state', 'postal_code', 'country']);
const ADDRESS_FIELDS = new Set(['billing_address', 'shipping_address']);

/** Header names customers understand: `billing_address.city`, `metadata.<key>`, ... */
function columnProblem(column: string): string | null {
  if (SCALAR_COLUMNS.has(column)) return null;
  const dot = column.indexOf('.');
  const [head, rest] = [column.slice(0, dot), column.slice(dot + 1)];
  if (dot > 0 && ADDRESS_FIELDS.has(head) && ADDRESS_COLUMNS.has(rest)) return null;
  if (dot > 0 && head === 'metadata' && rest !== '') return null;
  return `unknown column '${column}'`;
}

/** Header names in any case; a metadata key keeps its own (`Metadata.CRM_Id` is `metadata.CRM_Id`). */
function columnName(column: string): string {
  const dot = column.indexOf('.');
  const head = (dot < 0 ? column : column.slice(0, dot)).toLowerCase();
  return head === 'metadata' && dot > 0 ? `${head}${column.slice(dot)}` : column.toLowerCase();
}

let countryCodes: Map<string, string> | null = null;

/** A country as a spreadsheet names it: its code in any case, or its German or English name. */
function countryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The ISO code of a country cell: `DE`, `de`, `Deutschland`, `Germany`, `Österreich` (CLDR's German and English
 * names of every ISO 3166-1 country, and a few names address lists use). A cell naming no country is kept
 * as written, and the create checks refuse it as they would.
 */
function countryCode(value: string): string {
  if (countryCodes === null) {
    countryCodes = new Map();
    const names = ['de', 'en'].map(
      (lang) => new Intl.DisplayNames(lang, { type: 'region', fallback: 'none' }),
    );
    for (const { code } of listCountries()) {
      countryCodes.set(code.toLowerCase(), code);
      for (const name of names) {
        const named = name.of(code);
        if (named) countryCodes.set(countryKey(named), code);
      }
    }
    const aliases: [string, string][] = [
      ['brd', 'DE'],
      ['bundesrepublik deutschland', 'DE'],
      ['holland', 'NL'],
      ['usa', 'US'],
      ['vereinigte staaten von amerika', 'US'],
      ['uk', 'GB'],
      ['großbritannien', 'GB'],
      ['great britain', 'GB'],
      ['england', 'GB'],
    ];
    for (const [alias, code] of aliases) countryCodes.set(alias, code);
  }
  return countryCodes.get(countryKey(value)) ?? value;
}

/** Dotted columns build nested objects; empty cells are omitted, so an all-empty address is no address. */
function toBody(
  columns: readonly (readonly [string, string | null])[],
  cells: string[],
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  columns.forEach(([parent, child], i) => {
    const value = cells[i];
    if (value === undefined || value === '') return;
    if (child === null) {
      record[parent] = value;
      return;
    }
    const nested = (record[parent] ?? {}) as Record<string, string>;
    nested[child] = child === 'country' && ADDRESS_FIELDS.has(parent) ? countryCode(value) : value;
    record[parent] = nested;
  });
  return record;
}

async function csvBodies(data: readonly unknown[], pace: Pace): Promise<Record<string, unknown>[]> {
  const { header, records } = await parseCsvPaced(data, columnProblem, pace, columnName);
  // Split once per column, not once per cell: 100,000 rows have 700,000 cells.
  const columns = header.map((column) => {
    const dot = column.indexOf('.');
    return dot < 0 ? ([column, null] as const) : ([column.slice(0, dot), column.slice(dot + 1)] as const);
  });
  return await mapPaced(records, (cells) => toBody(columns, cells), pace);
}

const schemaProblems = compiledCheck(CreateCustomerBody);

function customerRowProblems(row: unknown): FieldError[] {
  const problems = schemaProblems(row);
  return problems.length > 0 ? problems : customerProblems(row as CreateCustomerBody);
}

/** A customer per row: a JSON object, or a CSV record whose columns are the create fields (dotted). */
export const customerImports: ImportResourceKind = {
  async parse(format, data, pace): Promise<ParsedImport> {
    const bodies = format === 'csv' ? await csvBodies(data, pace) : data;
    return {
      totalRows: bodies.length,
      candidates: bodies.map((body, i) => ({ rows: [i + 1], body, errors: [] })),
    };
  },

  async check(_ctx, _format, parsed, _links, pace) {
    const checked = { entries: [] as { rows: number[]; body: unknown }[], errors: [] as RowError[] };
    for (const { rows, body } of parsed.candidates) {
      const problems = customerRowProblems(body);
      if (problems.length === 0) checked.entries.push({ rows, body });
      else checked.errors.push({ row: rows[0] ?? 0, fields: rowLocs(problems) });
      await pace();
    }
    return checked;
  },

  // createCustomer checks before it writes, so a row that fails leaves nothing behind: no savepoint needed.
  async commit(ctx, _format, entry) {
    try {
      await createCustomer({ ctx, input: entry.body as CreateCustomerBody });
      return null;
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'unprocessable_entity') throw error;
      const fields = (error.details?.fields ?? []) as FieldError[];
      return [{ row: entry.rows[0] ?? 0, fields: rowLocs(fields) }];
    }
  },
};
