import { Type } from '@sinclair/typebox';
import type { DbOrTx } from '../../db/client';
import { jobKind } from '../../jobs/definition';
import { enqueueJob } from '../../jobs/queue';
import type { JobRow } from '../../jobs/schema';
import type { Clock } from '../../shared/clock';

/** One job per large import: commits its rows chunk by chunk. */
export const importCommitJob = jobKind('import.commit', Type.Object({ importId: Type.String() }), 5);

/** The run key makes a second enqueue (a second confirm racing the first) a no-op that returns the job. */
export async function enqueueImportCommit(db: DbOrTx, clock: Clock, importId: string): Promise<JobRow> {
  return await enqueueJob(db, clock, importCommitJob, { importId }, { runKey: `import:${importId}` });
}
