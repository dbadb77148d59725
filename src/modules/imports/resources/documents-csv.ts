import { type FieldError, validationError } from '../../../shared/errors';
import type { Pace } from '../../../shared/event-loop';
import { type CsvTable, parseCsv, parseCsvPaced } from '../csv';
import { booleanCell, dateCell, decimalCell, hasEuroSign } from '../csv-cells';
import type { ParsedImport } from '../entries';
import type { RowError } from '../model';

/**
 * CSV cannot nest line items, so a documents CSV has one record per LINE, as accounting exports do. Records
 * with the same `number` (or `document_ref`, when numbers come from a sequence) in consecutive rows are one
 * document; a record coming back to a document after another started fails that whole document. Document
 * columns come from the document's first line; later lines may repeat them (exports usually do) but not
 * change them. Each line carries at most one tax and one discount.
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
  // The rate to the euro (EN 16931 BT-6 and the rate of BT-111), as the JSON row's `tax_currency`: what the
  // DATEV export of a document in another currency needs (docs/exports.md, "Foreign currency").
  'tax_currency.currency',
  'tax_currency.exchange_rate',
  // Linked by the cost-centres module, not the documents' own (split off before the schema check).
  'cost_centre_id',
  // A history carried in (document-history.ts), no field of POST /documents: split off before its check.
  'source_document_number',
  'status',
  'paid_on',
  'amount_paid',
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
const DECIMAL_COLUMNS = new Set([
  'prepaid_amount',
  'amount_paid',
  'shipping.amount',
  'tax_currency.exchange_rate',
  'line.quantity',
  'line.unit_price',
  'line.price_base_quantity',
  'line.gross_unit_price',
  'line.tax_rate',
  'line.discount_percent',
  'line.discount_amount',
]);

/** Dates the API takes as `2026-12-31`; a file may write them `31.12.2026`. */
const DATE_COLUMNS = new Set(['issue_date', 'due_date', 'delivery_date', 'valid_until', 'paid_on']);

type Cells = Map<string, string>;

function columnProblem(column: string): string | null {
  return KNOWN_COLUMNS.has(column) ? null : `unknown column '${column}'`;
}

/**
 * German names of the history columns (docs/imports.md "Moving an invoice history from another tool"), as a
 * German spreadsheet or an invoice list of lexoffice or sevDesk heads them; compared as `squashed` compares
 * them (case, spaces, dots, hyphens, underscores and brackets left out: `Rechnungsnummer (Bezug)` is
 * `rechnungsnummerbezug`). The other documents columns keep the API's names.
 */
export const HISTORY_COLUMN_ALIASES: Record<
  'status' | 'paid_on' | 'amount_paid' | 'source_document_number',
  readonly string[]
> = {
  status: ['Rechnungsstatus', 'Belegstatus', 'Zahlungsstatus'],
  paid_on: ['Bezahlt am', 'Zahlungsdatum', 'Zahldatum', 'Zahlungseingang', 'Datum Zahlungseingang'],
  amount_paid: ['Bezahlter Betrag', 'Zahlbetrag', 'Zahlungsbetrag', 'Gezahlter Betrag', 'Betrag bezahlt'],
  source_document_number: [
    'Rechnungsnummer (Bezug)',
    'Bezugsrechnung',
    'Bezug Rechnungsnummer',
    'Bezug zu Rechnung',
    'Ursprungsrechnung',
    'Korrigierte Rechnung',
  ],
};

const squashed = (column: string) => column.toLowerCase().replace(/[\s._()-]+/g, '');

const HISTORY_ALIASES = new Map<string, string>();
for (const [field, names] of Object.entries(HISTORY_COLUMN_ALIASES)) {
  for (const name of names) HISTORY_ALIASES.set(squashed(name), field);
}

/**
 * The header's column names for a documents CSV (lower case, a German history name as its field), and
 * `locs`: field -> the header as written, for each column named by a German name (its problems sit there).
 */
function documentColumnNames(): { columnName: (column: string) => string; locs: Record<string, string> } {
  const locs: Record<string, string> = {};
  const columnName = (column: string) => {
    const lower = column.toLowerCase();
    if (KNOWN_COLUMNS.has(lower)) return lower;
    const field = HISTORY_ALIASES.get(squashed(column));
    if (field === undefined) return lower;
    locs[field] = column;
    return field;
  };
  return { columnName, locs };
}

