import { savepoint } from '../../../db/transaction';
import { DomainError, type FieldError } from '../../../shared/errors';
import { mapPaced } from '../../../shared/event-loop';
// The product create contract itself, not a copy, so an import accepts exactly what POST /products does.
import {
  articleNumberHolders,
  articlesWithoutNumber,
  CreateProductBody,
  createProduct,
  type ProductRow,
  productColumns,
  productProblems,
} from '../../products';
import { parseCsvPaced } from '../csv';
import { decimalCell } from '../csv-cells';
import { type ImportEntry, type ImportResourceKind, type ParsedImport, rowLocs } from '../entries';
import type { RowError } from '../model';
import { compiledCheck } from '../schema-check';
import { GROSS_PRICE, productHeaderFields, unitCodeOf } from './product-columns';

/** Where a field's problem sits in the file: its column as the header names it. */
type Locs = Record<string, string>;

const EURO = /^(?:€|EUR)\s*(?=[-\d])|(?<=\d)\s*(?:€|EUR)$/g;
const PERCENT = /(?<=\d)\s*%$/;

/** `EUR`, `Euro`, `€`: the currency a list names euros with. */
const EUROS = new Set(['eur', 'euro', '€']);

/**
 * One CSV record as a create body: the unit by its name or code, the price and rate as a German list writes
 * them (`1.234,56 €`, `19 %`) in the API's form, empty cells left out. A cell that cannot be read is a
 * problem at its column.
 */
function toProduct(
  fields: readonly string[],
  header: readonly string[],
  cells: readonly string[],
  delimiter: ',' | ';' | '\t',
): { body: Record<string, unknown>; problems: FieldError[] } {
  const body: Record<string, unknown> = {};
  const problems: FieldError[] = [];
  let euroSign = false;
  fields.forEach((field, i) => {
    const value = cells[i];
    const column = header[i] ?? field;
    if (value === undefined || value === '' || field === GROSS_PRICE) return;
    if (field === 'unit_code') {
      const code = unitCodeOf(value, column, problems);
      if (code !== undefined) body.unit_code = code;
    } else if (field === 'unit_price') {
      EURO.lastIndex = 0;
      euroSign = EURO.test(value);
      body.unit_price = decimalCell(column, value.replace(EURO, ''), delimiter, problems);
    } else if (field === 'tax_rate') {
      body.tax_rate = decimalCell(column, value.replace(PERCENT, ''), delimiter, problems);
    } else if (field === 'price_base_quantity') {
      body.price_base_quantity = decimalCell(column, value, delimiter, problems);
    } else if (field === 'currency') {
      body.currency = EUROS.has(value.toLowerCase()) ? 'EUR' : value.toUpperCase();
    } else body[field] = value;
  });
  if (euroSign && body.currency !== undefined && body.currency !== 'EUR') {
    const at = fields.indexOf('unit_price');
    const msg = `the price is in euros (€) but the currency says ${String(body.currency)}`;
    problems.push({ loc: header[at] ?? 'unit_price', msg, type: 'invalid_value' });
  }
  return { body, problems };
}

const schemaProblems = compiledCheck(CreateProductBody);

function productRowProblems(row: unknown): FieldError[] {
  const problems = schemaProblems(row);
  if (problems.length > 0) return problems;
  const body = row as CreateProductBody;
  const merged = { taxRate: body.tax_rate ?? null, taxCategory: body.tax_category ?? null };
  return productProblems(body, merged);
}

/** The column a problem of the row names: `unit_price` for an API-named column, `Preis netto` for an alias. */
function relocated(fields: readonly FieldError[], locs: Locs): FieldError[] {
  return fields.map((f) => {
    const loc = locs[f.loc];
    return loc === undefined ? f : { ...f, loc };
  });
}

