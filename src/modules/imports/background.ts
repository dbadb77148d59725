import type { AppDeps } from '../../deps';
import type { Background, JobScope } from '../../jobs/definition';
import { defineJob } from '../../jobs/definition';
import type { AppLinks } from '../../module';
import { importCommitJob } from './job';
import { findImportAccount } from './repo';
import { readEntries, stagedRowsKey } from './staged-rows';
import { commitInBackground } from './use-cases/commit-in-background';
import { failImport } from './use-cases/fail-import';

/**
 * The job's onLastFailure, for every way `import.commit` can end for good without finishing (attempts used
 * up, a permanent error such as the staged rows lost, its worker killed on the last attempt): a
 * `processing` import becomes `failed` with the job's last error, in the transaction that fails the job.
 */
async function failStalledImport(
  deps: AppDeps,
  importId: string,
  job: JobScope,
  error: Error,
): Promise<void> {
  const accountId = await findImportAccount(job.db, importId);
  if (!accountId) return;
  // Its entries (for the error's row) may be in the staged file: a lost file only loses that row's note.
  const entries =
    (await readEntries({ db: job.db, blobs: deps.blobs }, accountId, importId).catch(() => null)) ?? [];
  const input = { id: importId, reason: error.message, entries };
  if (await failImport({ ctx: job.forAccount(accountId), input })) {
    deps.logger.error('import failed', { import_id: importId, job_id: job.jobId, reason: error.message });
  }
  // The staged rows have no more use; a file left behind is only space.
  await deps.blobs
    .delete(stagedRowsKey(importId))
    .catch((deleteError: unknown) =>
      deps.logger.warn('staged import rows not deleted', { import_id: importId, error: String(deleteError) }),
    );
}

export function importBackground(deps: AppDeps, links: AppLinks): Background {
  return {
    definitions: [
      defineJob({
        ...importCommitJob,
        handler: (payload, job) => commitInBackground(deps, payload.importId, job, links),
        onLastFailure: (payload, job, error) => failStalledImport(deps, payload.importId, job, error),
      }),
    ],
  };
}
