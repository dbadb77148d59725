import { inTransaction } from '../../../db/transaction';
import { enqueueJob } from '../../../jobs/queue';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { type FieldError, validationError } from '../../../shared/errors';
import { yieldToEventLoop } from '../../../shared/event-loop';
import { newId } from '../../../shared/ids';
import { documentTotals, statelessProblems } from '../../documents';
import { resolveTemplate } from '../../templates';
import { runBatchJob } from '../job';
import { type CreateBatchBody, MAX_COMBINED_ITEMS } from '../model';
import { insertBatch } from '../repo';
import type { BatchItemRow, BatchRow } from '../schema';

/** A 422 listing every bad field of 10,000 items would be megabytes; the first ones are enough to fix. */
const MAX_REPORTED_PROBLEMS = 100;

/**
 * Checks every item as a stateless render would (so a queued batch cannot fail on bad input), then stores
 * the batch, its items and its job in one transaction: accepted means it will run, even after a crash.
 */
export async function createBatch({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: CreateBatchBody;
}): Promise<BatchRow> {
  const problems = await itemProblems(input);
  if (input.output?.combine && input.items.length > MAX_COMBINED_ITEMS) {
    problems.push({
      loc: 'body.output.combine',
      msg: `a combined PDF is offered for batches of up to ${MAX_COMBINED_ITEMS} items`,
      type: 'invalid_value',
    });
  }
  if (problems.length > 0) throw validationError(problems.slice(0, MAX_REPORTED_PROBLEMS));
  // Resolved now for the 404/422 of an unknown template or version; each item resolves it again when it
  // runs, so an unpinned custom template renders with the config of that moment (SPEC 4).
  const template = await resolveTemplate(
    { db: ctx.db, accountId: ctx.accountId },
    { id: input.template_id, version: input.template_version, versionLoc: 'body.template_version' },
  );
  const now = isoNow(ctx.clock);
  const id = newId('batch');
  const items: BatchItemRow[] = input.items.map((item, position) => ({
    id: newId('bi'),
    batchId: id,
    accountId: ctx.accountId,
    position,
    externalId: item.external_id ?? null,
    documentType: 'invoice',
    status: 'queued',
    data: item.data as Record<string, unknown>,
    renderId: null,
    errorMessage: null,
    createdAt: now,
    updatedAt: now,
  }));
  return await inTransaction(ctx, async (tx) => {
    const batch = await insertBatch(
      tx.db,
      {
        id,
        accountId: ctx.accountId,
        status: 'queued',
        operation: 'render',
        templateId: template.id,
        templateVersion: input.template_version ?? null,
        output: {
          format: 'pdf',
          combine: input.output?.combine ?? false,
          archive_format: 'zip',
          page_size: input.output?.page_size ?? 'LETTER',
        },
        totalItems: items.length,
        completedItems: 0,
        failedItems: 0,
        combinedBlobKey: null,
        errorMessage: null,
        createdBy: creatorOf(ctx),
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      },
      items,
    );
    await enqueueJob(tx.db, ctx.clock, runBatchJob, { batchId: id }, { runKey: `batch:${id}` });
    return batch;
  });
}

/** Items checked between two turns of the event loop: 10,000 of them take most of a second. */
const CHECKED_PER_TURN = 250;

async function itemProblems(input: CreateBatchBody): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  for (const [i, item] of input.items.entries()) {
    if (problems.length >= MAX_REPORTED_PROBLEMS) break;
    if (i > 0 && i % CHECKED_PER_TURN === 0) await yieldToEventLoop();
    const prefix = `body.items.${i}.`;
    const found = statelessProblems({ document_type: 'invoice', data: item.data }, true);
    if (found.length === 0) {
      const totals = documentTotals(item.data.currency, item.data);
      if (!totals.ok) found.push(...totals.problems.map((p) => ({ ...p, loc: `body.data.${p.loc}` })));
    }
    for (const p of found) problems.push({ ...p, loc: p.loc.replace(/^body\./, prefix) });
  }
  return problems;
}
