import type { FieldError } from '../../shared/errors';
import type { CsvDelimiter } from './csv';

// Typed CSV cells as spreadsheets write them. The API itself reads one form only ("1234.56", true), so a
// cell is turned into that form here or refused with a message that says how to write it.

/** `1,5`, `-4,90`, `1.234,56`: a decimal comma, with dots grouping thousands only before one. */
const DECIMAL_COMMA = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+),(\d+)$/;
/** `1.234`: a thousand and more to a German spreadsheet, a bit over one to the API. */
const DOTS_IN_THREES = /^-?[1-9]\d{0,2}(?:\.\d{3})+$/;

/**
 * A decimal cell in the API's form. Where the comma does not separate cells (a semicolon or tab file, as a
 * German Excel saves one) a decimal comma is read: `1.234,56` becomes "1234.56" by moving characters,
 * never through a float. In a comma file it is a problem at `column` naming the fix; the cell is kept.
 * There `1.234` is refused too: read either way, it would be a thousand times off for some files. Anything
 * else is left to the create schema (a dot alone is a decimal point: `4.90`, `1.5`).
 */
export function decimalCell(
  column: string,
  cell: string,
  delimiter: CsvDelimiter,
  problems: FieldError[],
): string {
  const value = withoutUnit(column, cell);
  const match = DECIMAL_COMMA.exec(value);
  if (!match) {
    if (delimiter !== ',' && DOTS_IN_THREES.test(value)) {
      const digits = value.replaceAll('.', '');
      const msg =
        value.indexOf('.') === value.lastIndexOf('.')
          ? `'${value}' could be ${digits} or ${value.replace('.', ',')}: write it without the dot, or with a decimal comma`
          : `'${value}' groups thousands with dots: write ${digits}`;
      problems.push({ loc: column, msg, type: 'decimal_parsing' });
    }
    return value;
  }
  const [, sign, whole = '', fraction] = match;
  const dotted = `${sign}${whole.replaceAll('.', '')}.${fraction}`;
  if (delimiter !== ',') return dotted;
  // "1,234" may be a thousand and more written the English way: say both readings, never pick one.
  const msg = /^-?\d{1,3},\d{3}$/.test(value)
    ? `'${value}' has a comma: write ${dotted} for the decimal, or ${value.replace(',', '')} for the whole number (a dot is the decimal point, and no thousands separators)`
    : `'${value}' has a decimal comma; use a dot: ${dotted}`;
  problems.push({ loc: column, msg, type: 'decimal_parsing' });
  return value;
}

/** Columns of amounts, which Excel saves as shown when formatted as euros: `1.234,56 €`. */
const EURO_COLUMNS = new Set([
  'line.unit_price',
  'line.gross_unit_price',
  'line.discount_amount',
  'prepaid_amount',
  'shipping.amount',
  'amount_paid',
]);
/** Columns of percents, which Excel saves as shown when formatted as such: `19%`, `19 %`. */
const PERCENT_COLUMNS = new Set(['line.tax_rate', 'line.discount_percent']);
const EURO = /^(?:€|EUR)\s*(?=[-\d])|(?<=\d)\s*(?:€|EUR)$/g;
const PERCENT = /(?<=\d)\s*%$/;

/** True when an amount column's cell carries the euro sign (or `EUR`): its document must be in euros. */
export function hasEuroSign(column: string, value: string): boolean {
  EURO.lastIndex = 0;
  return EURO_COLUMNS.has(column) && EURO.test(value);
}

/**
 * A cell without the unit a spreadsheet shows with it: the euro sign (or `EUR`) of an amount, the percent
 * sign of a rate. Only where the column means that unit; any other sign (`$`) is left to be refused, and an
 * amount in euros on a document in another currency is refused by the documents CSV (hasEuroSign).
 */
function withoutUnit(column: string, value: string): string {
  if (EURO_COLUMNS.has(column)) return value.replace(EURO, '');
  if (PERCENT_COLUMNS.has(column)) return value.replace(PERCENT, '');
  return value;
}

const BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  ja: true,
  nein: false,
  '1': true,
  '0': false,
};

/** A yes/no cell in any case (`TRUE`, `Nein`); anything else is a problem at `column`, and undefined. */
export function booleanCell(column: string, value: string, problems: FieldError[]): boolean | undefined {
  const flag = BOOLEANS[value.toLowerCase()];
  if (flag === undefined) {
    const msg = `'${value}' is not a yes/no value: use true/false, yes/no, ja/nein or 1/0`;
    problems.push({ loc: column, msg, type: 'bool_parsing' });
  }
  return flag;
}

/** `31.12.2026`, `1.2.2026`: a date as a German spreadsheet writes it, day first. */
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
/** `31.12.26`: the same with a two-digit year. */
const DOTTED_SHORT_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/;

/**
 * A date cell in the API's form. `31.12.2026` (day, month, year, as German spreadsheets and accounting
 * exports write dates) becomes "2026-12-31"; a day that does not exist (`31.02.2026`) or a two-digit year
 * is a problem at `column` that says how to write it. Anything else is left to the create schema.
 */
export function dateCell(column: string, value: string, problems: FieldError[]): string {
  const short = DOTTED_SHORT_DATE.exec(value);
  if (short) {
    const msg = `'${value}' has a two-digit year: write it with four digits, e.g. ${short[1]}.${short[2]}.20${short[3]}`;
    problems.push({ loc: column, msg, type: 'date_parsing' });
    return value;
  }
  const match = DOTTED_DATE.exec(value);
  if (!match) return value;
  const [, day = '', month = '', year = ''] = match;
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (m < 1 || m > 12 || d < 1 || d > last) {
    problems.push({ loc: column, msg: `'${value}' is not a date (day.month.year)`, type: 'date_parsing' });
    return value;
  }
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
