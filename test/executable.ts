// The executable lane: test servers whose HTTP is served by the compiled executable (`npm run build`,
// dist/invoice-service) started as a process, as users run it, instead of the source in the test process.
// The build minifies (renamed classes, functions and destructured parameters), and code that reads names or
// its own source broke only there (docs/architecture.md, "The executable lane").
import { resolve } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { jobs } from '../src/jobs/schema';

/** TEST_EXECUTABLE: the executable every test server of this process runs (null: the source, in-process). */
export const testExecutable: string | null = process.env.TEST_EXECUTABLE
  ? resolve(import.meta.dir, '..', process.env.TEST_EXECUTABLE)
  : null;

export interface RunningExecutable {
  url: string;
  /** What it printed so far (its first API key, its logs). */
  output(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;

/** Starts `executable serve` with exactly `env` (plus PATH and HOME) and waits for its listening line. */
export async function startExecutable(
  executable: string,
  env: Record<string, string>,
): Promise<RunningExecutable> {
  const proc = Bun.spawn([executable, 'serve'], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let printed = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) printed += decoder.decode(chunk, { stream: true });
  };
  const reading = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
  const started = Date.now();
  let url: string | null = null;
  while (url === null) {
    url = /listening on (http:\/\/[^\s]+)/.exec(printed)?.[1] ?? null;
    if (url !== null) break;
    if (proc.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      proc.kill('SIGKILL');
      await reading.catch(() => undefined);
      throw new Error(`${executable} serve did not start (exit ${proc.exitCode}):\n${printed}`);
    }
    await Bun.sleep(10);
  }
  return {
    url,
    output: () => printed,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        await proc.exited;
        clearTimeout(timer);
      }
      await reading.catch(() => undefined);
    },
  };
}

/**
 * `jobs.runDue()` of a server the executable serves: the executable runs the jobs (it polls the queue it
 * shares with the test's connection), and this waits until nothing is due now or running.
 */
export async function waitForJobs(db: Db): Promise<number> {
  const started = Date.now();
  for (;;) {
    const open = await db
      .select({ status: jobs.status, runAt: jobs.runAt })
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running']));
    const now = Date.now();
    // Due within a second counts as due now: on PostgreSQL the executable dates its jobs by the database's
    // clock (src/db/database-clock.ts), a few milliseconds off this process's, and a job it had just queued
    // for "now" looked due later (the send's delivery stayed `queued` on a busy machine).
    const pending = open.filter(
      (row) => row.status === 'running' || new Date(row.runAt).getTime() <= now + 1_000,
    );
    if (pending.length === 0) return 0;
    if (now - started > 60_000) throw new Error(`jobs still open after 60 s: ${JSON.stringify(pending)}`);
    await Bun.sleep(25);
  }
}
