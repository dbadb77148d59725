import { savepoint } from '../../../db/transaction';
import { type LinkWrite, linkChanges, type ModuleLink, splitLinks } from '../../../http/links';
import { DomainError, type FieldError } from '../../../shared/errors';
// The document create contract and checks themselves, so an import accepts exactly what POST /documents does.
import { CreateDocumentBody, createDocument, newDocumentChecker } from '../../documents';
import { byRow, type ImportEntry, type ImportResourceKind, rowLocs } from '../entries';
import type { RowError, SourceFormat } from '../model';
import { compiledCheck } from '../schema-check';
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
  return entry.rows.map((row) => ({
    row,
    fields: byRecord.get(row) ?? [{ loc: 'row', msg, type: 'document_invalid' }],
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
    for (const candidate of parsed.candidates) {
      if (candidate.body === null) {
        errors.push(...candidate.errors);
        continue;
      }
      const entry = { rows: candidate.rows, body: candidate.body };
      const { rest, writes } = withoutLinks(candidate.body, links);
      const schema = schemaProblems(rest);
      const fields = rowLocs(schema.length > 0 ? schema : await documentProblems(rest as CreateDocumentBody));
      // A link's value is an id or null, as POST /documents' schema says (it was split off before the check).
      const mistyped = writes.filter((w) => w.value !== null && typeof w.value !== 'string');
      for (const { link } of mistyped) {
        fields.push({ loc: link.field, msg: 'Expected an id (a string) or null', type: 'string_type' });
      }
      if (schema.length === 0 && mistyped.length === 0) {
        fields.push(...rowLocs((await linkChanges(ctx.db, ctx.accountId, null, writes)).problems));
      }
      const number = numberOf(candidate.body);
      if (number !== undefined) {
        const holder = holders.get(number);
        if (holder === undefined) holders.set(number, entry.rows[0] ?? 0);
        else {
          const msg = `number '${number}' is already used by row ${holder} of this import`;
          fields.push({ loc: 'number', msg, type: 'duplicate' });
        }
      }
      if (fields.length === 0 && candidate.errors.length === 0) entries.push(entry);
      else errors.push(...documentRowErrors(format, entry, fields, candidate.errors));
      await pace();
    }
    return { entries, errors: errors.sort(byRow) };
  },

  // A savepoint per document: one that fails at confirm leaves nothing, not even a drawn sequence number.
  async commit(ctx, format, entry, links) {
    const { rest, writes } = withoutLinks(entry.body, links);
    try {
      await savepoint(
        ctx,
        async (inner) =>
          await createDocument({ ctx: inner, input: rest as CreateDocumentBody, links: writes }),
      );
      return null;
    } catch (error) {
      const fields = error instanceof DomainError ? failureFields(error) : null;
      if (!fields) throw error;
      return documentRowErrors(format, entry, fields);
    }
  },
};
