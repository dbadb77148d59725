import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob, type JobContext, JobError } from '../../jobs/definition';
import { DomainError } from '../../shared/errors';
import { GENERATE_KIND, GeneratePayload } from './job';
import { enqueueDueOccurrences } from './use-cases/enqueue-due-occurrences';
import { blockOnFailure, generateOccurrence, type OccurrenceRef } from './use-cases/generate-occurrence';

/**
 * One occurrence, exactly once: the invoice, the occurrence row, the advanced schedule and the job's
 * completion share one fenced transaction (`job.commit`). A refusal by the documents module (a sequence
 * deleted, a fixed number taken) cannot pass by retrying: the job fails permanently. Other errors are
 * retried. Either way, the job's last failure blocks the schedule with `last_error` (onLastFailure).
 */
async function generate(payload: OccurrenceRef, job: JobContext): Promise<void> {
  try {
    await job.commit(
      async (tx) => await generateOccurrence({ ctx: { db: tx, clock: job.clock }, job, input: payload }),
    );
  } catch (error) {
    if (error instanceof DomainError) throw JobError.permanent(error.message, { cause: error });
    throw error;
  }
}

export function recurringBackground(deps: AppDeps): Background {
  const kind = defineJob({
    kind: GENERATE_KIND,
    payload: GeneratePayload,
    maxAttempts: 5,
    handler: generate,
    // The reason (a refusal's fields named as the schedule's) comes from the refusal itself.
    onLastFailure: async (payload, job, error) => {
      const cause = error instanceof JobError && error.cause !== undefined ? error.cause : error;
      await blockOnFailure({ ctx: job, input: { ...payload, error: cause } });
    },
  });
  const ctx = { db: deps.db, clock: deps.clock };
  return {
    definitions: [kind],
    sources: [async () => await enqueueDueOccurrences({ ctx, input: { kind } })],
  };
}
