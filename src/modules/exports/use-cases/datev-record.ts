// The record of each DATEV file an account downloaded (datev_exports): what the office overview names as
// the last export of a kind and from where it counts what is not exported yet (docs/office.md).
import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { newId } from '../../../shared/ids';
import { CRLF } from '../datev/format';
import { insertDatevExport, latestDatevExports } from '../repo';
import type { DatevExportKind, DatevExportRow } from '../schema';

export interface DatevExportRecord {
  kind: DatevExportKind;
  /** The period, YYYY-MM-DD; a master-data file without one is recorded as the day it was made. */
  from: string;
  to: string;
  /** Booking lines (Buchungsstapel) or rows (master data) the file held. */
  entries: number;
  /** The settings' `booked_until` it was made under, what it left out (absent: none). */
  bookedUntil?: string | null;
}

async function recordInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: DatevExportRecord;
}): Promise<DatevExportRow> {
  return await insertDatevExport(ctx.db, {
    id: newId('dtv'),
    accountId: ctx.accountId,
    kind: input.kind,
    from: input.from,
    to: input.to,
    entries: input.entries,
    bookedUntil: input.bookedUntil ?? null,
    createdBy: creatorOf(ctx),
    createdAt: isoNow(ctx.clock),
  });
}

/**
 * One downloaded DATEV file. `datevExport` and `datevMasterData` record theirs when their stream ends
 * (`recordedAtEnd`): a caller reading their streams records nothing more itself.
 */
export const recordDatevExport = transactional(recordInTransaction);

/** Per kind the export reaching furthest (the latest `to`), null for a kind never exported. */
export async function lastDatevExports(
  ctx: AccountCtx,
): Promise<Record<DatevExportKind, DatevExportRow | null>> {
  return await latestDatevExports(ctx.db, ctx.accountId);
}

/** Lines in a chunk of the file's body: every DATEV line ends in CRLF, and no field holds one (datev/text.ts). */
function linesIn(chunk: string): number {
  let lines = 0;
  for (let at = chunk.indexOf(CRLF); at !== -1; at = chunk.indexOf(CRLF, at + CRLF.length)) lines += 1;
  return lines;
}

/**
 * The file's body lines (after its header and column line) passed on as they come, and the export recorded
 * once the last one has been taken: only a file produced to its end counts. A stream that fails, or is
 * cancelled by a client going away (`return()` on the generator), never reaches the record.
 */
export async function* recordedAtEnd(
  ctx: AccountCtx,
  period: Omit<DatevExportRecord, 'entries'>,
  body: AsyncGenerator<string, void>,
): AsyncGenerator<string, void> {
  let entries = 0;
  for await (const chunk of body) {
    entries += linesIn(chunk);
    yield chunk;
  }
  await recordDatevExport({ ctx, input: { ...period, entries } });
}
