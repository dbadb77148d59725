// Child process for test/unit/jobs-crash.test.ts: runs the `effect` jobs of the database file given in argv
// slowly, on the real clock, until the test kills it with SIGKILL mid-batch.
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { defineJob } from '../src/jobs/definition';
import { JobRuntime } from '../src/jobs/runtime';

export const effectJob = defineJob({
  kind: 'effect',
  payload: Type.Object({ i: Type.Number() }),
  concurrency: 3,
  handler: async (payload, ctx) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The effect commits in the same transaction as the job's completion: both or neither.
    await ctx.commit(async (tx) => {
      await tx.run(sql`INSERT INTO effects (job_id, i) VALUES (${ctx.jobId}, ${payload.i})`);
    });
  },
});

if (import.meta.main) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: jobs-crash-worker.ts <db file>');
  const { db } = openDatabase(path);
  new JobRuntime({ db, definitions: [effectJob], leaseMs: 2_000, pollMs: 10 }).start();
}