/**
 * A status as a German spreadsheet or lexoffice writes it, in any case: `bezahlt` is paid, `offen`,
 * `versendet` and `überfällig` are sent (issued, not or not wholly paid: a part payment's row is `sent`),
 * `abgeschlossen` finalized, `Entwurf` a draft; `storniert` and `archiviert` are `void` and `archived`, refused
 * as those are. The API's words are read in any case too; anything else is left as written (and refused).
 */
const STATUS_WORDS = new Map<string, string>([
  ['draft', 'draft'],
  ['finalized', 'finalized'],
  ['sent', 'sent'],
  ['paid', 'paid'],
  ['void', 'void'],
  ['archived', 'archived'],
  ['entwurf', 'draft'],
  ['abgeschlossen', 'finalized'],
  ['festgeschrieben', 'finalized'],
  ['versendet', 'sent'],
  ['versandt', 'sent'],
  ['verschickt', 'sent'],
  ['offen', 'sent'],
  ['überfällig', 'sent'],
  ['ueberfaellig', 'sent'],
  ['teilbezahlt', 'sent'],
  ['teilweise bezahlt', 'sent'],
  ['bezahlt', 'paid'],
  ['storniert', 'void'],
  ['archiviert', 'archived'],
]);

export function statusCell(value: string): string {
  return STATUS_WORDS.get(value.toLowerCase().replace(/\s+/g, ' ')) ?? value;
}

/** `row 4`, `rows 1-3`, or `rows 1-2, 6` for a document whose lines were not all consecutive. */
export function span(rows: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const start = rows[i];
    while (i + 1 < rows.length && rows[i + 1] === (rows[i] ?? 0) + 1) i++;
    runs.push(start === rows[i] ? `${start}` : `${start}-${rows[i]}`);
  }
  return `${rows.length === 1 ? 'row' : 'rows'} ${runs.join(', ')}`;
}

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
    const flag = booleanCell('line.tax_inclusive', inclusive, problems);
    if (flag !== undefined) tax.inclusive = flag;
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

/**
 * The create body of one document, and the problems only its records show (one list per record, after
 * those found reading the record's cells).
 */
