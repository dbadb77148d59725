import { dbErrorText } from './db/errors';
import type { AppDeps } from './deps';
import { JobRuntime } from './jobs/runtime';
import { appLinks } from './module';
import { MODULES } from './modules';

export interface JobRuntimeTuning {
  pollMs?: number;
  leaseMs?: number;
  graceMs?: number;
}

/** The one in-process scheduler, with every module's job kinds. `serve` starts it; tests drive it. */
export function createJobRuntime(deps: AppDeps, tuning: JobRuntimeTuning = {}): JobRuntime {
  const links = appLinks(MODULES);
  const parts = MODULES.flatMap((m) => (m.background ? [m.background(deps, links)] : []));
  return new JobRuntime({
    db: deps.db,
    clock: deps.clock,
    definitions: parts.flatMap((p) => p.definitions),
    sources: parts.flatMap((p) => p.sources ?? []),
    pollMs: tuning.pollMs ?? 1_000,
    leaseMs: tuning.leaseMs ?? 60_000,
    graceMs: tuning.graceMs ?? 8_000,
    logger: deps.logger,
    onError: (error, job) =>
      deps.logger.warn('job attempt failed', {
        kind: job.kind,
        job_id: job.id,
        error: dbErrorText(error) ?? String(error),
      }),
  });
}
