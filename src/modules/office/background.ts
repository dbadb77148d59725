import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob } from '../../jobs/definition';
import { officeExportJob } from './job';
import { failOfficeExport, runOfficeExport } from './use-cases/office-export-job';

export function officeBackground(deps: AppDeps): Background {
  const run = { db: deps.db, clock: deps.clock, blobs: deps.blobs };
  return {
    definitions: [
      defineJob({
        ...officeExportJob,
        handler: (payload, job) => runOfficeExport(run, payload.exportId, job),
        onLastFailure: (payload, job, error) => failOfficeExport(job, payload.exportId, error.message),
      }),
    ],
  };
}
