// The tables of the tax audit export as the GDPdU "Beschreibungsstandard" describes them (DTD
// gdpdu-01-09-2004.dtd, in assets/gdpdu/): CSV files (VariableLength) and the index.xml that names each file,
// its encoding, separators and every column with its type. One declaration per table (tables.ts) gives
// both the CSV's header and index.xml's description, so the two cannot drift apart.
import { dec, isDecimalString, type MinorUnits, toFixedString, toPlainString } from '../../../domain/money';

/** A column's GDPdU type: text, a number with its minimum decimals, or a date (DD.MM.YYYY). */
export type ColumnType = { kind: 'text' } | { kind: 'number'; accuracy: number } | { kind: 'date' };

export interface Column {
  name: string;
  /** What it holds, in German: the auditor reads it in the audit software. */
  description: string;
  type: ColumnType;
}

export interface TableSpec {
  /** The file's path in the ZIP (index.xml's URL, relative to it). */
  file: string;
  /** index.xml's Name of the table, which foreign keys reference. */
  name: string;
  description: string;
  /** The primary key's columns: the table's first columns (the DTD puts VariablePrimaryKey first). */
  primaryKey: number;
  columns: Column[];
  foreignKeys: { column: string; references: string }[];
}

export const text: ColumnType = { kind: 'text' };
export const date: ColumnType = { kind: 'date' };
/** An amount: two decimals at least (more when a currency of three minor units occurs). */
export const money: ColumnType = { kind: 'number', accuracy: 2 };
export const count: ColumnType = { kind: 'number', accuracy: 0 };
/** A unit price: two decimals at least, more when a price has them. */
export const price: ColumnType = { kind: 'number', accuracy: 2 };
/** A quantity or rate: as many decimals as its values have. */
export const decimal: ColumnType = { kind: 'number', accuracy: 0 };

export const COLUMN_DELIMITER = ';';
export const RECORD_DELIMITER = '\r\n';
export const DATE_FORMAT = 'DD.MM.YYYY';

/** A cell before formatting: text, a decimal string (numbers), YYYY-MM-DD (dates); null is an empty cell. */
export type Cell = string | null | undefined;

/** YYYY-MM-DD as DD.MM.YYYY (index.xml's Date format). */
export const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * A text cell: always between quotes (the TextEncapsulator), inner quotes doubled. Line breaks, tabs and
 * other control characters become spaces, since a record ends at CRLF whatever the quotes say in some
 * readers; a text a spreadsheet would run as a formula gets a leading `'`, as in the service's other CSVs.
 */
function textCell(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
  let v = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  if (/^[=+\-@]/.test(v)) v = `'${v}`;
  return `"${v.replaceAll('"', '""')}"`;
}

/** Decimals of a plain decimal string ("12.50" → 2, "19" → 0). */
const decimalsOf = (value: string) => {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
};

/**
 * Writes one table's records and remembers, per number column, the most decimals a value had: index.xml
 * (written last) declares that as the column's Accuracy, so no value is finer than its description says.
 */
export class TableWriter {
  readonly accuracy: number[];
  rows = 0;
  constructor(readonly spec: TableSpec) {
    this.accuracy = spec.columns.map((c) => (c.type.kind === 'number' ? c.type.accuracy : 0));
  }

  /** The first record: the column names (index.xml's Range starts the data at record 2). */
  header(): string {
    return this.spec.columns.map((c) => textCell(c.name)).join(COLUMN_DELIMITER) + RECORD_DELIMITER;
  }

  record(cells: Cell[]): string {
    if (cells.length !== this.spec.columns.length) {
      throw new Error(`${this.spec.file}: ${cells.length} cells for ${this.spec.columns.length} columns`);
    }
    this.rows++;
    const fields = this.spec.columns.map((column, i) => {
      const value = cells[i];
      if (column.type.kind === 'text') return textCell(value ?? '');
      if (value === null || value === undefined || value === '') return '';
      if (column.type.kind === 'date') return germanDate(value);
      this.accuracy[i] = Math.max(this.accuracy[i] ?? 0, decimalsOf(value));
      return value.replace('.', ',');
    });
    return fields.join(COLUMN_DELIMITER) + RECORD_DELIMITER;
  }
}

/** An amount in its currency's minor units, as a decimal string (a number cell). */
export const amount = (value: string | null | undefined, units: MinorUnits): string | null =>
  isDecimalString(value) ? toFixedString(dec(value), units) : null;

/** A quantity or rate as its plain decimal text ("19.00" → "19", "2.500" → "2.5"). */
export const plain = (value: string | null | undefined): string | null =>
  isDecimalString(value) ? toPlainString(dec(value)) : null;

/** A unit price with two decimals, or more where it has more ("20" → "20.00", "0.125" → "0.125"). */
export function unitPrice(value: string | null | undefined): string | null {
  const text = plain(value);
  return text === null || decimalsOf(text) >= 2 ? text : toFixedString(dec(text), 2);
}
