import { type JobContext, JobError } from '../../../jobs/definition';
import { isTransientFault, retryTransient } from '../../../jobs/transient';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { findAccountWithPlan } from '../../accounts';
import type { DocumentData } from '../../documents';
import { findRenderById, MAX_EXPIRES_IN, renderStateless } from '../../renders';
import { finalStatus, RUNNABLE } from '../lifecycle';
import { findBatchById, finishItem, queuedItems, updateBatch } from '../repo';
import type { BatchItemRow, BatchRow } from '../schema';
import { combineBatch } from './combine-batch';
import type { BatchRunDeps } from './run-deps';

export type { BatchRunDeps } from './run-deps';

/** Items read from the database per round: bounds memory whatever the batch size. */
const CHUNK = 32;
/** Batch PDFs stay downloadable for the longest validity a render can have. */
export const BATCH_RENDER_TTL = MAX_EXPIRES_IN;

type Outcome = { status: 'completed'; renderId: string } | { status: 'failed'; errorMessage: string };

/**
 * The `batch.run` job: queued → processing, every queued item rendered and committed one by one (so a
 * crash or a stop resumes after the last committed item), then completed or failed. A cancel between
 * items is seen at the next chunk and ends the job.
 */
export async function runBatch(deps: BatchRunDeps, batchId: string, job: JobContext): Promise<void> {
  const stored = await findBatchById(deps.db, batchId);
  if (!stored) throw JobError.permanent(`batch ${batchId} no longer exists`);
  if (!RUNNABLE.includes(stored.status)) return;
  const now = () => deps.clock.now().toISOString();
  // Undefined when the batch left queued/processing meanwhile (cancelled): nothing to do then.
  const batch = await job.transaction(
    async (tx) => await updateBatch(tx, batchId, RUNNABLE, { status: 'processing', updatedAt: now() }),
  );
  if (!batch) return;
  for (;;) {
    job.signal.throwIfAborted();
    const items = await queuedItems(deps.db, batchId, CHUNK);
    if (items.length === 0) break;
    // The account and plan once per chunk, not per item: a plan change still applies within 32 items.
    const account = (await findAccountWithPlan(deps.db, batch.accountId)) ?? null;
    await eachLimited(items, deps.concurrency, (item) => runItem(deps, batch, account, item, job));
    if ((await findBatchById(deps.db, batchId))?.status !== 'processing') return; // cancelled meanwhile
  }
  const counted = (await findBatchById(deps.db, batchId)) as BatchRow;
  const combined =
    counted.output.combine && counted.completedItems > 0 ? await combineBatch(deps, counted) : null;
  await job.commit(
    async (tx) =>
      await updateBatch(tx, batchId, ['processing'], {
        status: finalStatus(counted.completedItems),
        combinedBlobKey: combined,
        errorMessage: counted.completedItems > 0 ? null : 'no item could be rendered',
        updatedAt: now(),
        completedAt: now(),
      }),
  );
}

/**
 * The job's onLastFailure: the batch must not stay `processing` for ever. The items committed so far stay
 * as they are; a batch that finished (or was cancelled) meanwhile is left alone.
 */
export async function failBatch(ctx: SystemCtx, batchId: string, message: string): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await updateBatch(ctx.db, batchId, RUNNABLE, {
    status: 'failed',
    errorMessage: `batch processing failed: ${message}`,
    updatedAt: now,
    completedAt: now,
  });
}

type AccountWithPlan = NonNullable<Awaited<ReturnType<typeof findAccountWithPlan>>>;

async function runItem(
  deps: BatchRunDeps,
  batch: BatchRow,
  account: AccountWithPlan | null,
  item: BatchItemRow,
  job: JobContext,
) {
  job.signal.throwIfAborted(); // released (shutdown) or claim lost: the next owner renders the rest
  // Ids derived from the item: a render recorded by an attempt that died before committing the item is
  // found and reused, and its unit of quota is not taken twice.
  const ids = { renderId: `rnd_${item.id.slice(3)}`, eventId: `evt_${item.id.slice(3)}` };
  // A database or store that is away for a while is waited for (retryTransient); past that, the attempt
  // ends with the item still queued, and the job's next attempt goes on from here.
  const outcome: Outcome = await retryTransient(
    async () =>
      (await findRenderById(deps.db, ids.renderId))
        ? { status: 'completed', renderId: ids.renderId }
        : await renderItem(deps, batch, account, item, ids),
    job.signal,
  );
  await retryTransient(
    async () =>
      await job.transaction(
        async (tx) => await finishItem(tx, item, outcome, deps.clock.now().toISOString()),
      ),
    job.signal,
  );
}

async function renderItem(
  deps: BatchRunDeps,
  batch: BatchRow,
  account: AccountWithPlan | null,
  item: BatchItemRow,
  ids: { renderId: string; eventId: string },
): Promise<Outcome> {
  if (!account) return { status: 'failed', errorMessage: 'the account no longer exists' };
  try {
    const { row } = await renderStateless({
      ctx: { db: deps.db, clock: deps.clock },
      services: deps.services,
      input: {
        accountId: batch.accountId,
        monthlyQuota: account.monthlyRenderQuota,
        planId: account.account.planId,
        ids,
        render: {
          documentType: 'invoice',
          data: item.data as DocumentData,
          template: {
            id: batch.templateId,
            version: batch.templateVersion ?? undefined,
            versionLoc: 'body.template_version',
          },
          output: { format: 'pdf', expiresIn: BATCH_RENDER_TTL, pageSize: batch.output.page_size },
        },
      },
    });
    return { status: 'completed', renderId: row.id };
  } catch (error) {
    // Expected refusals (quota used up, template deleted since) fail this item only; the others go on.
    if (error instanceof DomainError) return { status: 'failed', errorMessage: error.message };
    // Only a document that cannot be drawn fails; a fault that passes is tried again (runItem).
    if (isTransientFault(error)) throw error;
    deps.logger.error('batch item render failed', {
      batch_id: batch.id,
      item_id: item.id,
      error: String(error),
    });
    return { status: 'failed', errorMessage: 'the PDF could not be produced (see the service log)' };
  }
}

/** Runs `work` over `items` with at most `limit` at once, in order of start. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
