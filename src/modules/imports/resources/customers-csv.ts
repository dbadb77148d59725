// A customers CSV read into create bodies: a record's cells by its header's fields, nested, named and located.
import type { FieldError } from '../../../shared/errors';
import { mapPaced, type Pace } from '../../../shared/event-loop';
import { type CsvDelimiter, parseCsvPaced } from '../csv';
import { decimalCell } from '../csv-cells';
import {
  ADDRESS_FIELDS,
  CUSTOMER_NUMBER,
  CUSTOMER_NUMBER_KEY,
  DEFAULT_TAX,
  FIRST_NAME,
  headerFields,
  LAST_NAME,
} from './customer-columns';
import { countryCode } from './customer-countries';
import { DIGITS } from './customer-numbers';

/** Where a field's problem sits in the file: its column as the header names it. */
export type Locs = Record<string, string>;

/** A CSV record as a create body, with the problems reading its cells found and where its fields came from. */
interface CsvCustomer {
  body: Record<string, unknown>;
  problems: FieldError[];
  locs: Locs;
}

/**
 * One record as a create body. Dotted columns build nested objects; empty cells are omitted, so an all-empty
 * address is no address. A split name (`first_name`, `last_name`) is the name of a private person, or with a
 * company name beside it the contact (unless a contact column says otherwise).
 */
function toCustomer(
  columns: readonly (readonly [string, string | null])[],
  columnLocs: Locs,
  cells: string[],
  debtorColumn: boolean,
  delimiter: CsvDelimiter,
): CsvCustomer {
  const body: Record<string, unknown> = {};
  const problems: FieldError[] = [];
  const person: Record<string, string> = {};
  let customerNumber: string | undefined;
  columns.forEach(([parent, child], i) => {
    const value = cells[i];
    if (value === undefined || value === '') return;
    if (child === null) {
      if (parent === FIRST_NAME || parent === LAST_NAME) person[parent] = value;
      else if (parent === CUSTOMER_NUMBER && debtorColumn) customerNumber = value;
      // Without a debtor column a customer number stays as written: check makes it the debtor number or
      // metadata, knowing the account's DATEV numbering (withCustomerNumber).
      else if (parent !== 'debtor_number') body[parent] = value;
      else if (DIGITS.test(value)) body[parent] = Number(value);
      else {
        const msg = `'${value}' is not a debtor number: a DATEV debtor number is a whole number (digits only)`;
        problems.push({ loc: columnLocs[parent] ?? parent, msg, type: 'int_parsing' });
      }
      return;
    }
    const nested = (body[parent] ?? {}) as Record<string, string>;
    const cell =
      child === 'country' && ADDRESS_FIELDS.has(parent)
        ? countryCode(value)
        : parent === DEFAULT_TAX && child === 'rate'
          ? rateCell(`${DEFAULT_TAX}.rate`, value, delimiter, problems)
          : value;
    // Defined, not assigned: a `metadata.__proto__` column is a key like any other (as the JSON API keeps
    // it); assigned, it set the object's prototype and the cell was dropped without a word.
    Object.defineProperty(nested, child, {
      value: cell,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    body[parent] = nested;
  });
  if (customerNumber !== undefined) {
    // Beside a debtor column, the customer number is the customer's own; a metadata column of it wins.
    const metadata = (body.metadata ?? {}) as Record<string, string>;
    body.metadata = { [CUSTOMER_NUMBER_KEY]: customerNumber, ...metadata };
  }
  const locs: Locs = {};
  const personLoc = columnLocs[LAST_NAME] ?? columnLocs[FIRST_NAME];
  const fullName = [person[FIRST_NAME], person[LAST_NAME]].filter(Boolean).join(' ');
  if (body.name === undefined) {
    if (fullName !== '') body.name = fullName;
    // A name missing where the file has person columns is said at the surname (or first name) column.
    if (personLoc) locs.name = personLoc;
  } else if (fullName !== '' && body.contact_name === undefined) {
    body.contact_name = fullName;
    if (personLoc) locs.contact_name = personLoc;
  }
  return { body, problems, locs };
}

/** `19 %`, `7,5` in a semicolon file: a rate as a German spreadsheet writes it, in the API's form (`19`, `7.5`). */
function rateCell(column: string, value: string, delimiter: CsvDelimiter, problems: FieldError[]): string {
  return decimalCell(column, value.replace(/(?<=\d)\s*%$/, ''), delimiter, problems);
}

interface CsvCustomers {
  customers: CsvCustomer[];
  /** Field -> the column it is read from, where the header names it otherwise (an alias). */
  columnLocs: Locs;
  /** CsvTable.sheetRows. */
  sheetRows: number[];
}

export async function csvCustomers(data: readonly unknown[], pace: Pace): Promise<CsvCustomers> {
  // Header cells as written (trimmed): their fields come from customer-columns.ts, which names problems.
  const { header, records, sheetRows, delimiter } = await parseCsvPaced(
    data,
    () => null,
    pace,
    (column) => column,
  );
  const fields = headerFields(header);
  const columnLocs: Locs = {};
  fields.forEach((field, i) => {
    const column = header[i] ?? field;
    // `first_name` and `last_name` are no create fields: their problems are said at their own columns too.
    const named = field === FIRST_NAME || field === LAST_NAME || field === CUSTOMER_NUMBER;
    if (named || column.toLowerCase() !== field.toLowerCase()) columnLocs[field] = column;
  });
  // Split once per column, not once per cell: 100,000 rows have 700,000 cells.
  const columns = fields.map((field) => {
    const dot = field.indexOf('.');
    return dot < 0 ? ([field, null] as const) : ([field.slice(0, dot), field.slice(dot + 1)] as const);
  });
  const debtorColumn = fields.includes('debtor_number');
  const customers = await mapPaced(
    records,
    (cells) => toCustomer(columns, columnLocs, cells, debtorColumn, delimiter),
    pace,
  );
  return { customers, columnLocs, sheetRows };
}
