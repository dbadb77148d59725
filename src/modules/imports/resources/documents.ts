import { savepoint } from '../../../db/transaction';
import { type LinkWrite, linkChanges, type ModuleLink, splitLinks } from '../../../http/links';
import type { AccountCtx } from '../../../shared/context';
import { DomainError, type FieldError } from '../../../shared/errors';
// The document create contract and checks themselves, so an import accepts exactly what POST /documents does.
import {
  CreateDocumentBody,
  createDocument,
  findDocumentByNumber,
  newDocumentChecker,
} from '../../documents';
import { byRow, type ImportEntry, type ImportResourceKind, rowLocs } from '../entries';
import type { RowError, SourceFormat } from '../model';
import { compiledCheck } from '../schema-check';
import { type DocumentHistory, HistoryRefusal, issueImported, splitHistory } from './document-history';
import { csvDocumentsPaced, csvLocation, span } from './documents-csv';

const schemaProblems = compiledCheck(CreateDocumentBody);

const numberOf = (body: unknown): string | undefined => {
  const number = (body as { number?: unknown } | null)?.number;
  return typeof number === 'string' ? number : undefined;
};

/**
 * A document's problems as row errors. JSON: the document's row. CSV: each problem on the record and column
 * it came from; the document's other lines are listed too (they are not imported either), pointing at it.
 * A cell refused while reading the file (`4,90` in a comma file) is not reported again by the schema.
 */
function documentRowErrors(
  format: SourceFormat,
  entry: ImportEntry,
  fields: readonly FieldError[],
  parseErrors: readonly RowError[] = [],
): RowError[] {
  const first = entry.rows[0] ?? 0;
  if (format === 'json') return [{ row: first, fields: [...fields] }];
  const byRecord = new Map<number, FieldError[]>(parseErrors.map((e) => [e.row, [...e.fields]]));
  const read = new Set(parseErrors.flatMap((e) => e.fields.map((f) => `${e.row}:${f.loc}`)));
  for (const field of fields) {
    const { row, loc } = csvLocation(entry.rows, entry.body as Record<string, unknown>, field.loc);
    if (read.has(`${row}:${loc}`)) continue;
    byRecord.set(row, [...(byRecord.get(row) ?? []), { ...field, loc }]);
  }
  const msg = `not imported: the document on ${span(entry.rows)} has errors`;
  // A column the file names in German (`Bezahlt am`): its problems sit there, as the header writes it.
  const locs = entry.locs ?? {};
  const asWritten = (field: FieldError): FieldError => {
    const column = locs[field.loc];
    return column ? { ...field, loc: column } : field;
  };
  return entry.rows.map((row) => ({
    row,
    fields: (byRecord.get(row) ?? [{ loc: 'row', msg, type: 'document_invalid' }]).map(asWritten),
  }));
}

/** Confirm-time failures in the shape of create-time ones: a taken number is a `conflict` at `number`. */
function failureFields(error: DomainError): FieldError[] | null {
  if (error.code === 'unprocessable_entity') return rowLocs((error.details?.fields ?? []) as FieldError[]);
  if (error.code !== 'conflict') return null;
  const loc = error.details?.number === undefined ? 'numbering_sequence_id' : 'number';
  return [{ loc, msg: error.message, type: 'conflict' }];
}

/**
 * A row's body without the fields other modules link to documents (`cost_centre_id`), and those as writes:
 * the create body's schema is the documents module's own, the links are checked and stored beside it as
 * POST /documents does (src/http/links.ts).
 */
function withoutLinks(body: unknown, links: readonly ModuleLink[]): { rest: unknown; writes: LinkWrite[] } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { rest: body, writes: [] };
  return splitLinks(body, links);
}

/** A draft document per JSON object (the POST /documents body), or per group of CSV lines. */
export const documentImports: ImportResourceKind = {
  async parse(format, data, pace) {
    if (format === 'csv') return await csvDocumentsPaced(data, pace);
    const candidates = data.map((body, i) => ({ rows: [i + 1], body, errors: [] }));
    return { totalRows: data.length, candidates };
  },

  async check(ctx, format, parsed, links, pace) {
    const entries: ImportEntry[] = [];
    const errors: RowError[] = [];
    const numbers = parsed.candidates.map((c) => numberOf(c.body)).filter((n) => n !== undefined);
    const documentProblems = await newDocumentChecker(ctx, numbers);
    // A number may appear once per file; the first row holding it keeps it.
    const holders = new Map<string, number>();
    // The documents of this file so far, by number: a credit note may name an invoice of an earlier row.
    const inFile = new Map<string, InFileDocument>();
    const byNumber = rememberedByNumber(ctx);
    for (const candidate of parsed.candidates) {
      if (candidate.body === null) {
        errors.push(...candidate.errors);
        continue;
      }
      const split = splitHistory(candidate.body);
      const entry: ImportEntry = {
        rows: candidate.rows,
        body: split.rest,
        ...(split.history ? { history: split.history as Record<string, string> } : {}),
        ...(candidate.locs ? { locs: candidate.locs } : {}),
      };
      const { rest, writes } = withoutLinks(split.rest, links);
      const source = await sourceByNumber(rest, split.history, byNumber, inFile);
      const schema = schemaProblems(source.body);
      const checked = schema.length > 0 ? schema : await documentProblems(source.body as CreateDocumentBody);
      const fields = [
        ...rowLocs(source.fromFile ? checked.filter((f) => f.loc !== 'body.source_document_id') : checked),
        ...split.problems,
        ...source.problems,
      ].map((f) => (source.byNumber ? atSourceNumber(f) : f));
      // A link's value is an id or null, as POST /documents' schema says (it was split off before the check).
      const mistyped = writes.filter((w) => w.value !== null && typeof w.value !== 'string');
      for (const { link } of mistyped) {
        fields.push({ loc: link.field, msg: 'Expected an id (a string) or null', type: 'string_type' });
      }
      if (schema.length === 0 && mistyped.length === 0) {
        fields.push(...rowLocs((await linkChanges(ctx.db, ctx.accountId, null, writes)).problems));
      }
      const number = numberOf(split.rest);
      if (number !== undefined) {
        const holder = holders.get(number);
        if (holder === undefined) holders.set(number, entry.rows[0] ?? 0);
        else {
          const msg = `number '${number}' is already used by row ${holder} of this import`;
          fields.push({ loc: 'number', msg, type: 'duplicate' });
        }
      }
      const valid = fields.length === 0 && candidate.errors.length === 0;
      if (number !== undefined && !inFile.has(number)) inFile.set(number, inFileDocument(entry, valid));
      if (valid) entries.push(entry);
      else errors.push(...documentRowErrors(format, entry, fields, candidate.errors));
      await pace();
    }
    return { entries, errors: errors.sort(byRow) };
  },

  // A savepoint per document: one that fails at confirm leaves nothing, not even a drawn sequence number.
  async commit(ctx, format, entry, links) {
    const { rest, writes } = withoutLinks(entry.body, links);
    const history = entry.history as DocumentHistory | undefined;
    try {
      await savepoint(ctx, async (inner) => {
        const input = await withSourceResolved(inner, rest as CreateDocumentBody, history);
        const created = await createDocument({ ctx: inner, input, links: writes });
        if (history?.status) await issueImported(inner, created.id, history);
      });
      return null;
    } catch (error) {
      if (error instanceof HistoryRefusal) return documentRowErrors(format, entry, error.fields);
      const fields = error instanceof DomainError ? failureFields(error) : null;
      if (!fields) throw error;
      const located = history?.source_document_number ? fields.map(atSourceNumber) : fields;
      return documentRowErrors(format, entry, located);
    }
  },
};

