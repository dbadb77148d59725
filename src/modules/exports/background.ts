import { dirname, join } from 'node:path';
import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob } from '../../jobs/definition';
import { renderServicesOf } from '../renders';
import { archiveExportJob } from './job';
import { failArchiveJob, runArchiveJob } from './use-cases/archive-job';

export function exportsBackground(deps: AppDeps): Background {
  // The data dir's cache (next to the SEF cache); the system temp dir when the service has no data dir.
  const workDir = deps.sefCacheDir ? join(dirname(deps.sefCacheDir), 'exports') : null;
  const run = { db: deps.db, clock: deps.clock, services: renderServicesOf(deps), workDir };
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
