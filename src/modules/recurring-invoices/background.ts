import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob, type JobContext, JobError, LeaseLostError } from '../../jobs/definition';
import { DomainError } from '../../shared/errors';
import { GENERATE_KIND, GeneratePayload } from './job';
import { enqueueDueOccurrences } from './use-cases/enqueue-due-occurrences';
import { blockOnFailure, generateOccurrence, type OccurrenceRef } from './use-cases/generate-occurrence';

const MAX_ATTEMPTS = 5;

/**
 * One occurrence, exactly once: the invoice, the occurrence row, the advanced schedule and the job's
 * completion share one fenced transaction (`job.commit`). A refusal by the documents module (a sequence
 * deleted, a fixed number taken) cannot pass by retrying: the schedule is blocked with `last_error` and the
 * job fails permanently. Other errors are retried, and also block the schedule on the last attempt.
 */
async function generate(deps: AppDeps, payload: OccurrenceRef, job: JobContext): Promise<void> {
  try {
    await job.commit(
      async (tx) =>
        await generateOccurrence({ ctx: { db: tx, clock: deps.clock, jobId: job.jobId }, input: payload }),
    );
  } catch (error) {
    if (error instanceof LeaseLostError) throw error;
    if (!(error instanceof DomainError) && job.attempt < MAX_ATTEMPTS) throw error;
    const reason = await job.transaction(
      async (tx) =>
        await blockOnFailure({ ctx: { db: tx, clock: deps.clock }, input: { ...payload, error } }),
    );
    throw JobError.permanent(reason);
  }
}

export function recurringBackground(deps: AppDeps): Background {
  const kind = defineJob({
    kind: GENERATE_KIND,
    payload: GeneratePayload,
    maxAttempts: MAX_ATTEMPTS,
    handler: (payload, job) => generate(deps, payload, job),
  });
  const ctx = { db: deps.db, clock: deps.clock };
  return {
    definitions: [kind],
    sources: [async () => await enqueueDueOccurrences({ ctx, input: { kind } })],
  };
}
