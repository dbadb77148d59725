import { savepoint } from '../../../db/transaction';
import { listCountries } from '../../../domain/reference/countries';
import { DomainError, type FieldError } from '../../../shared/errors';
import { mapPaced, type Pace } from '../../../shared/event-loop';
// The customer create contract itself, not a copy, so an import accepts exactly what POST /customers does.
import {
  CreateCustomerBody,
  type CustomerMatch,
  createCustomer,
  customerProblems,
  heldDebtorNumbers,
  knownCustomers,
} from '../../customers';
import { debtorRange, readAccountingSettings } from '../../exports';
import { parseCsvPaced } from '../csv';
import { type ImportEntry, type ImportResourceKind, type ParsedImport, rowLocs } from '../entries';
import type { RowError } from '../model';
import { compiledCheck } from '../schema-check';
import {
  ADDRESS_FIELDS,
  CUSTOMER_NUMBER,
  CUSTOMER_NUMBER_KEY,
  FIRST_NAME,
  headerFields,
  LAST_NAME,
} from './customer-columns';

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

/** Where a field's problem sits in the file: its column as the header names it. */
type Locs = Record<string, string>;

/** A CSV record as a create body, with the problems reading its cells found and where its fields came from. */
interface CsvCustomer {
  body: Record<string, unknown>;
  problems: FieldError[];
  locs: Locs;
}

/** A debtor number is a whole number, digits only. */
const DIGITS = /^\d{1,12}$/;

type Range = readonly [number, number];

const isDebtorAccount = (value: string, [low, high]: Range) =>
  /^[1-9]\d{0,11}$/.test(value) && Number(value) >= low && Number(value) <= high;

