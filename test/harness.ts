import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LogLevel, loadConfig } from '../src/config';
import type { Db, DbHandle, SqliteHandle } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { type RateLimiter, TokenBucketLimiter } from '../src/http/rate-limit';
import type { JobRuntime } from '../src/jobs/runtime';
import { AccountGate } from '../src/modules/compliance/account-gate';
import type { RenderPdf } from '../src/rendering/types';
import { createPools, createService, type Service } from '../src/service';
import { type Clock, FakeClock, systemClock } from '../src/shared/clock';
import { createLogger, type Logger } from '../src/shared/logger';
import type { ProfileRunner } from '../src/workers/rules-pool';
import { startExecutable, testExecutable, waitForJobs } from './executable';
import { freshDatabase, testDatabaseUrl } from './pg-databases';
import { sharedPath } from './shared-material';

export const ROOT = join(import.meta.dir, '..');
/** The official e-invoicing rule pack beside the repository (never copied into it). */
export const RULESETS_DIR = sharedPath('rulesets');

export interface TestServer {
  url: string;
  dataDir: string;
  db: Db;
  /**
   * SQLITE-ONLY: the raw bun:sqlite handle, for tests that read or break tables with plain SQL (on
   * PostgreSQL, TEST_DATABASE_URL set, any use throws: such tests run on SQLite only).
   */
  sqlite: SqliteHandle['sqlite'];
  deps: AppDeps;
  /** The server's job runtime; `runDue()` runs everything due now (by the server's clock) to the end. */
  jobs: JobRuntime;
  /** fetch against the server; `key` adds `Authorization: Bearer`. JSON bodies are serialised. */
  request(path: string, init?: RequestOptions): Promise<Response>;
  /** The service as `serve` builds it: pools, config. */
  service: Service;
  /** Same, and parses the JSON body. */
  json<T = any>(path: string, init?: RequestOptions): Promise<{ status: number; body: T; headers: Headers }>;
  stop(): Promise<void>;
}

export interface RequestOptions {
  method?: string;
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ServerOptions {
  /** INBOX_DIR: a folder the job runtime takes received e-invoices from. */
  inboxDir?: string;
  clock?: Clock;
  rateLimiter?: RateLimiter;
  maxBodyBytes?: number;
  logger?: Logger;
  /** Instead of the render pool (a renderer that fails, or counts). */
  renderPdf?: RenderPdf;
  publicBaseUrl?: string;
  /** IMAP_* settings (env names; MAX_BODY_BYTES too, which sets its limits): a mailbox the server watches. */
  imap?: Record<string, string>;
  /** Any other settings by their env names (PEPPOL_DNS_SERVERS, CHANNEL_POLL_SECONDS, …), as `serve` reads them. */
  env?: Record<string, string>;
  /** S3_* settings (env names, e.g. test/s3rver.ts `env()`): files in that bucket instead of the data dir. */
  s3?: Record<string, string>;
  /** Default: the official pack in ../shared/rulesets; null = no pack at all. */
  rulesetsDir?: string | null;
  /** The pack `serve` picks without RULESETS_DIR (installed in the data dir, else the embedded one). */
  servedRules?: boolean;
  smtpUrl?: string | null;
  /** Poll the job queue in the background as `serve` does (default true); false = only `jobs.runDue()`. */
  startJobs?: boolean;
  /** Serve an existing data dir (a restored backup) instead of a fresh one; removed on stop as well. */
  dataDir?: string;
  /** The rules pool's size and time limit (whole seconds); default the config's (1 worker, 60 s). */
  rulesWorkers?: { count: number; timeLimitMs: number };
  /** RENDER_WORKERS; 0 = draw in-process. Default the config's (one per core). */
  renderWorkers?: number;
  /** Instead of the rules pool. */
  runProfile?: ProfileRunner;
  /** Compile the rule pack in its background worker after start, as `serve` does (off by default). */
  compileRules?: boolean;
  complianceChecksPerAccount?: number;
  /** Seals stored idempotent answers; default TEST_SIGNING_SECRET (a restart with another tests a changed secret). */
  signingSecret?: string;
}

/** Real time plus an offset the test can move ahead: time passes as usual, and jumps when asked. */
export class ShiftedClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    // The executable runs on the machine's time: a test that moves time is source-only (sourceOnly below).
    if (testExecutable !== null) throw new Error('TEST_EXECUTABLE: the executable cannot move its clock');
    this.offsetMs += ms;
  }
}

/**
 * A test that needs what only the source can take (a clock it moves, a logger or renderer of its own):
 * skipped, visibly, in the executable lane; it runs in every other lane.
 */
export const sourceOnly = testExecutable !== null;

/** The render and rules pools test servers share (see startServer); never closed: bun test exits anyway. */
let sharedPools: ReturnType<typeof createPools> | null = null;

