import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob, type JobContext, JobError } from '../../jobs/definition';
import { DomainError } from '../../shared/errors';
import { renderServicesOf, signedDownloadUrl } from '../renders';
import { GENERATE_KIND, GeneratePayload, sendKind } from './job';
import { enqueueDueOccurrences } from './use-cases/enqueue-due-occurrences';
import { blockOnFailure, generateOccurrence, type OccurrenceRef } from './use-cases/generate-occurrence';
import { recordSendFailure, sendOccurrence } from './use-cases/send-occurrence';

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
  const services = {
    renders: renderServicesOf(deps),
    // E-mailed links use the service's own origin (as deliveries do); a job has no key to bind them to.
    link: (render: Parameters<typeof signedDownloadUrl>[2]) =>
      signedDownloadUrl(deps.signer, deps.ownOrigin(), render, null),
    smtpUrl: deps.smtpUrl,
  };
  const send = defineJob({
    ...sendKind,
    handler: async (payload, job) => await sendOccurrence({ job, services, input: payload }),
    // Failed for good (the render or the mail kept failing): said on the occurrence, never silent.
    onLastFailure: async (payload, job, error) => {
      await recordSendFailure(job, payload, `could not be e-mailed: ${error.message}`);
    },
  });
  const ctx = { db: deps.db, clock: deps.clock };
  return {
    definitions: [kind, send],
    sources: [async () => await enqueueDueOccurrences({ ctx, input: { kind } })],
  };
}