const notDebtorMsg = (value: string, [low, high]: Range, length: number) =>
  `'${value}' is not a DATEV debtor account (${low}-${high} for account length ${length}): ` +
  `a customer number that is none belongs in a 'metadata.${CUSTOMER_NUMBER_KEY}' column`;

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
    // Defined, not assigned: a `metadata.__proto__` column is a key like any other (as the JSON API keeps
    // it); assigned, it set the object's prototype and the cell was dropped without a word.
    Object.defineProperty(nested, child, {
      value: child === 'country' && ADDRESS_FIELDS.has(parent) ? countryCode(value) : value,
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

/** The column a problem of the row names: `email` for an API-named column, `E-Mail` for an alias. */
function relocated(fields: readonly FieldError[], locs: Locs): FieldError[] {
  return fields.map((f) => {
    const loc = locs[f.loc];
    return loc === undefined ? f : { ...f, loc };
  });
}

interface CsvCustomers {
  customers: CsvCustomer[];
  /** Field -> the column it is read from, where the header names it otherwise (an alias). */
  columnLocs: Locs;
  /** CsvTable.sheetRows. */
  sheetRows: number[];
}

async function csvCustomers(data: readonly unknown[], pace: Pace): Promise<CsvCustomers> {
  // Header cells as written (trimmed): their fields come from customer-columns.ts, which names problems.
  const { header, records, sheetRows } = await parseCsvPaced(
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
    (cells) => toCustomer(columns, columnLocs, cells, debtorColumn),
    pace,
  );
  return { customers, columnLocs, sheetRows };
}

const schemaProblems = compiledCheck(CreateCustomerBody);

function customerRowProblems(row: unknown): FieldError[] {
  const problems = schemaProblems(row);
  return problems.length > 0 ? problems : customerProblems(row as CreateCustomerBody);
}

const debtorNumberOf = (body: unknown): number | undefined => {
  const value = (body as { debtor_number?: unknown } | null)?.debtor_number;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
};

/** What a file's customer numbers are: all DATEV debtor accounts, none of them, or a mix (an error). */
type NumberMode = 'debtor' | 'metadata' | 'mixed';

const customerNumberOf = (body: unknown): string | undefined => {
  const value = (body as Record<string, unknown> | null)?.[CUSTOMER_NUMBER];
  return typeof value === 'string' ? value : undefined;
};

function numberMode(numbers: readonly string[], range: Range): NumberMode {
  const debtors = numbers.filter((n) => isDebtorAccount(n, range)).length;
  if (debtors === numbers.length) return 'debtor';
  return debtors === 0 ? 'metadata' : 'mixed';
}

/**
 * A CSV row's customer number (a column without a debtor column beside it) as the create body takes it: its
 * `debtor_number`, or `metadata.Kundennummer` (a metadata column of it wins), or a problem at its column.
 */
function withCustomerNumber(
  body: unknown,
  mode: NumberMode,
  settings: { range: Range; length: number },
  loc: string,
): { body: unknown; problems: FieldError[]; debtorLoc?: string } {
  const value = customerNumberOf(body);
  if (value === undefined) return { body, problems: [] };
  const { [CUSTOMER_NUMBER]: _, ...rest } = body as Record<string, unknown>;
  if (mode === 'metadata') {
    const metadata = (rest.metadata ?? {}) as Record<string, string>;
    return { body: { ...rest, metadata: { [CUSTOMER_NUMBER_KEY]: value, ...metadata } }, problems: [] };
  }
  if (isDebtorAccount(value, settings.range)) {
    return { body: { ...rest, debtor_number: Number(value) }, problems: [], debtorLoc: loc };
  }
  const msg = notDebtorMsg(value, settings.range, settings.length);
  return { body: rest, problems: [{ loc, msg, type: DIGITS.test(value) ? 'out_of_range' : 'int_parsing' }] };
}

const takenMsg = (number: number) => `debtor_number ${number} belongs to another customer of this account`;

const MATCHED_BY: Record<CustomerMatch['by'], string> = {
  customer_number: 'customer number',
  email: 'e-mail address',
  tax_id: 'VAT ID',
};

/** A row naming a customer the account has: it is not created a second time. */
const duplicateMsg = ({ by, customer }: CustomerMatch) =>
  `already a customer: ${customer.name} (${customer.id}) has this ${MATCHED_BY[by]}; the row is not imported again`;

/** What a row is matched by: its customer number (debtor number or metadata's), e-mail and VAT ID. */
function keysOf(body: unknown) {
  const b = (body ?? {}) as {
    name?: unknown;
    debtor_number?: unknown;
    email?: unknown;
    tax_id?: unknown;
    metadata?: Record<string, unknown>;
  };
  const own = b.metadata?.[CUSTOMER_NUMBER_KEY];
  const number =
    typeof b.debtor_number === 'number' ? b.debtor_number : typeof own === 'string' ? own : undefined;
  return {
    number,
    name: typeof b.name === 'string' ? b.name : undefined,
    email: typeof b.email === 'string' ? b.email : undefined,
    taxId: typeof b.tax_id === 'string' ? b.tax_id : undefined,
  };
}

/** Names compared as a second export writes them: case and runs of spaces aside. */
function sameName(known: string, body: unknown): boolean {
  const name = (body as { name?: unknown } | null)?.name;
  const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return typeof name === 'string' && key(name) === key(known);
}

/** Where a duplicate is said: the column of what matched, as the file names it. */
function duplicateLoc(match: CustomerMatch, body: unknown, locs: Record<string, string>): string {
  if (match.by === 'email') return locs.email ?? 'email';
  if (match.by === 'tax_id') return locs.tax_id ?? 'tax_id';
  if (debtorNumberOf(body) !== undefined) return locs.debtor_number ?? 'debtor_number';
  return locs[CUSTOMER_NUMBER] ?? `metadata.${CUSTOMER_NUMBER_KEY}`;
}

/**
 * A customer per row: a JSON object, or a CSV record whose columns are the create fields (dotted) or their
 * German names (customer-columns.ts). Problems of a CSV row name the column as the file does.
 */
export const customerImports: ImportResourceKind = {
  async parse(format, data, pace): Promise<ParsedImport> {
    if (format !== 'csv') {
      return {
        totalRows: data.length,
        candidates: data.map((body, i) => ({ rows: [i + 1], body, errors: [] })),
      };
    }
    const { customers: rows, columnLocs, sheetRows } = await csvCustomers(data, pace);
    return {
      totalRows: rows.length,
      sheetRows,
      candidates: rows.map(({ body, problems, locs }, i) => ({
        rows: [i + 1],
        body,
        errors: problems.length > 0 ? [{ row: i + 1, fields: problems }] : [],
        locs: { ...columnLocs, ...locs },
      })),
    };
  },

  async check(ctx, format, parsed, _links, pace) {
    const checked = { entries: [] as ImportEntry[], errors: [] as RowError[] };
    // A CSV's customer numbers and German-named debtor columns are held against DATEV's debtor accounts.
    const csv = format === 'csv';
    const customerNumbers = csv
      ? parsed.candidates.map((c) => customerNumberOf(c.body)).filter((n) => n !== undefined)
      : [];
    // A debtor column, by its API name or a German one: its numbers are held against the account length.
    const namedDebtors = csv && parsed.candidates.some((c) => debtorNumberOf(c.body) !== undefined);
    const length =
      customerNumbers.length > 0 || namedDebtors ? (await readAccountingSettings(ctx)).account_length : 4;
    const settings = { range: debtorRange(length), length };
    const mode = numberMode(customerNumbers, settings.range);
    // Paced as the rows are: a file may hold 100,000 customers.
    const candidates = await mapPaced(
      parsed.candidates,
      (candidate) => {
        const { locs = {} } = candidate;
        // Only a CSV has a customer-number column: a JSON object is a POST /customers body, which refuses
        // a `customer_number` field as an unknown one.
        const resolved: { body: unknown; problems: FieldError[]; debtorLoc?: string } = csv
          ? withCustomerNumber(candidate.body, mode, settings, locs[CUSTOMER_NUMBER] ?? CUSTOMER_NUMBER)
          : { body: candidate.body, problems: [] };
        const problems = [...(candidate.errors[0]?.fields ?? []), ...resolved.problems];
        const number = debtorNumberOf(resolved.body);
        const named = locs.debtor_number ?? 'debtor_number';
        if (csv && number !== undefined && resolved.debtorLoc === undefined) {
          if (!isDebtorAccount(String(number), settings.range)) {
            const msg = notDebtorMsg(String(number), settings.range, settings.length);
            problems.push({ loc: named, msg, type: 'out_of_range' });
          }
        }
        const withLoc = resolved.debtorLoc ? { ...locs, debtor_number: resolved.debtorLoc } : locs;
        return { rows: candidate.rows, body: resolved.body, problems, locs: withLoc };
      },
      pace,
    );
    const numbers = candidates.map((c) => debtorNumberOf(c.body)).filter((n) => n !== undefined);
    const taken =
      numbers.length > 0 ? await heldDebtorNumbers(ctx.db, ctx.accountId, numbers) : new Set<number>();
    // A customer the account already has (the same list imported again) is said per row, not created twice.
    const known = await knownCustomers(ctx.db, ctx.accountId, CUSTOMER_NUMBER_KEY);
    // A debtor number may appear once per file; the first row holding it keeps it.
    const holders = new Map<number, number>();
    for (const { rows, body, problems: found, locs } of candidates) {
      const row = rows[0] ?? 0;
      // A field the file's own reading refused (a debtor account of the settings' length) is said once.
      const said = new Set(found.map((problem) => problem.loc));
      const more = relocated(rowLocs(customerRowProblems(body)), locs).filter((p) => !said.has(p.loc));
      const problems = [...found, ...more];
      const number = debtorNumberOf(body);
      const same = problems.length === 0 ? known.match(keysOf(body)) : null;
      // A customer number is the same customer under the same name; under another name it is a conflict
      // to look at (a debtor number's below, a number kept in metadata here), not the list again.
      const renamed = same?.by === 'customer_number' && !sameName(same.customer.name, body);
      const match = renamed ? null : same;
      if (same && renamed && number === undefined) {
        const msg = `customer number ${keysOf(body).number} belongs to another customer: ${same.customer.name} (${same.customer.id})`;
        problems.push({ loc: duplicateLoc(same, body, locs), msg, type: 'conflict' });
      } else if (match) {
        problems.push({ loc: duplicateLoc(match, body, locs), msg: duplicateMsg(match), type: 'duplicate' });
      } else if (number !== undefined && problems.length === 0) {
        const loc = locs.debtor_number ?? 'debtor_number';
        const holder = holders.get(number);
        if (taken.has(number)) problems.push({ loc, msg: takenMsg(number), type: 'conflict' });
        else if (holder !== undefined) {
          const msg = `debtor_number ${number} is already used by row ${holder} of this import`;
          problems.push({ loc, msg, type: 'duplicate' });
        } else holders.set(number, row);
      }
      if (problems.length > 0) checked.errors.push({ row, fields: problems });
      else if (number !== undefined && locs.debtor_number) {
        checked.entries.push({ rows, body, locs: { debtor_number: locs.debtor_number } });
      } else checked.entries.push({ rows, body });
      await pace();
    }
    return checked;
  },

  // createCustomer checks before it writes, so a row that fails leaves nothing behind; only a debtor number
  // taken since create fails at the write (a unique violation), so that write gets a savepoint.
  async commit(ctx, _format, entry) {
    const row = entry.rows[0] ?? 0;
    const number = debtorNumberOf(entry.body);
    try {
      const input = entry.body as CreateCustomerBody;
      if (number === undefined) await createCustomer({ ctx, input });
      else await savepoint(ctx, async (inner) => await createCustomer({ ctx: inner, input }));
      return null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'conflict' && number !== undefined) {
        const loc = entry.locs?.debtor_number ?? 'debtor_number';
        return [{ row, fields: [{ loc, msg: takenMsg(number), type: 'conflict' }] }];
      }
      if (error.code !== 'unprocessable_entity') throw error;
      const fields = (error.details?.fields ?? []) as FieldError[];
      return [{ row, fields: relocated(rowLocs(fields), entry.locs ?? {}) }];
    }
  },
};
