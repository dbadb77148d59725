import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob } from '../../jobs/definition';
import type { JobRow } from '../../jobs/schema';
import { enqueueImportCommit, importCommitJob } from './job';
import { listProcessingImports } from './repo';
import { readEntries, stagedRowsKey } from './staged-rows';
import { commitInBackground } from './use-cases/commit-in-background';
import { failImport } from './use-cases/fail-import';

const FINISHED_JOB = new Set(['succeeded', 'failed', 'cancelled']);

/** Marks a processing import failed; async because its entries (for the error's row) may be in the file. */
async function failStalled(
  deps: AppDeps,
  imp: { id: string; accountId: string },
  job: JobRow,
): Promise<void> {
  const reason = job.lastError ?? `its job ${job.status} without finishing it`;
  const entries = (await readEntries(deps, imp.accountId, imp.id).catch(() => null)) ?? [];
  const ctx = {
    db: deps.db,
    clock: deps.clock,
    accountId: imp.accountId,
    actor: { kind: 'job' as const, jobId: job.id },
  };
  if (await failImport({ ctx, input: { id: imp.id, reason, entries } })) {
    deps.logger.error('import failed', { import_id: imp.id, job_id: job.id, reason });
  }
  await deps.blobs.delete(stagedRowsKey(imp.id));
}

/**
 * Before each claim round: every `processing` import has its job (the run key makes this a no-op when it
 * does), and one whose job has ended without finishing it (attempts used up, its worker killed on the last
 * attempt, the staged rows lost) becomes `failed` with the job's last error. One place for every way a job
 * can end for good without the handler getting to say so.
 */
async function watchProcessingImports(deps: AppDeps, failing: Set<string>): Promise<void> {
  for (const imp of await listProcessingImports(deps.db)) {
    const job = await enqueueImportCommit(deps.db, deps.clock, imp.id);
    if (!FINISHED_JOB.has(job.status) || failing.has(imp.id)) continue;
    failing.add(imp.id);
    failStalled(deps, imp, job)
      .catch((error) =>
        deps.logger.error('could not mark an import failed', { import_id: imp.id, error: String(error) }),
      )
      .finally(() => failing.delete(imp.id));
  }
}

export function importBackground(deps: AppDeps): Background {
  const failing = new Set<string>();
  return {
    definitions: [
      defineJob({
        ...importCommitJob,
        handler: (payload, ctx) => commitInBackground(deps, payload.importId, ctx),
      }),
    ],
    sources: [async () => await watchProcessingImports(deps, failing)],
  };
}
