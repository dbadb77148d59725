// The load test's mix (bench/load-mix.ts) against one instance on the embedded SQLite and one, two and three
// instances on one PostgreSQL database and one bucket (s3rver), the way issue 26 runs several instances,
// side by side in one run: each setup once per round, rounds one after another (every other round in the
// reverse order), so a busy machine and a setup's place in the run weigh on every setup alike; read the
// ratios of two rounds, one in each order. Each instance is `bun src/main.ts serve` as its own process
// (test/instances.ts); PostgreSQL is the test suite's throw-away cluster (test/postgres.ts: fsync off)
// with pg_stat_statements loaded. With several instances, one wrk per instance
// takes its share of the connections: client-side round robin, no proxy in the way.
// Usage: bun bench/instances.ts [seconds=20] [connections=16] [kinds to leave out, e.g. render,compliance]
//          [--rounds 2] [--setups sqlite,pg1,pg2,pg3] [--warmup 5] [--share-workers] [--env NAME=VALUE,...]
//   VERBOSE=1 prints each run's costliest statements and the server's errors, ACTIVITY=1 its sessions every 2 s.
// --share-workers: the instances of a setup share the host's cores' worth of render and rules workers
// (RENDER_WORKERS and RULES_WORKERS = cores / instances, at least 1) instead of each taking the default.
// The service now divides them itself (SHARE_HOST_WORKERS, default on); `--env SHARE_HOST_WORKERS=false`
// measures instances that each run all their workers, as before.
// Before each measured run the same mix runs `--warmup` seconds unmeasured: every instance's JIT, render and
// rules workers warm alike, however many instances share the requests.
// Needs `wrk` (apt-get install -y wrk) and PostgreSQL's server binaries (apt-get install -y postgresql).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { runCli, tempDir } from '../test/harness';
import { type Instance, startInstance } from '../test/instances';
import { hasPostgres, startPostgres, type TestPostgres } from '../test/postgres';
import { TestS3 } from '../test/s3rver';
import {
  cpuSeconds,
  errorCount,
  ms,
  requireWrk,
  runWrk,
  seedMix,
  threadCpu,
  threadCpuBetween,
  type WrkResult,
  warmUp,
  writeMixScript,
} from './load-mix';

const flags = new Map<string, string>();
const positional: string[] = [];
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i] as string;
  if (arg === '--share-workers') flags.set('share-workers', '');
  else if (arg.startsWith('--')) flags.set(arg.slice(2), process.argv[++i] ?? '');
  else positional.push(arg);
}
const seconds = Number(positional[0] ?? 20);
const connections = Number(positional[1] ?? 16);
const leftOut = new Set((positional[2] ?? '').split(',').filter((kind) => kind !== '' && kind !== '-'));
const rounds = Number(flags.get('rounds') ?? 2);
const warmupSeconds = Number(flags.get('warmup') ?? 5);
const shareWorkers = flags.has('share-workers');
const setups = (flags.get('setups') ?? 'sqlite,pg1,pg2,pg3').split(',');
for (const setup of setups) if (!/^(sqlite|pg[1-9])$/.test(setup)) throw new Error(`unknown setup ${setup}`);
requireWrk();
if (!hasPostgres) throw new Error('no PostgreSQL server binaries: apt-get install -y postgresql');

// One account stands for every client: the per-account cap on concurrent compliance checks is lifted, as in
// bench/load.ts.
// `--env NAME=VALUE,NAME=VALUE` adds settings to every instance (DATABASE_POOL_SIZE=4, say).
const SERVICE_ENV: Record<string, string> = {
  COMPLIANCE_CHECKS_PER_ACCOUNT: '1000',
  ...Object.fromEntries(
    (flags.get('env') ?? '')
      .split(',')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  ),
};

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
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Run {
  setup: string;
  round: number;
  rate: number;
  errors: number;
}
const results: Run[] = [];

/** What the PostgreSQL side of a run reports: its statements and serialization failures. */
interface PgProbe {
  reset(): Promise<void>;
  report(requests: number): Promise<{ line: string; statements: string[] }>;
  /** The database's sessions now (ACTIVITY=1, every 2 s of a run): how many wait, on what. */
  activity(): Promise<string>;
}

