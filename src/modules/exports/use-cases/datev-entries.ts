// What a DATEV batch of a period books, walked a page at a time (docs/exports.md, "What is booked"): every
// document issued in the period that was ever issued, void ones included, then the reversal (Storno) of
// every one cancelled in the period, whenever it was issued; or every received document of the period,
// booked once when the same invoice arrived twice. A period's bookings never change once made: a later
// cancellation adds a reversal to its own period and takes nothing away from the first.
import type { AccountCtx } from '../../../shared/context';
import { yieldToEventLoop } from '../../../shared/event-loop';
import { type DocumentRow, listDocuments } from '../../documents';
import { listReceived, type ReceivedDocumentRow } from '../../receiving';
import { PAGE_SIZE, pagesOf } from '../period';

/** Issued types that are bookings; quotes, orders, proformas and delivery notes are not. */
export const BOOKED_TYPES = ['invoice', 'credit_note', 'receipt'] as const;

export interface Period {
  from: string;
  to: string;
}

export type Entry = (
  | {
      kind: 'issued';
      row: DocumentRow;
      /** The Storno of a cancelled document: its bookings with Soll and Haben swapped. */
      reversal: boolean;
    }
  | { kind: 'received'; row: ReceivedDocumentRow }
) & {
  /** Belegdatum, YYYY-MM-DD: the issue date, or a reversal's cancellation date. */
  date: string;
  /** The document's file in the archive ZIP of the same period (GET /exports/archive.zip). */
  file: string;
};

/** The stem of a file in the archive ZIP as archive.ts names it (safe characters, `document` if empty). */
export function archiveStem(stem: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
  return stem.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').trim() || 'document';
}

/**
 * The archive's file names, given as archive.ts gives them: the same documents in the same order (newest
 * first, issued then received), a name used twice getting `-2`, `-3` (two files of one received invoice).
 */
class ArchiveNames {
  private readonly used = new Set<string>();
  name(folder: 'issued' | 'received', stem: string, extension: string): string {
    const safe = archiveStem(stem);
    let name = `${folder}/${safe}.${extension}`;
    for (let n = 2; this.used.has(name); n++) name = `${folder}/${safe}-${n}.${extension}`;
    this.used.add(name);
    return name;
  }
}

const receivedExtension = (contentType: string) =>
  contentType.includes('pdf') ? 'pdf' : contentType.includes('xml') ? 'xml' : 'bin';

/**
 * The calendar the books are kept in: a cancellation (`voided_at`, an instant) falls on the day it is in
 * Germany, as DATEV books it; a void at 00:30 on 1 October is October's. Made on first use: a formatter
 * with a time zone loads ICU's calendar and zone data, about 3 MiB a server would otherwise hold from its
 * start without ever exporting.
 */
