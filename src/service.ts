// The composition root: one function wires the whole service from its config (data dir, database, worker
// pools, AppDeps, routes, job runtime) and starts its background work (jobs, render sweep, idempotency
// purge, rule-pack compile). `serve` (src/cli/serve.ts) and the test harness (test/harness.ts) both build
// the service here, so tests take the paths production takes; what a test must control (clock, port,
// data dir, a renderer that fails) comes in as an override, never as a second wiring.

import { join } from 'node:path';
import { ACCESS_RULES } from './access-rules';
import { buildApp } from './app';
import { createJobRuntime, type JobRuntimeTuning } from './background';
import { credentialsKey, openDataDir, signingSecret } from './cli/runtime';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { DatabaseClock } from './db/database-clock';
import { type AppDeps, buildDeps, type WorkerCount } from './deps';
import { IdempotencyStore } from './http/idempotency';
import { listen } from './http/listen';
import { createFetchHandler } from './http/server';
import type { JobRuntime } from './jobs/runtime';
import { MODULES } from './modules';
import { createMailIntake } from './modules/mail-intake';
import { sweepExpiredRenders } from './modules/renders';
import type { RenderPdf } from './rendering/types';
import { linkOrigin } from './shared/link-origin';
import { createLogger, type Logger } from './shared/logger';
import type { BlobStore } from './storage/blob-store';
import { FsBlobStore } from './storage/fs-blob-store';
import { S3BlobStore } from './storage/s3-blob-store';
import { joinHostShare } from './workers/host-share';
import { RenderPool, renderInProcess } from './workers/render-pool';
import { compileRulesInBackground } from './workers/rules-compiler';
import { type ProfileRunner, RulesPool, runProfileInProcess } from './workers/rules-pool';

const HOUR_MS = 60 * 60 * 1000;
/** Expired renders are already unreachable; the sweep only frees their disk space. */
const SWEEP_MS = 60 * 1000;

/** What a caller may put in place of the config's choice; everything else follows from the config. */
/** The request handler as Bun.serve calls it (the server gives the client's address). */
type ServerFetch = Parameters<typeof listen>[0];

export interface ServiceOverrides {
  logger?: Logger;
  /** Instead of the render pool (RENDER_WORKERS), e.g. a renderer that fails. */
  renderPdf?: RenderPdf;
  /** Instead of the rules pool (RULES_WORKERS). */
  runProfile?: ProfileRunner;
  /** Instead of SIGNING_SECRET or the one kept in the data dir. */
  signingSecret?: string;
  /** Any part of AppDeps (clock, rate limiter, rule pack, SMTP, billing, inbox). */
  deps?: Partial<AppDeps>;
  jobs?: JobRuntimeTuning;
  /** How long to wait after start before compiling the rule pack in its worker (default 1 s). */
  rulesCompileDelayMs?: number;
}

export interface Service {
  config: Config;
  deps: AppDeps;
  handle: DbHandle;
  jobs: JobRuntime;
  renderPool: RenderPool | null;
  rulesPool: RulesPool | null;
  /** The request handler (front door + routes) `start` serves. */
  fetch: ServerFetch;
  /**
   * Binds the port (config.host/port; port 0 = any free one), then starts the background work: the job
   * runtime (unless `jobs: false`), the render sweep, the idempotency purge, the rule-pack compile.
   * `fetch` wraps the handler (serve notes when requests come). Throws when the port cannot be bound.
   */
  start(options?: { jobs?: boolean; fetch?: ServerFetch }): { url: string };
  /** HTTP first, then the jobs get their grace period, then the workers and the database. */
  stop(): Promise<void>;
}

/**
 * The worker pools the config asks for (RENDER_WORKERS, RULES_WORKERS with their time and memory limits);
 * null where it asks for none (drawn or checked in-process) or where the caller brings its own. Instances
 * of one PostgreSQL database on one host divide the workers among themselves (SHARE_HOST_WORKERS,
 * host-share.ts); `leave` takes this instance out of that count when it stops.
 */
export function createPools(
  config: Config,
  wanted: { render: boolean; rules: boolean } = { render: true, rules: true },
): { renderPool: RenderPool | null; rulesPool: RulesPool | null; workers: WorkerCount; leave(): void } {
  const host =
    config.databaseUrl !== null && config.shareHostWorkers ? joinHostShare(config.databaseUrl) : null;
  const workers: WorkerCount = (total) => (host === null ? total : () => host.share(total));
  return {
    renderPool:
      wanted.render && config.renderWorkers > 0
        ? new RenderPool(workers(config.renderWorkers), {
            timeLimitMs: config.renderTimeLimitSeconds * 1000,
            memoryLimitBytes: config.workerMemoryLimitMb * 1024 * 1024,
          })
        : null,
    rulesPool:
      wanted.rules && config.rulesWorkers > 0
        ? new RulesPool(
            workers(config.rulesWorkers),
            config.complianceTimeLimitSeconds * 1000,
            config.workerMemoryLimitMb * 1024 * 1024,
          )
        : null,
    workers,
    leave: () => host?.leave(),
  };
}

/**
 * Where files live: the bucket when S3_BUCKET is set (then nothing the service keeps is written under
 * DATA_DIR but the database and caches), else `<DATA_DIR>/blobs`. The `receive` command takes the same.
 */
export function blobStoreOf(config: Pick<Config, 'dataDir' | 's3'>): BlobStore {
  return config.s3 ? new S3BlobStore(config.s3) : new FsBlobStore(join(config.dataDir, 'blobs'));
}

