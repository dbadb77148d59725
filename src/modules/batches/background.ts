import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob } from '../../jobs/definition';
import { renderServicesOf } from '../renders';
import { runBatchJob } from './job';
import { failBatch, runBatch } from './use-cases/run-batch';

export function batchBackground(deps: AppDeps): Background {
  const run = { ...deps, services: renderServicesOf(deps), concurrency: 2 };
  return {
    definitions: [
      defineJob({
        ...runBatchJob,
        // Two batches at once: a big one does not hold back a small one of another account for long.
        concurrency: 2,
        handler: (payload, job) => runBatch(run, payload.batchId, job),
        onLastFailure: (payload, job, error) => failBatch(job, payload.batchId, error.message),
      }),
    ],
  };
}