/** The trimmed article number of a body, when it has one. */
const articleNumberOf = (body: unknown): string | undefined => {
  const value = (body as { article_number?: unknown } | null)?.article_number;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/**
 * What makes an article without a number the same one: every field as it would be stored (the name without
 * case and runs of spaces), so only the very row imported before matches; a price changed since does not.
 */
function sameArticleKey(row: Partial<ProductRow>): string {
  const name = (row.name ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const { description, unitCode, unitPrice, priceBaseQuantity, taxRate, taxCategory, currency } = row;
  const fields = [description, unitCode, unitPrice, priceBaseQuantity, taxRate, taxCategory, currency];
  return JSON.stringify([name, ...fields.map((field) => field ?? null)]);
}

const sameArticleMsg = (holder: { id: string; name: string }) =>
  `already in the catalogue: ${holder.name} (${holder.id}) with this name, unit, price and VAT; ` +
  'the row is not imported again (a row without an article number is matched by all its fields)';

const takenMsg = (number: string, holder?: { id: string; name: string }) =>
  `article number '${number}' is already in the catalogue${holder ? ` (${holder.name}, ${holder.id})` : ''}: ` +
  'the row is not imported (change that article in the catalogue, or give this row another number)';

/**
 * An article per row: a JSON object (a POST /products body), or a CSV record whose columns are the create
 * fields or their German names (product-columns.ts). An article number the account's catalogue already
 * holds, or an earlier row of the file, refuses the row: an import adds articles, it never changes one.
 */
export const productImports: ImportResourceKind = {
  async parse(format, data, pace): Promise<ParsedImport> {
    if (format !== 'csv') {
      return {
        totalRows: data.length,
        candidates: data.map((body, i) => ({ rows: [i + 1], body, errors: [] })),
      };
    }
    const { header, records, sheetRows, delimiter } = await parseCsvPaced(
      data,
      () => null,
      pace,
      (column) => column,
    );
    const fields = productHeaderFields(header);
    // Field -> column where the header names it otherwise (an alias), so a problem names the file's column.
    const locs: Locs = {};
    fields.forEach((field, i) => {
      const column = header[i] ?? field;
      if (column !== field) locs[field] = column;
    });
    const rows = await mapPaced(records, (cells) => toProduct(fields, header, cells, delimiter), pace);
    return {
      totalRows: rows.length,
      sheetRows,
      candidates: rows.map(({ body, problems }, i) => ({
        rows: [i + 1],
        body,
        errors: problems.length > 0 ? [{ row: i + 1, fields: problems }] : [],
        locs,
      })),
    };
  },

  async check(ctx, _format, parsed, _links, pace) {
    const checked = { entries: [] as ImportEntry[], errors: [] as RowError[] };
    const numbers = parsed.candidates.map((c) => articleNumberOf(c.body)).filter((n) => n !== undefined);
    const taken = numbers.length > 0 ? await articleNumberHolders(ctx.db, ctx.accountId, numbers) : new Map();
    // A row without a number that the catalogue holds as it is (the list imported again) is said, not doubled.
    const unnumbered = parsed.candidates.some(
      (c) => c.body !== null && articleNumberOf(c.body) === undefined,
    );
    const same = new Map<string, { id: string; name: string }>();
    if (unnumbered) {
      for (const article of await articlesWithoutNumber(ctx.db, ctx.accountId)) {
        same.set(sameArticleKey(article), { id: article.id, name: article.name });
      }
    }
    // An article number may appear once per file; the first row holding it keeps it.
    const holders = new Map<string, number>();
    for (const candidate of parsed.candidates) {
      const { rows, body, locs = {} } = candidate;
      const row = rows[0] ?? 0;
      const found = candidate.errors[0]?.fields ?? [];
      // A cell the file's own reading refused (`12,5` in a comma file) is said once, at its column.
      const said = new Set(found.map((problem) => problem.loc));
      const more = relocated(rowLocs(productRowProblems(body)), locs).filter((p) => !said.has(p.loc));
      const problems = [...found, ...more];
      const number = articleNumberOf(body);
      if (number !== undefined && problems.length === 0) {
        const loc = locs.article_number ?? 'article_number';
        const holder = holders.get(number);
        if (taken.has(number)) {
          problems.push({ loc, msg: takenMsg(number, taken.get(number)), type: 'conflict' });
        } else if (holder !== undefined) {
          const msg = `article number '${number}' is already used by row ${holder} of this import`;
          problems.push({ loc, msg, type: 'duplicate' });
        } else holders.set(number, row);
      } else if (number === undefined && problems.length === 0 && same.size > 0) {
        const holder = same.get(sameArticleKey(productColumns(body as CreateProductBody)));
        if (holder)
          problems.push({ loc: locs.name ?? 'name', msg: sameArticleMsg(holder), type: 'duplicate' });
      }
      if (problems.length > 0) checked.errors.push({ row, fields: problems });
      // The column a number taken since is said at (kept small: a file may hold 100,000 articles).
      else if (number !== undefined && locs.article_number) {
        checked.entries.push({ rows, body, locs: { article_number: locs.article_number } });
      } else checked.entries.push({ rows, body });
      await pace();
    }
    return checked;
  },

  // createProduct checks before it writes (the article number too), so a row that fails leaves nothing
  // behind; only a number given to another article in the same instant meets the unique index at the write,
  // so a row with a number gets a savepoint.
  async commit(ctx, _format, entry) {
    const row = entry.rows[0] ?? 0;
    const number = articleNumberOf(entry.body);
    const input = entry.body as CreateProductBody;
    try {
      if (number === undefined) await createProduct({ ctx, input });
      else await savepoint(ctx, async (inner) => await createProduct({ ctx: inner, input }));
      return null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'conflict' && number !== undefined) {
        const loc = entry.locs?.article_number ?? 'article_number';
        return [{ row, fields: [{ loc, msg: takenMsg(number), type: 'conflict' }] }];
      }
      if (error.code !== 'unprocessable_entity') throw error;
      const fields = (error.details?.fields ?? []) as FieldError[];
      return [{ row, fields: relocated(rowLocs(fields), entry.locs ?? {}) }];
    }
  },
};
