import { type FieldError, validationError } from '../../../shared/errors';
import { parseCsv } from '../csv';
import type { ParsedImport } from '../entries';
import type { RowError } from '../model';

/**
 * CSV cannot nest line items, so a documents CSV has one record per LINE, as accounting exports do. Records
 * with the same `number` (or `document_ref`, when numbers come from a sequence) in consecutive rows are one
 * document. Document columns come from the document's first line; later lines may repeat them (exports
 * usually do) but not change them. Each line carries at most one tax and one discount.
 */
const DOCUMENT_COLUMNS = [
  'document_type',
  'number',
  'numbering_sequence_id',
  'issue_date',
  'due_date',
  'currency',
  'locale',
  'business_profile_id',
  'customer_id',
  'source_document_id',
  'reason',
  'buyer_reference',
  'type_code',
  'prepaid_amount',
  'tax_scheme',
  'notes',
  'delivery_date',
  'valid_until',
  'shipping.amount',
  'shipping.description',
] as const;
const GROUP_COLUMN = 'document_ref';
const LINE_FIELDS = [
  'name',
  'description',
  'quantity',
  'unit_price',
  'price_base_quantity',
  'gross_unit_price',
  'unit',
  'unit_code',
  'sku',
] as const;
const TAX_FIELDS = ['name', 'rate', 'category', 'exemption_reason'] as const;
const LINE_COLUMNS = new Set([
  ...LINE_FIELDS.map((f) => `line.${f}`),
  ...TAX_FIELDS.map((f) => `line.tax_${f}`),
  'line.tax_inclusive',
  'line.discount_percent',
  'line.discount_amount',
]);
const KNOWN_COLUMNS = new Set<string>([...DOCUMENT_COLUMNS, GROUP_COLUMN, ...LINE_COLUMNS]);

type Cells = Map<string, string>;

function columnProblem(column: string): string | null {
  return KNOWN_COLUMNS.has(column) ? null : `unknown column '${column}'`;
}

const span = (rows: readonly number[]) =>
  rows.length === 1 ? `row ${rows[0]}` : `rows ${rows[0]}-${rows[rows.length - 1]}`;

const BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

/** One line item from one record; a cell that cannot be read becomes a problem at its column. */
function lineItem(cells: Cells, problems: FieldError[]): Record<string, unknown> {
  const line: Record<string, unknown> = {};
  for (const field of LINE_FIELDS) {
    const value = cells.get(`line.${field}`);
    if (value) line[field] = value;
  }
  const tax: Record<string, unknown> = {};
  for (const field of TAX_FIELDS) {
    const value = cells.get(`line.tax_${field}`);
    if (value) tax[field] = value;
  }
  const inclusive = cells.get('line.tax_inclusive');
  if (inclusive) {
    const flag = BOOLEANS[inclusive.toLowerCase()];
    if (flag === undefined) {
      const msg = `'${inclusive}' is not true or false`;
      problems.push({ loc: 'line.tax_inclusive', msg, type: 'bool_parsing' });
    } else tax.inclusive = flag;
  }
  if (Object.keys(tax).length > 0) line.taxes = [tax];
  const percent = cells.get('line.discount_percent');
  const amount = cells.get('line.discount_amount');
  if (percent && amount) {
    const msg = 'give line.discount_percent or line.discount_amount, not both';
    problems.push({ loc: 'line.discount_amount', msg, type: 'not_allowed' });
  } else if (percent) line.discount = { type: 'percentage', value: percent };
  else if (amount) line.discount = { type: 'fixed', value: amount };
  return line;
}