export function tempDir(prefix = 'inv-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789';

/**
 * A real server on a random loopback port over a fresh data dir, built by the same `createService` as
 * `serve` (src/service.ts): PDFs drawn by the render pool's worker threads, tier 2 in the rules pool, the
 * job runtime, the render sweep and the idempotency purge. What differs is only what a test injects (its
 * options) and, unless asked for, the background compile of the rule pack (see `compileRules`).
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  if (testExecutable !== null) refuseInExecutable(options);
  const dataDir = options.dataDir ?? tempDir();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Compiling the pack's XSLT takes minutes of CPU per fresh data dir: every test server would start it
    // again. Tests that are about the compile ask for it; the rules run from the pack's own SEF otherwise.
    RULESETS_COMPILE: options.compileRules ? 'background' : 'off',
    // The pools cut work short when the process's RSS passes this limit (workers share the process). Here
    // the process is the test runner, which holds every test file's servers, browsers' pipes and garbage:
    // its RSS says nothing of one server's, and past 2 GiB late files' reads and renders were cut short.
    // The tests of the memory limit build pools with limits of their own.
    WORKER_MEMORY_LIMIT_MB: '65536',
  };
  if (options.maxBodyBytes !== undefined) env.MAX_BODY_BYTES = String(options.maxBodyBytes);
  Object.assign(env, options.imap, options.s3, options.env);
  if (options.rulesWorkers) {
    env.RULES_WORKERS = String(options.rulesWorkers.count);
    env.COMPLIANCE_TIME_LIMIT_SECONDS = String(Math.ceil(options.rulesWorkers.timeLimitMs / 1000));
  }
  if (options.renderWorkers !== undefined) env.RENDER_WORKERS = String(options.renderWorkers);
  const shared = await sharedBackends(dataDir, options);
  if (shared.database) env.DATABASE_URL = shared.database.url;
  if (shared.bucket) Object.assign(env, shared.bucket.env());
  const config = loadConfig(env);
  const executable = testExecutable;
  // The pools of the default config are built once and shared by every test server of this process, as
  // one served process has one pair: warm workers instead of a cold start (seconds) in every test file.
  // A test that sizes its own pools (rulesWorkers, renderWorkers) gets them new, closed on stop. The
  // executable lane draws and checks in the executable: no pools here.
  const ownPools = options.rulesWorkers !== undefined || options.renderWorkers !== undefined;
  if (executable === null && !ownPools && sharedPools === null) sharedPools = createPools(config);
  const pools = ownPools || executable !== null ? null : sharedPools;
  const inExecutable = (): never => {
    throw new Error('the executable lane draws and checks in the executable, not in the test process');
  };
  const service = await createService(config, {
    logger: options.logger ?? createLogger((process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent'),
    renderPdf: options.renderPdf ?? (executable !== null ? inExecutable : pools?.renderPool?.render),
    runProfile: options.runProfile ?? (executable !== null ? inExecutable : pools?.rulesPool?.run),
    signingSecret: options.signingSecret ?? TEST_SIGNING_SECRET,
    jobs: { pollMs: 25, graceMs: 2_000 },
    deps: {
      clock: options.clock ?? systemClock,
      // Real time unless the test brings a limiter with a clock of its own (tests move that one).
      rateLimiter: options.rateLimiter ?? new TokenBucketLimiter(),
      publicBaseUrl: options.publicBaseUrl ?? null,
      ...(options.servedRules
        ? {}
        : {
            rulePack: loadRulePack(options.rulesetsDir === undefined ? RULESETS_DIR : options.rulesetsDir),
            rulePackOrigin: 'rulesets_dir' as const,
          }),
      complianceGate: new AccountGate(options.complianceChecksPerAccount ?? 2),
      smtpUrl: options.smtpUrl ?? null,
      billing: undefined,
      inbox: options.inboxDir ? { dir: options.inboxDir, accountId: null } : null,
      ...(options.publicBaseUrl === undefined ? {} : { ownOrigin: () => options.publicBaseUrl ?? '' }),
    },
  });
  // The executable serves the same data dir, database and bucket; the service built above stays for the
  // test's own reads and factories (server.db, server.deps) and serves nothing.
  const running =
    executable === null
      ? null
      : await startExecutable(executable, executableEnv(env, options)).catch(async (error: unknown) => {
          await service.stop();
          await shared.release();
          throw error;
        });
  const server = running ?? service.start({ jobs: options.startJobs !== false });
  const { deps, jobs: inProcessJobs, handle } = service;
  const runtime =
    running === null
      ? inProcessJobs
      : (Object.assign(Object.create(inProcessJobs), { runDue: () => waitForJobs(handle.db) }) as JobRuntime);

  const request = (path: string, init: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.key) headers.authorization = `Bearer ${init.key}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return fetch(`${server.url}${path}`, { method: init.method ?? 'GET', headers, body });
  };
  return {
    url: server.url,
    dataDir,
    db: handle.db,
    sqlite: rawSqlite(handle),
    deps,
    jobs: runtime,
    service,
    request,
    async json(path, init) {
      const res = await request(path, init);
      const text = await res.text();
      return { status: res.status, body: text === '' ? null : JSON.parse(text), headers: res.headers };
    },
    async stop() {
      await running?.stop();
      await service.stop();
      await shared.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a test server gets from its options in the executable: the settings `serve` reads from its
 * environment. What only the source can take (a clock, a renderer, a logger of the test's own) is
 * refused, so a test that needs it is not put in the executable lane (scripts/test-lanes.ts).
 */
function executableEnv(env: Record<string, string>, options: ServerOptions): Record<string, string> {
  const out: Record<string, string> = {
    ...env,
    SIGNING_SECRET: options.signingSecret ?? TEST_SIGNING_SECRET,
  };
  // No pack (rulesetsDir: null) is the embedded one there: the executable always has its rules.
  if (!options.servedRules && options.rulesetsDir !== null)
    out.RULESETS_DIR = options.rulesetsDir ?? RULESETS_DIR;
  if (options.smtpUrl) out.SMTP_URL = options.smtpUrl;
  if (options.publicBaseUrl !== undefined) out.PUBLIC_BASE_URL = options.publicBaseUrl;
  if (options.inboxDir) out.INBOX_DIR = options.inboxDir;
  if (options.complianceChecksPerAccount !== undefined)
    out.COMPLIANCE_CHECKS_PER_ACCOUNT = String(options.complianceChecksPerAccount);
  return out;
}

function refuseInExecutable(options: ServerOptions): void {
  const sourceOnly = (
    ['clock', 'rateLimiter', 'logger', 'renderPdf', 'runProfile'] as const satisfies (keyof ServerOptions)[]
  ).filter(
    (name) =>
      options[name] !== undefined &&
      options[name] !== systemClock &&
      // The executable runs on real time: a test whose clock it moves is marked sourceOnly.
      !(options[name] instanceof ShiftedClock || options[name] instanceof FakeClock),
  );
  if (sourceOnly.length > 0) {
    throw new Error(`TEST_EXECUTABLE: the executable cannot take ${sourceOnly.join(', ')} from a test`);
  }
}

interface Backends {
  database: Awaited<ReturnType<typeof freshDatabase>> | null;
  bucket: Awaited<ReturnType<typeof startTestS3>> | null;
  users: number;
}
/** The PostgreSQL database and bucket of each data dir, for a server restarted on the same dir. */
const backendsByDir = new Map<string, Backends>();

/**
 * TEST_DATABASE_URL: a fresh PostgreSQL database per server; TEST_S3=1: a fresh bucket (s3rver) unless the
 * test brings its own. A server restarted on a data dir gets that dir's; a data dir from elsewhere (a
 * restored backup) brings its own SQLite database and files.
 */
async function sharedBackends(dataDir: string, options: ServerOptions) {
  let backends = backendsByDir.get(dataDir);
  if (!backends) {
    const fresh = options.dataDir === undefined;
    backends = {
      database: fresh && testDatabaseUrl !== null ? await freshDatabase(testDatabaseUrl) : null,
      bucket: fresh && process.env.TEST_S3 === '1' && options.s3 === undefined ? await startTestS3() : null,
      users: 0,
    };
    backendsByDir.set(dataDir, backends);
  }
  backends.users += 1;
  const used = backends;
  return {
    database: used.database,
    bucket: used.bucket,
    async release() {
      used.users -= 1;
      if (used.users > 0) return;
      backendsByDir.delete(dataDir);
      await used.database?.drop();
      await used.bucket?.stop();
    },
  };
}

async function startTestS3() {
  const { TestS3 } = await import('./s3rver'); // s3rver.ts imports this file: loaded on use
  return await TestS3.start();
}

function rawSqlite(handle: DbHandle): SqliteHandle['sqlite'] {
  if (handle.engine === 'sqlite') return handle.sqlite;
  return new Proxy({} as SqliteHandle['sqlite'], {
    get() {
      throw new Error('server.sqlite is SQLite-only: this test cannot run with TEST_DATABASE=postgres');
    },
  });
}

/** The admin CLI: the executable in the executable lane, else the source. */
export const cliCommand = () =>
  testExecutable !== null ? [testExecutable] : [process.execPath, join(ROOT, 'src/main.ts')];

/** Runs the admin CLI as its own process, the way an operator would, against a data dir. */
export function runCli(args: string[], env: Record<string, string> = {}) {
  const result = Bun.spawnSync([...cliCommand(), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    cwd: ROOT,
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/**
 * How many `/health` 200s came back, one after another, before `work` settled. The server shares this
 * process's event loop: work that held it would let at most one answer through; work on a worker thread (or
 * that yields) lets many. A count, not a time, so a busy machine cannot fail it.
 */
export async function healthAnswersDuring(server: TestServer, work: Promise<unknown>): Promise<number> {
  let done = false;
  let answered = 0;
  const settled = work
    .catch(() => undefined)
    .finally(() => {
      done = true;
    });
  while (!done) {
    const res = await fetch(`${server.url}/health`);
    await res.arrayBuffer();
    if (!done && res.status === 200) answered++;
  }
  await settled;
  return answered;
}
