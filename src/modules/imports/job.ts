import { Type } from '@sinclair/typebox';
import type { DbOrTx } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import type { JobRow } from '../../jobs/schema';
import type { Clock } from '../../shared/clock';

/** One job per large import: commits its rows chunk by chunk. The run key makes a second enqueue a no-op. */
export const importCommitJob = {
  kind: 'import.commit',
  payload: Type.Object({ importId: Type.String() }),
  maxAttempts: 5,
};

export function enqueueImportCommit(db: DbOrTx, clock: Clock, importId: string): JobRow {
  return enqueue(db, clock, {
    kind: importCommitJob.kind,
    payload: { importId },
    runKey: `import:${importId}`,
    maxAttempts: importCommitJob.maxAttempts,
  });
}