/** The create body of one document, and the problems only its records show (one list per record). */
function groupBody(rows: readonly number[], lines: readonly Cells[]) {
  const first = lines[0] as Cells;
  const body: Record<string, unknown> = {};
  const shipping: Record<string, unknown> = {};
  for (const column of DOCUMENT_COLUMNS) {
    const value = first.get(column);
    if (!value) continue;
    if (column.startsWith('shipping.')) shipping[column.slice('shipping.'.length)] = value;
    else body[column] = value;
  }
  if (Object.keys(shipping).length > 0) body.shipping = shipping;
  const errors: RowError[] = [];
  body.line_items = lines.map((cells, i) => {
    const problems: FieldError[] = [];
    const line = lineItem(cells, problems);
    if (i > 0) {
      for (const column of DOCUMENT_COLUMNS) {
        const value = cells.get(column);
        if (value && value !== first.get(column)) {
          const msg = `differs from row ${rows[0]}, the first line of this document ('${first.get(column) ?? ''}')`;
          problems.push({ loc: column, msg, type: 'inconsistent' });
        }
      }
    }
    if (problems.length > 0) errors.push({ row: rows[i] ?? 0, fields: problems });
    return line;
  });
  return { body, errors };
}

interface Group {
  key: string;
  rows: number[];
  lines: Cells[];
}

/** Groups a documents CSV into one candidate per document, in order of their first line. */
export function csvDocuments(data: readonly unknown[]): ParsedImport {
  const { header, records } = parseCsv(data, columnProblem);
  const keyColumn = header.includes(GROUP_COLUMN)
    ? GROUP_COLUMN
    : header.includes('number')
      ? 'number'
      : null;
  if (!keyColumn) {
    const msg = `A documents CSV needs a 'number' or '${GROUP_COLUMN}' column to group lines into documents`;
    throw validationError([{ loc: 'body.data.0', msg, type: 'invalid_header' }], msg);
  }
  // Groups and stray records (no key, a key reused later) in order; a stray record forms no document.
  const parts: (Group | RowError)[] = [];
  const groups = new Map<string, Group>();
  let current: Group | null = null;
  records.forEach((record, i) => {
    const row = i + 1;
    const cells: Cells = new Map(header.map((column, c) => [column, record[c] ?? '']));
    const key = cells.get(keyColumn) ?? '';
    if (key === '') {
      const msg = 'Field required: it names the document this line belongs to';
      parts.push({ row, fields: [{ loc: keyColumn, msg, type: 'missing' }] });
    } else if (current?.key === key) {
      current.rows.push(row);
      current.lines.push(cells);
    } else if (groups.has(key)) {
      const rows = groups.get(key)?.rows ?? [];
      const msg = `'${key}' names the document on ${span(rows)}; the lines of one document must be consecutive`;
      parts.push({ row, fields: [{ loc: keyColumn, msg, type: 'duplicate' }] });
      current = null;
    } else {
      current = { key, rows: [row], lines: [cells] };
      groups.set(key, current);
      parts.push(current);
    }
  });
  const candidates = parts.map((part) => {
    if ('fields' in part) return { rows: [part.row], body: null, errors: [part] };
    return { rows: part.rows, ...groupBody(part.rows, part.lines) };
  });
  return { totalRows: records.length, candidates };
}

/** The column of a problem inside line item `line` (`taxes.0.rate` -> `line.tax_rate`). */
function lineColumn(path: string, line: Record<string, unknown> | undefined): string {
  const [head, , leaf] = path.split('.');
  if (head === 'taxes') return leaf ? `line.tax_${leaf}` : 'line.tax_rate';
  if (head === 'discount') {
    const type = (line?.discount as { type?: string } | undefined)?.type;
    return type === 'fixed' ? 'line.discount_amount' : 'line.discount_percent';
  }
  return `line.${head}`;
}

/**
 * Where a document's problem sits in the file: `line_items.2.quantity` is the third line's record,
 * column `line.quantity`; a document field is the first line's record, under its own column name.
 */
export function csvLocation(
  rows: readonly number[],
  body: Record<string, unknown>,
  loc: string,
): { row: number; loc: string } {
  const match = /^line_items\.(\d+)(?:\.(.+))?$/.exec(loc);
  if (!match) return { row: rows[0] ?? 0, loc };
  const index = Number(match[1]);
  const lines = body.line_items as Record<string, unknown>[] | undefined;
  const row = rows[index] ?? rows[0] ?? 0;
  return { row, loc: match[2] ? lineColumn(match[2], lines?.[index]) : 'row' };
}