function groupBody(
  rows: readonly number[],
  lines: readonly Cells[],
  cellProblems: readonly FieldError[][],
  euros: readonly string[][] = [],
) {
  const first = lines[0] as Cells;
  const body: Record<string, unknown> = {};
  // `shipping.amount`, `tax_currency.exchange_rate`: a field of an object of the JSON row.
  const nested: Record<string, Record<string, unknown>> = {};
  for (const column of DOCUMENT_COLUMNS) {
    const value = first.get(column);
    if (!value) continue;
    const dot = column.indexOf('.');
    if (dot <= 0) {
      body[column] = value;
      continue;
    }
    const object = nested[column.slice(0, dot)] ?? {};
    object[column.slice(dot + 1)] = value;
    nested[column.slice(0, dot)] = object;
  }
  Object.assign(body, nested);
  const errors: RowError[] = [];
  body.line_items = lines.map((cells, i) => {
    const problems = [...(cellProblems[i] ?? [])];
    // `1.234,56 €` was read as 1234.56: right for a document in euros only.
    const currency = body.currency;
    if (typeof currency === 'string' && currency.toUpperCase() !== 'EUR') {
      for (const column of euros[i] ?? []) {
        const msg = `an amount in euros (€) on a document in ${currency}: write it without the euro sign, in ${currency}`;
        problems.push({ loc: column, msg, type: 'invalid_value' });
      }
    }
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
  problems: FieldError[][];
  /** Per line, the amount columns whose cell carried the euro sign. */
  euros: string[][];
}

/** Groups a documents CSV into one candidate per document, in order of their first line. */
export function csvDocuments(data: readonly unknown[]): ParsedImport {
  const { columnName, locs } = documentColumnNames();
  const table = parseCsv(data, columnProblem, columnName);
  const grouping = new Grouping(table);
  for (let i = 0; i < grouping.records.length; i++) grouping.add(grouping.records[i] as string[], i + 1);
  return {
    totalRows: grouping.records.length,
    sheetRows: table.sheetRows,
    candidates: grouping.parts.map((part) => candidateOf(part, locs)),
  };
}

/** csvDocuments with turns of the event loop between slices of the work (`pace`): the import's create. */
export async function csvDocumentsPaced(data: readonly unknown[], pace: Pace): Promise<ParsedImport> {
  const { columnName, locs } = documentColumnNames();
  const table = await parseCsvPaced(data, columnProblem, pace, columnName);
  const grouping = new Grouping(table);
  for (let i = 0; i < grouping.records.length; i++) {
    grouping.add(grouping.records[i] as string[], i + 1);
    await pace();
  }
  const candidates: ParsedImport['candidates'] = [];
  for (const part of grouping.parts) {
    candidates.push(candidateOf(part, locs));
    await pace();
  }
  return { totalRows: grouping.records.length, sheetRows: table.sheetRows, candidates };
}

function candidateOf(
  part: Group | RowError,
  locs: Record<string, string>,
): ParsedImport['candidates'][number] {
  if ('fields' in part) return { rows: [part.row], body: null, errors: [part] };
  const named = Object.keys(locs).length > 0 ? { locs } : {};
  return { rows: part.rows, ...groupBody(part.rows, part.lines, part.problems, part.euros), ...named };
}

/** The records of a documents CSV taken one at a time into groups and records without a key, in order. */
class Grouping {
  readonly records: string[][];
  /** Groups and records without a key in order; a record without a key forms no document. */
  readonly parts: (Group | RowError)[] = [];
  private readonly header: string[];
  private readonly delimiter: CsvTable['delimiter'];
  private readonly keyColumn: string;
  private readonly decimal: boolean[];
  private readonly date: boolean[];
  private readonly status: number;
  private readonly groups = new Map<string, Group>();
  private current: Group | null = null;

  constructor({ header, records, delimiter }: CsvTable) {
    const keyColumn = header.includes(GROUP_COLUMN)
      ? GROUP_COLUMN
      : header.includes('number')
        ? 'number'
        : null;
    if (!keyColumn) {
      const msg = `A documents CSV needs a 'number' or '${GROUP_COLUMN}' column to group lines into documents`;
      throw validationError([{ loc: 'body.data.0', msg, type: 'invalid_header' }], msg);
    }
    this.records = records;
    this.header = header;
    this.delimiter = delimiter;
    this.keyColumn = keyColumn;
    this.decimal = header.map((column) => DECIMAL_COLUMNS.has(column));
    this.date = header.map((column) => DATE_COLUMNS.has(column));
    this.status = header.indexOf('status');
  }

  add(record: string[], row: number): void {
    const problems: FieldError[] = [];
    const cells: Cells = new Map(
      this.header.map((column, c) => {
        const value = record[c] ?? '';
        if (!value) return [column, value];
        if (this.decimal[c]) return [column, decimalCell(column, value, this.delimiter, problems)];
        if (c === this.status) return [column, statusCell(value)];
        return [column, this.date[c] ? dateCell(column, value, problems) : value];
      }),
    );
    const key = cells.get(this.keyColumn) ?? '';
    if (key === '') {
      const msg = 'Field required: it names the document this line belongs to';
      this.parts.push({ row, fields: [{ loc: this.keyColumn, msg, type: 'missing' }, ...problems] });
      return;
    }
    let group = this.current?.key === key ? this.current : this.groups.get(key);
    if (group && group !== this.current) {
      // Most likely a line of that document sorted apart from it, maybe a second document with the same
      // number: either way importing the document without this line would be wrong, so none of it is.
      const msg = `'${key}' names the document on ${span(group.rows)}; the lines of one document must be consecutive`;
      problems.unshift({ loc: this.keyColumn, msg, type: 'duplicate' });
    }
    if (!group) {
      group = { key, rows: [], lines: [], problems: [], euros: [] };
      this.groups.set(key, group);
      this.parts.push(group);
    }
    group.rows.push(row);
    group.lines.push(cells);
    group.problems.push(problems);
    group.euros.push(this.header.filter((column, c) => hasEuroSign(column, record[c] ?? '')));
    this.current = group;
  }
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
