import type { Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { type JobContext, JobError } from '../../../jobs/definition';
import { enqueueJob } from '../../../jobs/queue';
import { untilAborted } from '../../../jobs/until-aborted';
import type { Clock } from '../../../shared/clock';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf, type SystemCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { BlobStore } from '../../../storage/blob-store';
import { findAccountWithPlan } from '../../accounts';
import type { RenderServices } from '../../renders';
import { archiveExportJob } from '../job';
import { checkPeriod } from '../period';
import { findExportArchive, insertExportArchive, updateExportArchive } from '../repo';
import type { ExportArchiveRow } from '../schema';
import { archiveExport } from './archive';

/** Queues the period's archive as a background job; the row and its job commit together. */
export async function startArchiveJob({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { from: string; to: string };
}): Promise<ExportArchiveRow> {
  checkPeriod(input.from, input.to, 'body');
  const now = isoNow(ctx.clock);
  const id = newId('exa');
  return await inTransaction(ctx, async (tx) => {
    const row = await insertExportArchive(tx.db, {
      id,
      accountId: ctx.accountId,
      status: 'queued',
      from: input.from,
      to: input.to,
      createdBy: creatorOf(ctx),
      blobKey: null,
      sizeBytes: null,
      errorMessage: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    });
    await enqueueJob(
      tx.db,
      ctx.clock,
      archiveExportJob,
      { archiveId: id },
      { runKey: `exports.archive:${id}` },
    );
    return row;
  });
}

export async function readArchiveJob(ctx: AccountCtx, id: string): Promise<ExportArchiveRow> {
  const row = await findExportArchive(ctx.db, id, ctx.accountId);
  if (!row) throw notFound('export archive');
  return row;
}

/** The finished ZIP as a stream; 404 until the archive is completed. */
export async function archiveJobDownload(
  ctx: AccountCtx,
  blobs: BlobStore,
  id: string,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const row = await readArchiveJob(ctx, id);
  const body = row.status === 'completed' && row.blobKey ? await blobs.stream(row.blobKey) : null;
  if (!body) throw notFound('export archive download');
  return { filename: `archive_${row.from}_${row.to}.zip`, body };
}

export interface ArchiveJobDeps {
  db: Db;
  clock: Clock;
  services: RenderServices;
}

/**
 * The `exports.archive` job: the same entries as GET /exports/archive.zip, streamed as they are made into
 * the BlobStore as `exports/<account>/<id>.zip` (`putStream`: a temp file renamed at the end, or an S3
 * multipart upload), so the ZIP never sits whole in memory or on local disk. Idempotent on retry: a failed
 * write leaves nothing under the key, a finished one is replaced whole by the next attempt's, and the row
 * names the key and its size only in the fenced commit of the attempt that wrote them.
 */
export async function runArchiveJob(deps: ArchiveJobDeps, archiveId: string, job: JobContext): Promise<void> {
  const { db, clock } = deps;
  const row = await findExportArchive(db, archiveId);
  if (!row) throw JobError.permanent(`export archive ${archiveId} no longer exists`);
  if (row.status === 'completed' || row.status === 'failed') return;
  await job.transaction(
    async (tx) => await updateExportArchive(tx, archiveId, { status: 'running', updatedAt: isoNow(clock) }),
  );
  const account = await findAccountWithPlan(db, row.accountId);
  if (!account) throw JobError.permanent(`account ${row.accountId} no longer exists`);
  const ctx = job.forAccount(row.accountId, { memberId: row.createdBy });
  const { body } = await archiveExport({
    ctx,
    services: deps.services,
    input: {
      from: row.from,
      to: row.to,
      monthlyQuota: account.monthlyRenderQuota,
      planId: account.account.planId,
    },
  });
  const blobKey = `exports/${row.accountId}/${archiveId}.zip`;
  const size = await deps.services.blobs.putStream(
    blobKey,
    untilAborted(body, job.signal),
    'application/zip',
  );
  await job.commit(async (tx) => {
    const now = isoNow(clock);
    await updateExportArchive(tx, archiveId, {
      status: 'completed',
      blobKey,
      sizeBytes: size,
      updatedAt: now,
      completedAt: now,
    });
  });
}

/** The job's onLastFailure: the archive must not stay `running` for ever. A completed one is left alone. */
export async function failArchiveJob(ctx: SystemCtx, archiveId: string, message: string): Promise<void> {
  const row = await findExportArchive(ctx.db, archiveId);
  if (!row || row.status === 'completed') return;
  const now = isoNow(ctx.clock);
  await updateExportArchive(ctx.db, archiveId, {
    status: 'failed',
    errorMessage: `the archive could not be made: ${message}`,
    updatedAt: now,
    completedAt: now,
  });
}
