// The test lanes (`npm run test:unit`, `test:http`, `test:slow`; `npm test` runs every test file, in two bun
// processes at once), chosen by path so a file added later lands in a lane without anyone listing it:
//   slow  the web console in a browser (test/e2e), kill -9 crash tests, fuzz and property tests, the
//         official rule pack's corpora and compile (einvoicing-rules*), whole matrices and "-all" sweeps
//   unit  test/unit, less the slow ones: pure, no server, about 30 s on a quiet 2-core machine
//   http  test/http, test/cli and test/integration, less the slow ones: real servers (PostgreSQL too) and
//         the CLI as its own process
//   executable, executable-postgres  the HTTP files below again, served by the compiled executable
//         (built first, `npm run build`, unless TEST_EXECUTABLE names one) as a process, on SQLite and on
//         PostgreSQL + s3rver (test/executable.ts)
// The one per-test timeout of the suite is here too (bun reads no timeout from bunfig.toml).
//   bun scripts/test-lanes.ts <all|unit|http|slow|postgres|executable|executable-postgres|list> [flags...]
import { readFileSync } from 'node:fs';
import { Glob } from 'bun';

// 60 s: a test of 10-15 s in a quiet CI run (a CLI start, a whole walk) met 30 s on a landing machine
// loaded by the other lanes; a test that hangs still fails, later.
export const TIMEOUT_MS = 60_000;
/** Each file's seconds in a recorded run of the suite (`all`): how its files are dealt to processes. */
const WEIGHTS_FILE = 'scripts/test-weights.json';
/**
 * `npm test` runs every file in two bun processes at once, files dealt longest first to the process with the
 * least time so far, by the times scripts/test-weights.json records (`bun scripts/test-lanes.ts weights
 * JUNIT all` writes them from a run's report; a file it does not know counts as the median). Dealt by
 * kind (servers' tests beside the rest) the two took 1,108 and 1,183 s in CI. Four processes (and the
 * PostgreSQL lane in two) kept no more of the machine busy: CI took 21:42 against 21:52 with two, at a
 * load of 20 where timing-bound tests failed (2026-12-07); the two cores are what a run has. The others'
 * output follows the first's; a junit report asked for (`--reporter-outfile`) is written by each and merged.
 */
const SUITE_PROCESSES = 2;

const SLOW = [
  'test/e2e/**',
  'test/**/*crash*.test.ts',
  'test/**/*fuzz*.test.ts',
  'test/**/*properties*.test.ts',
  'test/**/einvoicing-rules*.test.ts',
  'test/**/*-matrix.test.ts',
  'test/**/*-all.test.ts',
  'test/**/tier1-tier2-agreement.test.ts',
];
const LANES: Record<string, string[]> = {
  unit: ['test/unit/**/*.test.ts'],
  http: ['test/http/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/integration/**/*.test.ts'],
  slow: SLOW,
};

