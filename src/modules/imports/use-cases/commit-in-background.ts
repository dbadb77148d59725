import type { DbOrTx } from '../../../db/client';
import { type JobContext, JobError } from '../../../jobs/definition';
import type { AppLinks } from '../../../module';
import { type Clock, isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { yieldToEventLoop } from '../../../shared/event-loop';
import type { BlobStore } from '../../../storage/blob-store';
import { EntryCursor, type ImportEntry } from '../entries';
import { nextImportStatus } from '../lifecycle';
import { importTuning } from '../model';
import {
  findImport,
  findImportAccount,
  findImportProgress,
  type ImportHead,
  setImportProgress,
} from '../repo';
import { readStagedEntries, stagedRowsKey } from '../staged-rows';
import { commitEntries, mergedErrors } from './commit-entries';

export interface BackgroundDeps {
  db: DbOrTx;
  clock: Clock;
  blobs: BlobStore;
}

/**
 * One chunk in one fenced transaction: the entries, and the counts that record them, commit together. The
 * start comes from the committed counts (EntryCursor), so a claim taken over after a crash resumes right
 * after the last committed chunk. False when there is nothing more to do: done, or cancelled meanwhile.
 */
async function commitChunk(
  ctx: AccountCtx,
  links: AppLinks,
  head: ImportHead,
  entries: ImportEntry[],
  cursor: EntryCursor,
): Promise<boolean> {
  const progress = await findImportProgress(ctx.db, ctx.accountId, head.id);
  if (progress?.status !== 'processing') return false;
  const start = cursor.next(progress);
  const chunk = entries.slice(start, start + importTuning.chunkEntries[head.resource]);
  if (chunk.length === 0) return false;
  const until = performance.now() + importTuning.chunkMs;
  const outcome = await commitEntries(ctx, head, chunk, links, until);
  await setImportProgress(ctx.db, ctx.accountId, head.id, {
    importedRows: progress.importedRows + outcome.importedRows,
    failedRows: progress.failedRows + outcome.failedRows,
    errors: await mergedErrors(ctx, head.id, outcome.errors),
    updatedAt: isoNow(ctx.clock),
  });
  return start + outcome.entries < entries.length;
}

/** `completed`, unless a cancel came first; committed with the job's own completion. */
async function finish(ctx: AccountCtx, id: string): Promise<void> {
  const progress = await findImportProgress(ctx.db, ctx.accountId, id);
  const next = progress && nextImportStatus('finish', progress.status);
  if (!next) return;
  const now = isoNow(ctx.clock);
  await setImportProgress(ctx.db, ctx.accountId, id, {
    status: next,
    validRows: null,
    updatedAt: now,
    completedAt: now,
  });
}

/**
 * The `import.commit` handler: commits a `processing` import's entries chunk by chunk, yielding between
 * chunks so the API keeps answering, then marks it `completed`. A crash or lost claim at any point leaves
 * whole chunks committed and counted; the next claim carries on from there, so nothing is lost or doubled.
 */
export async function commitInBackground(
  deps: BackgroundDeps,
  importId: string,
  job: JobContext,
  links: AppLinks,
): Promise<void> {
  const accountId = await findImportAccount(deps.db, importId);
  if (!accountId) throw JobError.permanent(`import ${importId} not found`);
  const ctxOf = (db: DbOrTx): AccountCtx => job.forAccount(accountId, { db });
  const head = await findImport(deps.db, accountId, importId);
  if (head?.status === 'processing') {
    const entries = await readStagedEntries(deps.blobs, importId);
    if (!entries) throw JobError.permanent('the rows of this import are gone: their staged file is missing');
    const cursor = new EntryCursor(entries);
    while (await job.transaction(async (tx) => await commitChunk(ctxOf(tx), links, head, entries, cursor))) {
      await yieldToEventLoop();
      job.signal.throwIfAborted();
    }
    await job.commit(async (tx) => await finish(ctxOf(tx), importId));
  }
  // Done, cancelled (before or while this ran) or never started: the staged file has no more use.
  await deps.blobs.delete(stagedRowsKey(importId));
}
