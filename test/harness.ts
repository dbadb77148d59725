import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { createJobRuntime } from '../src/background';
import { openDataDir } from '../src/cli/runtime';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { type AppDeps, buildDeps } from '../src/deps';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { type RateLimiter, TokenBucketLimiter } from '../src/http/rate-limit';
import { createFetchHandler, listen } from '../src/http/server';
import type { JobRuntime } from '../src/jobs/runtime';
import { AccountGate } from '../src/modules/compliance/account-gate';
import type { RenderPdf } from '../src/rendering/types';
import { type Clock, systemClock } from '../src/shared/clock';
import { createLogger, type Logger } from '../src/shared/logger';
import { renderInProcess } from '../src/workers/render-pool';
import { type ProfileRunner, RulesPool, runProfileInProcess } from '../src/workers/rules-pool';

export const ROOT = join(import.meta.dir, '..');
/** The official e-invoicing rule pack beside the repository (never copied into it). */
export const RULESETS_DIR = join(ROOT, '..', 'shared', 'rulesets');

export interface TestServer {
  url: string;
  dataDir: string;
  db: Db;
  deps: AppDeps;
  /** The server's job runtime; `runDue()` runs everything due now (by the server's clock) to the end. */
  jobs: JobRuntime;
  /** fetch against the server; `key` adds `Authorization: Bearer`. JSON bodies are serialised. */
  request(path: string, init?: RequestOptions): Promise<Response>;
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
  /** IMAP_* settings (env names; MAX_BODY_BYTES too, which sets its limits): a mailbox the server watches. */
  imap?: Record<string, string>;
  clock?: Clock;
  rateLimiter?: RateLimiter;
  maxBodyBytes?: number;
  logger?: Logger;
  renderPdf?: RenderPdf;
  publicBaseUrl?: string;
  /** Default: the official pack in ../shared/rulesets; null = no pack at all. */
  rulesetsDir?: string | null;
  /** The pack `serve` picks without RULESETS_DIR (installed in the data dir, else the embedded one). */
  servedRules?: boolean;
  smtpUrl?: string | null;
  /** Poll the job queue in the background as `serve` does (default true); false = only `jobs.runDue()`. */
  startJobs?: boolean;
  /** Serve an existing data dir (a restored backup) instead of a fresh one; removed on stop as well. */
  dataDir?: string;
  /** Tier-2 checks in a worker pool with this time limit, as `serve` runs them; default in-process. */
  rulesWorkers?: { count: number; timeLimitMs: number };
  runProfile?: ProfileRunner;
  complianceChecksPerAccount?: number;
  /** Seals stored idempotent answers; default TEST_SIGNING_SECRET (a restart with another tests a changed secret). */
  signingSecret?: string;
}

export function tempDir(prefix = 'inv-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789';

/** A real server on a random loopback port over a fresh data dir, wired exactly as `serve` wires it. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir();
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...options.imap });
  const handle = openDataDir(config);
  const logger = options.logger ?? createLogger('silent');
  let _jobs: JobRuntime | null = null;
  // Tier 2 in workers as `serve` runs it, when a test asks (workers take a moment to start).
  const rulesPool = options.rulesWorkers
    ? new RulesPool(options.rulesWorkers.count, options.rulesWorkers.timeLimitMs)
    : null;
  let listening = 'http://127.0.0.1';
  const deps: AppDeps = buildDeps(
    {
      config,
      handle,
      logger,
      renderPdf: options.renderPdf ?? renderInProcess,
      runProfile: rulesPool?.run ?? options.runProfile ?? runProfileInProcess,
      signingSecret: options.signingSecret ?? TEST_SIGNING_SECRET,
      ownOrigin: () => options.publicBaseUrl ?? listening,
    },
    {
      clock: options.clock ?? systemClock,
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
    },
  );
  const runtime = createJobRuntime(deps, { pollMs: 25, graceMs: 2_000 });
  _jobs = runtime;
  if (options.startJobs !== false) runtime.start();
  deps.mailbox?.start();
  const maxBodyBytes = options.maxBodyBytes ?? config.maxBodyBytes;
  const fetchHandler = createFetchHandler(buildApp(deps), {
    ...deps,
    maxBodyBytes,
    signingSecret: options.signingSecret ?? TEST_SIGNING_SECRET,
  });
  const server = listen(fetchHandler, { port: 0, host: '127.0.0.1', logger });
  listening = server.url;

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
    deps,
    jobs: runtime,
    request,
    async json(path, init) {
      const res = await request(path, init);
      const text = await res.text();
      return { status: res.status, body: text === '' ? null : JSON.parse(text), headers: res.headers };
    },
    async stop() {
      await server.stop();
      await deps.mailbox?.stop();
      rulesPool?.close();
      deps.receivePool?.close();
      await runtime.stop();
      handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the admin CLI as its own process, the way an operator would, against a data dir. */
export function runCli(args: string[], env: Record<string, string> = {}) {
  const result = Bun.spawnSync([process.execPath, join(ROOT, 'src/main.ts'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    cwd: ROOT,
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/** Times `/health` every 20 ms while `work` runs: the slowest answer (an event loop held shows here). */
export async function slowestHealthDuring(server: TestServer, work: Promise<unknown>): Promise<number> {
  let done = false;
  let slowest = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${server.url}/health`);
      slowest = Math.max(slowest, performance.now() - started);
      await Bun.sleep(20);
    }
  })();
  await work
    .catch(() => undefined)
    .finally(() => {
      done = true;
    });
  await probe;
  return slowest;
}