/** The PostgreSQL lane: test/http files of the http lane that do not read the SQLite database itself. */
export function postgresFiles(files: string[]): string[] {
  return files.filter((file) => {
    if (!file.startsWith('test/http/') || laneOf(file) !== 'http') return false;
    const text = readFileSync(file, 'utf8');
    // A file that reads the SQLite file only on SQLite, and its PostgreSQL twin otherwise, says so.
    if (text.includes('BOTH ENGINES TEST')) return true;
    // A file about what an e-invoice says (the XML written and the official rules' verdict), whose storage
    // is every document's, says so: the PostgreSQL lane's time goes to what the engine changes.
    return (
      !/\.sqlite\b|dataFingerprint\(|dataDir, 'blobs'|startInstance\(/.test(text) &&
      !text.includes('SQLITE-ONLY TEST') &&
      !text.includes('ENGINE-INDEPENDENT TEST')
    );
  });
}

/**
 * The executable lane's files: the role tables, isolation, sign-in and invitations, the German firm's day,
 * numbering and its races, idempotency, the error envelope and conventions, and what a firm does every day.
 * A test in them that needs what only the source takes (a clock it moves, a logger of its own) is skipped
 * there (`sourceOnly`, test/harness.ts) and runs in the other lanes. Files left out start their servers
 * with such options in beforeAll (customers, business profiles, dunning, deliveries, billing, ...).
 * About 75 s on SQLite (with the build, three browser files and the two instances on one data dir) and 25 s
 * on PostgreSQL, on 2 cores.
 */
export const EXECUTABLE_FILES = [
  'test/http/roles.test.ts',
  'test/http/roles-defaults.test.ts',
  'test/http/isolation.test.ts',
  'test/http/sign-in.test.ts',
  'test/http/invitations.test.ts',
  'test/http/office.test.ts',
  'test/http/office-overview.test.ts',
  'test/http/office-exports.test.ts',
  // Who in the office reaches a client, and who stops when they leave it (the client memberships it ends).
  'test/http/office-clients-reach.test.ts',
  'test/http/office-staff-leaves.test.ts',
  'test/http/workspaces.test.ts',
  'test/http/account-name.test.ts',
  'test/http/german-firm-day.test.ts',
  'test/http/german-office-month.test.ts',
  'test/http/received-payments.test.ts',
  // An invoice received as several files: counted once, its kept rows and the DATEV export (migration 0040).
  'test/http/received-copies.test.ts',
  'test/http/numbering-sequences.test.ts',
  'test/http/idempotency.test.ts',
  'test/http/conventions.test.ts',
  'test/http/api-keys.test.ts',
  'test/http/documents.test.ts',
  'test/http/document-lifecycle.test.ts',
  // A third party's conformance suite of SPEC's templates, renders, files, branding, usage, billing, errors.
  'test/http/spec-audit-templates.test.ts',
  'test/http/spec-audit-renders.test.ts',
  // The same from SPEC alone for documents, customers, profiles, recurring, batches, imports, deliveries.
  'test/http/spec-audit2-documents.test.ts',
  // Hostile inputs (lone surrogates, forged cursors, integers past any column) the same on both engines.
  'test/http/pg-inputs-text.test.ts',
  // Received files whose values no document holds, refused by the reader; a history imported issued and paid.
  'test/http/pg-inputs-received-values.test.ts',
  'test/http/import-history-documents.test.ts',
  'test/http/deliveries-einvoice.test.ts',
  // Two executables on one data dir: the inbox folder and the mailbox (Dovecot) read by one at a time,
  // received once, handed over after a kill -9; the receiving the executable's job runtime does by itself.
  'test/http/instances.test.ts',
  // Two executables on one PostgreSQL database and bucket: the numbering race, idempotency, takeover.
  'test/http/instances-postgres.test.ts',
  'test/http/channels-instances.test.ts',
  // Two executables on one host dividing its workers (SHARE_HOST_WORKERS).
  'test/http/instances-host-share.test.ts',
  // PostgreSQL restarted and stopped under two executables, one of them ten minutes ahead; the bucket away.
  'test/http/postgres-faults.test.ts',
  'test/http/store-outage.test.ts',
  // backup and restore as the executable does them: CRC-32 of every entry, an existing empty data dir.
  'test/cli/backup-safety.test.ts',
  // The console in Chromium: sign-in, a German office's screens, the daily work.
  'test/e2e/console-sign-in.test.ts',
  'test/e2e/console-german.test.ts',
  'test/e2e/console-german-month.test.ts',
  'test/e2e/console-work.test.ts',
];

const matches = (patterns: string[], file: string) => patterns.some((p) => new Glob(p).match(file));

export function laneOf(file: string): string | null {
  if (matches(SLOW, file)) return 'slow';
  for (const [lane, patterns] of Object.entries(LANES)) if (matches(patterns, file)) return lane;
  return null;
}

export function testFiles(): string[] {
  return [...new Glob('test/**/*.test.ts').scanSync('.')].sort();
}

if (import.meta.main) {
  process.chdir(new URL('..', import.meta.url).pathname);
  const rest = process.argv.slice(2);
  // `npm test -- --reporter=junit ...` (.ci/run) brings flags only: that is every file.
  const lane = rest[0] !== undefined && !rest[0].startsWith('-') ? (rest.shift() as string) : 'all';
  const files = testFiles();
  if (lane === 'weights') {
    // bun scripts/test-lanes.ts weights JUNIT all: records the report's file times as the suite's weights.
    const [report, of] = rest;
    if (report === undefined || of !== 'all') {
      console.error('usage: bun scripts/test-lanes.ts weights <junit.xml> all');
      process.exit(2);
    }
    const { writeFileSync } = await import('node:fs');
    let all: Record<string, Record<string, number>> = {};
    try {
      all = JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8'));
    } catch {
      // the first record
    }
    const times = fileTimes(readFileSync(report, 'utf8'));
    all[of] = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(WEIGHTS_FILE, `${JSON.stringify(all, null, 2)}\n`);
    console.log(`${Object.keys(times).length} files' times recorded for ${of} in ${WEIGHTS_FILE}`);
    process.exit(0);
  }
  if (lane === 'list') {
    for (const file of files) console.log(`${laneOf(file) ?? 'NONE'}\t${file}`);
    process.exit(files.some((f) => laneOf(f) === null) ? 1 : 0);
  }
  const executable = lane === 'executable' || lane === 'executable-postgres';
  const onPostgres = lane === 'postgres' || lane === 'executable-postgres';
  if (lane !== 'all' && !onPostgres && !executable && !(lane in LANES)) {
    console.error(
      `unknown lane ${lane}: all, ${Object.keys(LANES).join(', ')}, postgres, executable, executable-postgres or list`,
    );
    process.exit(2);
  }
  // Words after the lane narrow it (`test:http -- roles` runs the http files whose path has "roles");
  // flags go to bun test as they are (a flag's value in the next word stays with it).
  const flags: string[] = [];
  const filters: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (!arg.startsWith('-')) filters.push(arg);
    else {
      flags.push(arg);
      if (
        ['-t', '--test-name-pattern', '--reporter', '--reporter-outfile'].includes(arg) &&
        i + 1 < rest.length
      )
        flags.push(rest[++i] as string);
    }
  }
  const inLane =
    lane === 'all'
      ? files
      : lane === 'postgres'
        ? postgresFiles(files)
        : lane === 'executable'
          ? EXECUTABLE_FILES.filter((f) => files.includes(f))
          : lane === 'executable-postgres'
            ? postgresFiles(EXECUTABLE_FILES.filter((f) => files.includes(f)))
            : files.filter((f) => laneOf(f) === lane);
  const chosen = filters.length === 0 ? inLane : inLane.filter((f) => filters.some((w) => f.includes(w)));
  if (lane !== 'all' || filters.length > 0) {
    if (chosen.length === 0) {
      console.error(`no test file in lane ${lane} matches ${filters.join(' ')}`);
      process.exit(1);
    }
  }
  const paths = lane === 'all' && filters.length === 0 ? [] : chosen.map((f) => `./${f}`);
  const env = { ...process.env };
  if (executable && !env.TEST_EXECUTABLE) {
    // Always the executable of this source: a stale one would prove nothing. A TEST_EXECUTABLE given is
    // the caller's (CI builds once, then runs both executable lanes on what it built).
    const build = Bun.spawnSync(['npm', 'run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
    env.TEST_EXECUTABLE = 'dist/invoice-service';
  }
  if (onPostgres) {
    const { startPostgres } = await import('../test/postgres');
    // TEST_POSTGRES_SSLMODE=require: every server of the lane over TLS (the cluster's self-signed certificate).
    const sslmode = process.env.TEST_POSTGRES_SSLMODE;
    env.TEST_DATABASE_URL = `${(await startPostgres()).url}${sslmode ? `?sslmode=${sslmode}` : ''}`;
    env.TEST_S3 = '1';
  }
  // The whole suite runs in two processes at once (below); a lane, or the suite narrowed, in one.
  if (filters.length === 0 && lane === 'all') {
    process.exit(await inParts(groupsOf(inLane, SUITE_PROCESSES, weightsOf(lane)), flags, env));
  }
  const proc = Bun.spawn([process.execPath, 'test', `--timeout=${TIMEOUT_MS}`, ...flags, ...paths], {
    stdio: ['inherit', 'inherit', 'inherit'],
    env,
  });
  process.exit(await proc.exited);
}

export function groupsOf(files: string[], parts: number, weights: Record<string, number> = {}): string[][] {
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known.length === 0 ? 1 : (known[Math.floor(known.length / 2)] as number);
  const weight = (file: string) => weights[file] ?? median;
  const groups = Array.from({ length: parts }, () => ({ files: [] as string[], time: 0 }));
  const longestFirst = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const least = groups.reduce((min, g) => (g.time < min.time ? g : min));
    least.files.push(file);
    least.time += weight(file);
  }
  return groups.map((g) => g.files.sort()).filter((g) => g.length > 0);
}

/** The recorded seconds of each file of a lane (`all`), or none. */
function weightsOf(lane: string): Record<string, number> {
  try {
    return (
      (JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as Record<string, Record<string, number>>)[lane] ?? {}
    );
  } catch {
    return {}; // none recorded: the files are dealt evenly
  }
}

/** Each file's seconds in a junit report of bun test (its top-level suite per file). */
export function fileTimes(junit: string): Record<string, number> {
  const times: Record<string, number> = {};
  for (const m of junit.matchAll(/<testsuite name="([^"]+)" file="([^"]+)"[^>]*\stime="([\d.]+)"/g)) {
    if (m[1] === m[2]) times[m[1] as string] = Math.round(Number(m[3]) * 10) / 10;
  }
  return times;
}

async function inParts(groups: string[][], flags: string[], env: Record<string, string | undefined>) {
  const outfile = reportOutfile(flags);
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const work = mkdtempSync(join(tmpdir(), 'inv-test-lanes-'));
  const runs = groups.map((group, i) => {
    const own = outfile === null ? flags : withOutfile(flags, join(work, `junit-${i}.xml`));
    return Bun.spawn(
      [process.execPath, 'test', `--timeout=${TIMEOUT_MS}`, ...own, ...group.map((f) => `./${f}`)],
      {
        stdin: 'ignore',
        stdout: i === 0 ? 'inherit' : Bun.file(join(work, `${i}.out`)),
        stderr: i === 0 ? 'inherit' : Bun.file(join(work, `${i}.err`)),
        env,
      },
    );
  });
  const codes = await Promise.all(runs.map((run) => run.exited));
  const said = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return ''; // nothing written
    }
  };
  for (let i = 1; i < groups.length; i++) {
    process.stdout.write(said(join(work, `${i}.out`)));
    process.stderr.write(said(join(work, `${i}.err`)));
  }
  if (outfile !== null) {
    const reports = groups.map((_, i) => said(join(work, `junit-${i}.xml`)));
    // A process that died before writing its report: its exit code fails the run; say which files it had.
    for (const [i, report] of reports.entries())
      if (report === '')
        console.error(
          `process ${i + 1} of ${groups.length} wrote no test report (exit ${codes[i]}): ${groups[i]?.join(' ')}`,
        );
    writeFileSync(outfile, mergedJunit(reports));
  }
  rmSync(work, { recursive: true, force: true });
  return codes.find((code) => code !== 0) ?? 0;
}