/** A document of the file, for a later credit note naming it by number. */
interface InFileDocument {
  row: number;
  valid: boolean;
  documentType: unknown;
  customerId: unknown;
}

function inFileDocument(entry: ImportEntry, valid: boolean): InFileDocument {
  const body = entry.body as Record<string, unknown>;
  return {
    row: entry.rows[0] ?? 0,
    valid,
    documentType: body.document_type ?? 'invoice',
    customerId: body.customer_id,
  };
}

/** The account's documents by number, each number looked up once. */
function rememberedByNumber(ctx: AccountCtx) {
  const seen = new Map<string, Promise<string | undefined>>();
  return (number: string) => {
    let found = seen.get(number);
    if (!found) {
      found = findDocumentByNumber(ctx.db, ctx.accountId, number).then((row) => row?.id);
      seen.set(number, found);
    }
    return found;
  };
}

/** A problem at `source_document_id` where the row named its invoice by number: at that column. */
function atSourceNumber(field: FieldError): FieldError {
  return field.loc === 'source_document_id' || field.loc === 'body.source_document_id'
    ? { ...field, loc: 'source_document_number' }
    : field;
}

/**
 * The body checked for a row naming its invoice by number: with the id of the account's document of that
 * number (then checked as POST /documents checks `source_document_id`), or without one when the invoice is
 * an earlier row of this file (`fromFile`: its id exists only at confirm; its type and customer checked here).
 */
async function sourceByNumber(
  rest: unknown,
  history: DocumentHistory | undefined,
  byNumber: (number: string) => Promise<string | undefined>,
  inFile: ReadonlyMap<string, InFileDocument>,
): Promise<{ body: unknown; byNumber: boolean; fromFile: boolean; problems: FieldError[] }> {
  const number = history?.source_document_number;
  if (number === undefined) return { body: rest, byNumber: false, fromFile: false, problems: [] };
  const body = rest as Record<string, unknown>;
  const id = await byNumber(number);
  if (id !== undefined)
    return { body: { ...body, source_document_id: id }, byNumber: true, fromFile: false, problems: [] };
  const loc = 'source_document_number';
  const earlier = inFile.get(number);
  const problems: FieldError[] = [];
  if (!earlier) {
    const msg = `no document numbered '${number}': neither in this account nor on an earlier row of this file (a credit note comes after its invoice)`;
    problems.push({ loc, msg, type: 'not_found' });
  } else if (!earlier.valid) {
    const msg = `the document numbered '${number}' (row ${earlier.row}) is not imported: its rows have errors`;
    problems.push({ loc, msg, type: 'invalid_value' });
  } else if (body.document_type === 'credit_note' && earlier.documentType !== 'invoice') {
    problems.push({ loc, msg: 'a credit note corrects an invoice', type: 'invalid_value' });
  } else if (body.document_type === 'credit_note' && earlier.customerId !== body.customer_id) {
    const msg = "the invoice is another customer's: a credit note corrects an invoice of its own customer";
    problems.push({ loc, msg, type: 'invalid_value' });
  }
  return { body, byNumber: true, fromFile: true, problems };
}

/** At confirm: the id of the document the row names by number (an earlier row's is created by now). */
async function withSourceResolved(
  ctx: AccountCtx,
  input: CreateDocumentBody,
  history: DocumentHistory | undefined,
): Promise<CreateDocumentBody> {
  const number = history?.source_document_number;
  if (number === undefined) return input;
  const found = await findDocumentByNumber(ctx.db, ctx.accountId, number);
  if (!found) {
    const msg = `no document numbered '${number}' in this account (its row was not imported)`;
    throw new HistoryRefusal([{ loc: 'source_document_number', msg, type: 'not_found' }]);
  }
  return { ...input, source_document_id: found.id };
}
