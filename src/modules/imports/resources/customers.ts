import { savepoint } from '../../../db/transaction';
import { DomainError, type FieldError } from '../../../shared/errors';
import { mapPaced } from '../../../shared/event-loop';
// The customer create contract itself, not a copy, so an import accepts exactly what POST /customers does.
import {
  CreateCustomerBody,
  createCustomer,
  customerProblems,
  heldDebtorNumbers,
  knownCustomers,
} from '../../customers';
import { debtorRange, readAccountingSettings } from '../../exports';
import { type ImportEntry, type ImportResourceKind, type ParsedImport, rowLocs } from '../entries';
import type { RowError } from '../model';
import { compiledCheck } from '../schema-check';
import { CUSTOMER_NUMBER, CUSTOMER_NUMBER_KEY } from './customer-columns';
import { duplicateLoc, duplicateMsg, keysOf, sameName } from './customer-matches';
import {
  customerNumberOf,
  debtorNumberOf,
  isDebtorAccount,
  notDebtorMsg,
  numberMode,
  takenMsg,
  withCustomerNumber,
} from './customer-numbers';
import { csvCustomers, type Locs } from './customers-csv';

/** The column a problem of the row names: `email` for an API-named column, `E-Mail` for an alias. */
function relocated(fields: readonly FieldError[], locs: Locs): FieldError[] {
  return fields.map((f) => {
    const loc = locs[f.loc];
    return loc === undefined ? f : { ...f, loc };
  });
}

const schemaProblems = compiledCheck(CreateCustomerBody);

function customerRowProblems(row: unknown): FieldError[] {
  const problems = schemaProblems(row);
  return problems.length > 0 ? problems : customerProblems(row as CreateCustomerBody);
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