export async function createService(config: Config, overrides: ServiceOverrides = {}): Promise<Service> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const handle = await openDataDir(config);
  const secret = overrides.signingSecret ?? signingSecret(config);
  const pools = createPools(config, {
    render: overrides.renderPdf === undefined,
    rules: overrides.runProfile === undefined,
  });
  const { renderPool, rulesPool } = pools;
  let listening: string | null = null;
  let unlisten: Promise<() => Promise<void>> | undefined;
  // Several instances on PostgreSQL keep the database's time (src/db/database-clock.ts); a test's clock wins.
  const databaseClock =
    handle.engine === 'postgresql' && overrides.deps?.clock === undefined
      ? await DatabaseClock.start(handle.client, logger)
      : null;
  const deps = buildDeps(
    {
      config,
      handle,
      logger,
      renderPdf: overrides.renderPdf ?? renderPool?.render ?? renderInProcess,
      runProfile: overrides.runProfile ?? rulesPool?.run ?? runProfileInProcess,
      signingSecret: secret,
      blobs: overrides.deps?.blobs ?? blobStoreOf(config),
      channels: {
        adapters: MODULES.flatMap((module) => module.channels ?? []),
        credentialsKey: credentialsKey(config),
      },
      // The links the service makes (invitations, office owners, webhooks, mailed downloads): PUBLIC_BASE_URL,
      // else where it listens, a wildcard host (0.0.0.0) as localhost, as the first start prints them.
      ownOrigin: () => listening ?? linkOrigin(config.publicBaseUrl, config.host, config.port),
      workers: pools.workers,
    },
    databaseClock ? { ...overrides.deps, clock: databaseClock } : overrides.deps,
  );
  // Built last: it takes the inbox's dependencies (storage, rules) from the finished deps.
  if (deps.mailbox === undefined)
    deps.mailbox = config.imap ? createMailIntake(deps, config.imap, config) : null;
  const graceMs = config.stopGraceSeconds * 1000;
  const jobs = createJobRuntime(deps, { leaseMs: config.jobLeaseSeconds * 1000, graceMs, ...overrides.jobs });
  const fetch = await createFetchHandler(buildApp(deps), {
    ...deps,
    maxBodyBytes: config.maxBodyBytes,
    signingSecret: secret,
    publicWrites: Object.entries(ACCESS_RULES)
      .filter(([, rule]) => rule.kind === 'public')
      .map(([route]) => route),
  });

  let server: ReturnType<typeof listen> | null = null;
  const timers: ReturnType<typeof setInterval>[] = [];
  let rules: { stop(): void } | null = null;
  let stopped = false;

  return {
    config,
    deps,
    handle,
    jobs,
    renderPool,
    rulesPool,
    fetch,
    start(options = {}) {
      try {
        server = listen(options.fetch ?? fetch, {
          port: config.port,
          host: config.host,
          logger,
          stopGraceMs: graceMs,
        });
      } catch (error) {
        throw new Error(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
      }
      listening = linkOrigin(config.publicBaseUrl, config.host, server.server.port ?? config.port);
      const idempotency = new IdempotencyStore(handle.db, deps.clock, secret);
      // A purge that fails (its delete is a write: a full disk) is logged, never left unhandled.
      timers.push(
        setInterval(() => {
          idempotency
            .purgeExpired()
            .catch((error) => logger.error('idempotency purge failed', { error: String(error) }));
        }, HOUR_MS),
      );
      timers.push(
        setInterval(() => {
          sweepExpiredRenders(deps).catch((error) =>
            logger.error('render sweep failed', { error: String(error) }),
          );
        }, SWEEP_MS),
      );
      for (const timer of timers) timer.unref();
      // Started after listen succeeds: a second process that cannot bind must not run anyone's jobs.
      if (options.jobs !== false) {
        jobs.start();
        // Several instances on PostgreSQL: a job another instance enqueues starts here now, not at the next poll.
        if (handle.engine === 'postgresql') {
          unlisten = handle
            .onJobsEnqueued(() => jobs.wake())
            .catch((error: unknown) => {
              logger.warn('jobs: cannot LISTEN for new jobs; polling only', { error: String(error) });
              return async () => {};
            });
        }
      }
      deps.mailbox?.start();
      // A worker thread, so neither start-up nor requests wait for it; a no-op once the cache holds the rules.
      // The embedded pack is prepared by its first check (its compiled stylesheets put in the cache, in the
      // executable its files written out: rule-pack-store.ts); the compile waits for that, any other pack's not.
      if (config.rulesetsCompile) {
        void Promise.resolve(deps.rulePack.prepared).then(() => {
          if (stopped) return;
          rules = compileRulesInBackground(deps.rulePack, join(config.dataDir, 'cache', 'sef'), logger, {
            delayMs: overrides.rulesCompileDelayMs ?? 1000,
          });
        });
      }
      return { url: server.url };
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      // The requests in progress and the running jobs (what outlives it is released for the next start or
      // another instance, not lost) get the same grace (STOP_GRACE_SECONDS, 8 s) side by side: a stop takes
      // about that long at most, within a container's stop (Docker kills after 10 s), not one grace after
      // the other.
      await Promise.all([
        server?.stop(),
        (async () => {
          await (await unlisten)?.();
          await deps.mailbox?.stop();
          await jobs.stop();
        })(),
      ]);
      // Another instance takes over the watchers at once instead of after the lease runs out.
      await deps.leases
        .releaseAll()
        .catch((error) => logger.warn('could not release leases', { error: String(error) }));
      rules?.stop();
      renderPool?.close();
      rulesPool?.close();
      pools.leave();
      deps.receivePool?.close();
      databaseClock?.stop();
      await handle.close();
    },
  };
}