/** The mix against `instances`, the connections shared out between them, all for `seconds` at once. */
async function measure(setup: string, round: number, instances: Instance[], key: string, probe?: PgProbe) {
  const dir = mkdtempSync(join(tmpdir(), 'inv-bench-instances-'));
  try {
    const mix = (await seedMix((instances[0] as Instance).url, key)).filter((e) => !leftOut.has(e.kind));
    for (const instance of instances) await warmUp(instance.url, key, mix, 4);
    const script = writeMixScript(dir, mix, key);
    const share = (i: number) =>
      Math.floor(connections / instances.length) + (i < connections % instances.length ? 1 : 0);
    if (warmupSeconds > 0)
      await Promise.all(
        instances.map((instance, i) => runWrk(script, instance.url, share(i), warmupSeconds)),
      );
    const load = loadAverage();
    await probe?.reset();
    const cpuBefore = instances.map((instance) => cpuSeconds(instance.pid));
    const threadsBefore = instances.map((instance) => threadCpu(instance.pid));
    const benchBefore = process.cpuUsage();
    const sampler =
      probe && process.env.ACTIVITY
        ? setInterval(() => {
            void probe.activity().then((line) => console.log(`    sessions: ${line}`));
          }, 2000)
        : undefined;
    const runs: WrkResult[] = await Promise.all(
      instances.map((instance, i) => runWrk(script, instance.url, share(i), seconds)),
    );
    clearInterval(sampler);
    const instanceCpu = instances.map((instance, i) => cpuSeconds(instance.pid) - (cpuBefore[i] as number));
    // Where the instances' CPU went, by thread name, summed over the instances.
    const byThread = new Map<string, number>();
    for (const [i, instance] of instances.entries())
      for (const [name, seconds] of threadCpuBetween(
        threadsBefore[i] as ReturnType<typeof threadCpu>,
        threadCpu(instance.pid),
        instanceCpu[i] as number,
      ))
        byThread.set(name, (byThread.get(name) ?? 0) + seconds);
    const bench = process.cpuUsage(benchBefore);
    const rss = instances.map((instance) => rssMiB(instance.pid).toFixed(0)).join(' + ');
    const requests = runs.reduce((sum, r) => sum + r.requests, 0);
    const rate = runs.reduce((sum, r) => sum + r.requests / r.seconds, 0);
    const worst = (pick: (r: WrkResult) => number) => ms(Math.max(...runs.map(pick)));
    const errors = runs.reduce((sum, r) => sum + errorCount(r), 0);
    const socketErrors = runs.reduce((sum, r) => sum + r.socket_errors, 0);
    results.push({ setup, round, rate, errors: errors + socketErrors });
    const pg = probe ? await probe.report(requests) : undefined;
    const cpu = instanceCpu.reduce((sum, s) => sum + s, 0);
    const wrkCpu = runs.reduce((sum, r) => sum + r.cpu_seconds, 0);
    const benchCpu = (bench.user + bench.system) / 1e6;
    console.log(
      `[round ${round}] ${label(setup)}: ${rate.toFixed(0)} req/s; p50 ${worst((r) => r.p50)}, p95 ${worst((r) => r.p95)}, p99 ${worst((r) => r.p99)}, max ${worst((r) => r.max)} (the worse instance's); errors ${errors} (+${socketErrors} socket: timeouts at 5 s included); load average before ${load}; RSS MiB at the end ${rss}`,
    );
    console.log(
      `  CPU s: instances ${instanceCpu.map((s) => s.toFixed(1)).join(' + ')}${pg ? `, ${pg.line.split('|')[0]}` : ''}, wrk ${wrkCpu.toFixed(1)}, bench + s3rver ${benchCpu.toFixed(1)}; instances' CPU per request ${((cpu / requests) * 1000).toFixed(2)} ms`,
    );
    console.log(
      `  instances' threads, CPU s: ${[...byThread]
        .sort((a, b) => b[1] - a[1])
        .filter(([, seconds]) => seconds >= 0.05)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
        .join(', ')}`,
    );
    if (pg) console.log(`  ${pg.line.split('|')[1]}`);
    for (const line of pg?.statements ?? []) console.log(line);
    // What the instances logged about the errors (their output is kept whole): the first few distinct lines.
    if (errors > 0) {
      const logged = instances.flatMap((instance) =>
        instance
          .output()
          .split('\n')
          .filter((line) => /error|fail/i.test(line)),
      );
      for (const line of [
        ...new Set(logged.map((l) => (l.length > 600 ? `${l.slice(0, 300)} ... ${l.slice(-300)}` : l))),
      ].slice(0, 5))
        console.log(`  logged: ${line}`);
    }
    if (runs.length > 1)
      for (const [i, r] of runs.entries())
        console.log(
          `  instance ${i + 1}: ${(r.requests / r.seconds).toFixed(0)} req/s on ${share(i)} connections; p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}; statuses ${JSON.stringify(r.statuses)}`,
        );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const label = (setup: string) =>
  setup === 'sqlite'
    ? '1 instance, SQLite'
    : `${setup.slice(2)} instance${setup === 'pg1' ? '' : 's'}, PostgreSQL + S3`;

/** The cluster with pg_stat_statements loaded (a restart: it is a preloaded library). */
async function statementStats(cluster: TestPostgres): Promise<postgres.Sql> {
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await admin.unsafe("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
  await admin.end({ timeout: 1 });
  await cluster.halt();
  await cluster.resume();
  const stats = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await stats.unsafe('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return stats;
}

/** The workers each of `count` instances starts: the defaults, or with --share-workers its share of the cores. */
function workersOf(count: number): Record<string, string> {
  if (!shareWorkers) return {};
  const share = String(Math.max(1, Math.round(availableParallelism() / count)));
  return { RENDER_WORKERS: share, RULES_WORKERS: share };
}

async function runSqlite(round: number): Promise<void> {
  const dataDir = tempDir('inv-bench-sqlite-');
  const env = { ...SERVICE_ENV, DATA_DIR: dataDir, ...workersOf(1) };
  const key = account(env);
  const instance = await startInstance({ env, dataDir });
  try {
    await measure('sqlite', round, [instance], key);
  } finally {
    await instance.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(
  setup: string,
  round: number,
  cluster: TestPostgres,
  stats: postgres.Sql,
  s3: TestS3,
): Promise<void> {
  const count = Number(setup.slice(2));
  const url = await cluster.createDatabase();
  const database = new URL(url).pathname.slice(1);
  const env = { ...SERVICE_ENV, DATABASE_URL: url, ...s3.env(), ...workersOf(count) };
  const cliDir = tempDir('inv-bench-cli-');
  const key = account({ ...env, DATA_DIR: cliDir });
  const instances = await Promise.all(Array.from({ length: count }, () => startInstance({ env })));
  // The server's log names every statement aborted by a serialization failure (then run again by the service).
  const log = join(cluster.dir, `server-${cluster.port}.log`);
  const postmaster = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let logFrom = 0;
  let cpuFrom = 0;
  const probe: PgProbe = {
    async activity() {
      const rows = await stats<{ what: string; n: number; oldest: number }[]>`
        SELECT coalesce(state, '?') || coalesce('/' || wait_event, '') || ' ' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 40) AS what,
          count(*)::int AS n, coalesce(max(extract(epoch FROM now() - xact_start)), 0)::float AS oldest
        FROM pg_stat_activity WHERE datname = ${database} AND backend_type = 'client backend'
        GROUP BY 1 ORDER BY 2 DESC LIMIT 6`;
      return rows.map((r) => `${r.n} ${r.what} (oldest xact ${r.oldest.toFixed(1)} s)`).join('; ');
    },
    async reset() {
      await stats`SELECT pg_stat_statements_reset()`;
      logFrom = readFileSync(log, 'utf8').length;
      cpuFrom = cpuSeconds(postmaster);
    },
    async report(requests) {
      const cpu = cpuSeconds(postmaster) - cpuFrom;
      const text = readFileSync(log, 'utf8').slice(logFrom);
      const failures = text.match(/could not serialize access/g)?.length ?? 0;
      // The server's errors by message and statement (VERBOSE): which statements were aborted, and why.
      const aborted = new Map<string, number>();
      const lines = text.split('\n');
      for (const [i, line] of lines.entries()) {
        const error = /ERROR:\s+(.*)$/.exec(line)?.[1];
        if (error === undefined) continue;
        const statement = lines
          .slice(i + 1, i + 4)
          .map((l) => /STATEMENT:\s+(.*)$/.exec(l)?.[1])
          .find((l) => l !== undefined);
        const what = `${error.slice(0, 80)} <- ${(statement ?? '?').slice(0, 70)}`;
        aborted.set(what, (aborted.get(what) ?? 0) + 1);
      }
      const deadlocks = text.match(/deadlock detected/g)?.length ?? 0;
      const rows = await stats<{ query: string; calls: number; total: number }[]>`
        SELECT s.query, s.calls::int AS calls, s.total_exec_time AS total FROM pg_stat_statements s
        JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = ${database} ORDER BY s.total_exec_time DESC`;
      const calls = rows.reduce((sum, r) => sum + r.calls, 0);
      // Transaction control (BEGIN, COMMIT, SAVEPOINT, ...), which the port may send with the next statement.
      const control = rows
        .filter((r) => /^\s*(begin|commit|rollback|savepoint|release|notify)\b/i.test(r.query))
        .reduce((sum, r) => sum + r.calls, 0);
      const serverMs = rows.reduce((sum, r) => sum + r.total, 0);
      const statements = process.env.VERBOSE
        ? [...aborted]
            .sort((x, y) => y[1] - x[1])
            .slice(0, 6)
            .map(([what, n]) => `    ${n} x ERROR ${what}`)
            .concat(
              rows
                .slice(0, 10)
                .map(
                  (r) =>
                    `    ${r.calls} calls, ${r.total.toFixed(0)} ms: ${r.query.replace(/\s+/g, ' ').slice(0, 140)}`,
                ),
            )
        : [];
      const line = `PostgreSQL ${cpu.toFixed(1)}|statements per request ${(calls / requests).toFixed(1)} (${((calls - control) / requests).toFixed(1)} besides transaction control), their execution ${(serverMs / requests).toFixed(2)} ms per request (lock waits included); serialization failures ${failures}, deadlocks ${deadlocks}`;
      return { line, statements };
    },
  };
  try {
    await measure(setup, round, instances, key, probe);
  } finally {
    await Promise.all(instances.map((instance) => instance.dispose()));
    rmSync(cliDir, { recursive: true, force: true });
  }
}

console.log(
  `${connections} connections, ${seconds} s per run after ${warmupSeconds} s of warm-up, ${rounds} rounds of ${setups.join(', ')}; left out: ${[...leftOut].join(', ') || 'nothing'}; workers: ${shareWorkers ? 'the cores shared among the instances' : 'the defaults in each instance'}; load average before: ${loadAverage()}`,
);
const cluster = await startPostgres();
const stats = await statementStats(cluster);
const s3 = await TestS3.start();
try {
  for (let round = 1; round <= rounds; round++)
    // Every other round runs the setups in the reverse order: a setup's place in the run (what the machine
    // and the cluster went through before it) weighed more than the setup itself (bench/README, §5 again).
    for (const setup of round % 2 === 1 ? setups : [...setups].reverse()) {
      if (setup === 'sqlite') await runSqlite(round);
      else await runPostgres(setup, round, cluster, stats, s3);
    }
} finally {
  await stats.end({ timeout: 1 });
  await s3.stop();
  await cluster.stop();
}

// Each round's rates against that round's SQLite and one-PostgreSQL-instance runs.
const rateOf = (setup: string, round: number) =>
  results.find((r) => r.setup === setup && r.round === round)?.rate;
const ratios = (setup: string, base: string) => {
  const each = Array.from({ length: rounds }, (_, i) => {
    const a = rateOf(setup, i + 1);
    const b = rateOf(base, i + 1);
    return a !== undefined && b !== undefined ? a / b : undefined;
  }).filter((r): r is number => r !== undefined);
  if (each.length === 0 || setup === base) return '-';
  const low = Math.min(...each).toFixed(2);
  const high = Math.max(...each).toFixed(2);
  return low === high ? low : `${low}-${high}`;
};
console.log(
  `\n| Setup | ${Array.from({ length: rounds }, (_, i) => `Round ${i + 1} req/s`).join(' | ')} | Errors | vs SQLite | vs 1 PostgreSQL instance |`,
);
console.log(`|---|${'---|'.repeat(rounds)}---|---|---|`);
for (const setup of setups) {
  const mine = results.filter((r) => r.setup === setup);
  console.log(
    `| ${label(setup)} | ${Array.from({ length: rounds }, (_, i) => rateOf(setup, i + 1)?.toFixed(0) ?? '-').join(' | ')} | ${mine.reduce((sum, r) => sum + r.errors, 0)} | ${ratios(setup, 'sqlite')} | ${setup.startsWith('pg') ? ratios(setup, 'pg1') : '-'} |`,
  );
}
console.log(`load average after: ${loadAverage()}`);
