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
  value: string,
  delimiter: CsvDelimiter,
  problems: FieldError[],
): string {
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