let booksDay: Intl.DateTimeFormat | undefined;
const booksDayFormat = (): Intl.DateTimeFormat =>
  (booksDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

const isBooked = (row: DocumentRow) =>
  (BOOKED_TYPES as readonly string[]).includes(row.documentType) && row.status !== 'draft';

/** The day a cancelled document's reversal is booked: the day it was voided, never before its issue date. */
export function cancellationDateOf(row: Pick<DocumentRow, 'voidedAt' | 'issueDate'>): string | null {
  if (!row.voidedAt) return null;
  const parts = Object.fromEntries(
    booksDayFormat()
      .formatToParts(new Date(row.voidedAt))
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return day > row.issueDate ? day : row.issueDate;
}

/**
 * Whether a received document is booked: not rejected, and once per invoice: of its several files (the same
 * seller, number and issue date, so in the same period) the one that counts, whose `duplicate_of` is null
 * (receiving/copies.ts keeps it the first not rejected, as the payables and expenses count it).
 */
function receivedBooked(row: ReceivedDocumentRow): boolean {
  return row.status !== 'rejected' && row.issueDate !== null && row.duplicateOf === null;
}

/**
 * The same pages read outside a transaction, for a walk that writes nothing (the export's survey): an
 * IMMEDIATE transaction per page would take the write lock only to read. A turn of the event loop between
 * pages, as `pagesOf` takes.
 */
async function* readPages<R extends { id: string }, T>(
  ctx: AccountCtx,
  list: (db: AccountCtx['db'], page: { limit: number; after: string | null }) => Promise<R[]>,
  map: (ctx: AccountCtx, rows: R[]) => Promise<T>,
): AsyncGenerator<T, void> {
  let after: string | null = null;
  for (;;) {
    const found = await list(ctx.db, { limit: PAGE_SIZE, after });
    const rows = found.slice(0, PAGE_SIZE);
    if (rows.length > 0) yield await map(ctx, rows);
    const last = rows.at(-1);
    if (found.length <= PAGE_SIZE || !last) return;
    after = last.id;
    await yieldToEventLoop();
  }
}

export interface EntryOptions {
  /** A walk that assigns nothing: its pages read outside a transaction. */
  readOnly?: boolean;
  /**
   * The settings' `booked_until` (docs/exports.md, "Books kept elsewhere"): a booking dated on or before it
   * (a document by its issue date, a reversal by its cancellation's) is the books kept elsewhere, left out.
   */
  bookedUntil?: string | null;
  /** Counts the bookings left out for `bookedUntil`, for the export to say how many. */
  leftOut?: { count: number };
}

/**
 * The batch's entries, a page at a time (newest first), each page turned into `T` by `map` inside the
 * page's transaction (what it assigns, debtor and creditor numbers, commits with it); `readOnly` for a
 * walk that assigns nothing. Bookings dated on or before `bookedUntil` are left out (their archive file
 * names still taken, so the others keep the archive's names) and counted in `leftOut`.
 */
export async function* datevEntries<T>(
  ctx: AccountCtx,
  input: Period & { kind: 'issued' | 'received' },
  map: (ctx: AccountCtx, entries: Entry[]) => Promise<T>,
  options: EntryOptions = {},
): AsyncGenerator<T, void> {
  const period = { issuedFrom: input.from, issuedTo: input.to };
  const names = new ArchiveNames();
  const pages = options.readOnly ? readPages : pagesOf;
  const { bookedUntil } = options;
  const kept = (entries: Entry[]): Entry[] => {
    if (!bookedUntil) return entries;
    const after = entries.filter((entry) => entry.date > bookedUntil);
    if (options.leftOut) options.leftOut.count += entries.length - after.length;
    return after;
  };
  if (input.kind === 'received') {
    yield* pages(
      ctx,
      async (db, page) => await listReceived(db, ctx.accountId, period, page),
      async (tx, rows) => {
        const entries: Entry[] = [];
        for (const row of rows) {
          // The archive holds every received original of the period, booked or not.
          const file = names.name(
            'received',
            row.invoiceNumber ?? row.id,
            receivedExtension(row.contentType),
          );
          if (receivedBooked(row)) {
            entries.push({ kind: 'received', row, date: row.issueDate as string, file });
          }
        }
        return await map(tx, kept(entries));
      },
    );
    return;
  }
  yield* pages(
    ctx,
    async (db, page) => await listDocuments(db, ctx.accountId, period, page),
    async (tx, rows) =>
      await map(
        tx,
        kept(
          rows.filter(isBooked).map((row) => ({
            kind: 'issued',
            row,
            reversal: false,
            date: row.issueDate,
            file: names.name('issued', row.number, 'pdf'),
          })),
        ),
      ),
  );
  // A cancellation on a day of the period was written at most a day (the time zone) before it began, and
  // a document's updated_at is never before its voided_at: only void documents (archived ones too, which
  // keep voided_at) updated since then are read. One moving from void to archived between the two reads
  // is met twice and booked once (`reversed`).
  const since = new Date(Date.parse(`${input.from}T00:00:00.000Z`) - 86_400_000).toISOString();
  const reversed = new Set<string>();
  for (const status of ['void', 'archived'] as const) {
    yield* pages(
      ctx,
      async (db, page) => await listDocuments(db, ctx.accountId, { status, updatedSince: since }, page),
      async (tx, rows) => {
        const entries: Entry[] = [];
        for (const row of rows) {
          const date = cancellationDateOf(row);
          if (!isBooked(row) || date === null || date < input.from || date > input.to) continue;
          if (reversed.has(row.id)) continue;
          reversed.add(row.id);
          // Its PDF is in the archive of the period it was issued in.
          const file = `issued/${archiveStem(row.number)}.pdf`;
          entries.push({ kind: 'issued', row, reversal: true, date, file });
        }
        return await map(tx, kept(entries));
      },
    );
  }
}
