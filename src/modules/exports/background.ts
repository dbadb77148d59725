import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob } from '../../jobs/definition';
import { renderServicesOf } from '../renders';
import { archiveExportJob } from './job';
import { failArchiveJob, runArchiveJob } from './use-cases/archive-job';

export function exportsBackground(deps: AppDeps): Background {
  const run = { db: deps.db, clock: deps.clock, services: renderServicesOf(deps) };
  return {
    definitions: [
      defineJob({
        ...archiveExportJob,
        handler: (payload, job) => runArchiveJob(run, payload.archiveId, job),
        onLastFailure: (payload, job, error) => failArchiveJob(job, payload.archiveId, error.message),
      }),
    ],
  };
}