/** The junit file `--reporter-outfile` names (either spelling), or null. */
function reportOutfile(flags: string[]): string | null {
  for (const [i, flag] of flags.entries()) {
    if (flag === '--reporter-outfile') return flags[i + 1] ?? null;
    if (flag.startsWith('--reporter-outfile=')) return flag.slice('--reporter-outfile='.length);
  }
  return null;
}

function withOutfile(flags: string[], file: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i] as string;
    if (flag === '--reporter-outfile') i++;
    else if (!flag.startsWith('--reporter-outfile=')) out.push(flag);
  }
  return [...out, `--reporter-outfile=${file}`];
}

/** One `<testsuites>` of the reports: their suites, and their counts added (the time is the longest run's). */
export function mergedJunit(reports: string[]): string {
  const open = /<testsuites\b([^>]*)>/;
  const attrs = reports.map((report) => open.exec(report)?.[1] ?? '');
  const sum = (name: string) =>
    attrs.reduce((total, a) => total + Number(new RegExp(`\\b${name}="([0-9.]+)"`).exec(a)?.[1] ?? 0), 0);
  const time = Math.max(...attrs.map((a) => Number(/\btime="([0-9.]+)"/.exec(a)?.[1] ?? 0)));
  const inner = reports.map((report) => {
    const start = report.search(open);
    if (start < 0) return '';
    const from = report.indexOf('>', start) + 1;
    const end = report.lastIndexOf('</testsuites>');
    return report.slice(from, end < 0 ? undefined : end);
  });
  const counts = ['tests', 'assertions', 'failures', 'skipped'].map((n) => `${n}="${sum(n)}"`).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bun test" ${counts} time="${time}">${inner.join('')}</testsuites>\n`;
}
