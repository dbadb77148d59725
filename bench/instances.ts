// The load test's mix (bench/load-mix.ts) against one instance on the embedded SQLite, one on PostgreSQL,
// and two on one PostgreSQL database and one bucket (s3rver), the way issue 26 runs several instances.
// Each instance is `bun src/main.ts serve` as its own process (test/instances.ts); PostgreSQL is the test
// suite's throw-away cluster (test/postgres.ts: fsync off). With two instances, one wrk per instance shares
// the connections between them: client-side round robin, no proxy in the way.
// Usage: bun bench/instances.ts [seconds=20] [connections=16] [kinds to leave out of the mix, e.g. render,compliance]
// Needs `wrk` (apt-get install -y wrk) and PostgreSQL's server binaries (apt-get install -y postgresql).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, tempDir } from '../test/harness';
import { type Instance, startInstance } from '../test/instances';
import { hasPostgres, startPostgres } from '../test/postgres';
import { TestS3 } from '../test/s3rver';
import {
  errorCount,
  ms,
  requireWrk,
  runWrk,
  seedMix,
  type WrkResult,
  warmUp,
  writeMixScript,
} from './load-mix';

const seconds = Number(process.argv[2] ?? 20);
const connections = Number(process.argv[3] ?? 16);
const leftOut = new Set((process.argv[4] ?? '').split(',').filter(Boolean));
requireWrk();
if (!hasPostgres) throw new Error('no PostgreSQL server binaries: apt-get install -y postgresql');

// One account stands for every client: the per-account cap on concurrent compliance checks is lifted, as in
// bench/load.ts.
const SERVICE_ENV = { COMPLIANCE_CHECKS_PER_ACCOUNT: '1000' };

/** An account on a plan whose quota and rate no run reaches, made with the CLI on `env`'s database; its key. */
function account(env: Record<string, string>): string {
  const cli = (...args: string[]) => {
    const done = runCli(args, env);
    if (done.code !== 0) throw new Error(`${args.join(' ')}: ${done.stderr}`);
    return done.stdout;
  };
  cli('plans', 'set', '--id', 'plan_bench', '--name', 'Bench', '--quota', '100000000', '--rps', '1000000');
  return JSON.parse(cli('accounts', 'create', '--name', 'Bench', '--plan', 'plan_bench', '--json')).api_key
    .api_key as string;
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The mix against `instances`, the connections shared out between them, all for `seconds` at once. */
async function measure(label: string, instances: Instance[], key: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'inv-bench-instances-'));
  try {
    const mix = (await seedMix((instances[0] as Instance).url, key)).filter((e) => !leftOut.has(e.kind));
    for (const instance of instances) await warmUp(instance.url, key, mix, 4);
    const script = writeMixScript(dir, mix, key);
    const share = (i: number) =>
      Math.floor(connections / instances.length) + (i < connections % instances.length ? 1 : 0);
    const runs: WrkResult[] = await Promise.all(
      instances.map((instance, i) => runWrk(script, instance.url, share(i), seconds)),
    );
    const rss = instances.map((instance) => rssMiB(instance.pid).toFixed(0)).join(' + ');
    const rate = runs.reduce((sum, r) => sum + r.requests / r.seconds, 0);
    const worst = (pick: (r: WrkResult) => number) => ms(Math.max(...runs.map(pick)));
    const errors = runs.reduce((sum, r) => sum + errorCount(r), 0);
    const socketErrors = runs.reduce((sum, r) => sum + r.socket_errors, 0);
    console.log(
      `${label}: ${rate.toFixed(0)} req/s; p50 ${worst((r) => r.p50)}, p95 ${worst((r) => r.p95)}, p99 ${worst((r) => r.p99)}, max ${worst((r) => r.max)} (the worse instance's); errors ${errors} (+${socketErrors} socket: timeouts at 5 s included); RSS MiB at the end ${rss}`,
    );
    if (runs.length > 1)
      for (const [i, r] of runs.entries())
        console.log(
          `  instance ${i + 1}: ${(r.requests / r.seconds).toFixed(0)} req/s on ${share(i)} connections; p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}; statuses ${JSON.stringify(r.statuses)}`,
        );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ');
console.log(
  `${connections} connections, ${seconds} s per run; left out: ${[...leftOut].join(', ') || 'nothing'}; load average before: ${load}`,
);

// One instance on the embedded default.
{
  const dataDir = tempDir('inv-bench-sqlite-');
  const env = { ...SERVICE_ENV, DATA_DIR: dataDir };
  const key = account(env);
  const instance = await startInstance({ env, dataDir });
  try {
    await measure('1 instance, SQLite', [instance], key);
  } finally {
    await instance.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cluster = await startPostgres();
// The server's log names every statement aborted by a serialization failure (then run again by the service).
const clusterLog = () => readFileSync(join(cluster.dir, `server-${cluster.port}.log`), 'utf8');
const serializationFailures = (log: string) => log.match(/could not serialize access/g)?.length ?? 0;
const s3 = await TestS3.start();
try {
  for (const count of [1, 2]) {
    const env = { ...SERVICE_ENV, DATABASE_URL: await cluster.createDatabase(), ...s3.env() };
    const cliDir = tempDir('inv-bench-cli-');
    const key = account({ ...env, DATA_DIR: cliDir });
    const instances = await Promise.all(Array.from({ length: count }, () => startInstance({ env })));
    try {
      const before = clusterLog().length;
      await measure(`${count} instance${count > 1 ? 's' : ''}, PostgreSQL + S3`, instances, key);
      const failures = serializationFailures(clusterLog().slice(before));
      console.log(`  serialization failures (each a transaction run again): ${failures}`);
    } finally {
      await Promise.all(instances.map((instance) => instance.dispose()));
      rmSync(cliDir, { recursive: true, force: true });
    }
  }
} finally {
  await s3.stop();
  await cluster.stop();
}
