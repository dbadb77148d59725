import { join } from 'node:path';
import { buildApp } from '../app';
import { createJobRuntime } from '../background';
import type { Config } from '../config';
import { buildDeps } from '../deps';
import { IdempotencyStore } from '../http/idempotency';
import { createFetchHandler, listen } from '../http/server';
import type { JobRuntime } from '../jobs/runtime';
import { createAccount, presentAccount } from '../modules/accounts';
import { SELF_HOSTED_PLAN_ID } from '../modules/plans';
import { sweepExpiredRenders } from '../modules/renders/use-cases/sweep-expired-renders';
import { createOwnerSetupLink, linkUrl } from '../modules/users';
import { systemClock } from '../shared/clock';
import { createLogger } from '../shared/logger';
import { RenderPool, renderInProcess } from '../workers/render-pool';
import { compileRulesInBackground, type RulesCompile } from '../workers/rules-compiler';
import { RulesPool, runProfileInProcess } from '../workers/rules-pool';
import { openDataDir, signingSecret } from './runtime';

const HOUR_MS = 60 * 60 * 1000;
/** Expired renders are already unreachable; the sweep only frees their disk space. */
const SWEEP_MS = 60 * 1000;
const TIDY_MS = 5 * 1000;

export async function serve(
  config: Config,
  out: (line: string) => void = console.log,
): Promise<() => Promise<void>> {
  const logger = createLogger(config.logLevel);
  const handle = openDataDir(config);
  const secret = signingSecret(config);
  let listening: string | null = null;
  const pool =
    config.renderWorkers > 0
      ? new RenderPool(config.renderWorkers, {
          timeLimitMs: config.renderTimeLimitSeconds * 1000,
          memoryLimitBytes: config.workerMemoryLimitMb * 1024 * 1024,
        })
      : null;
  const rulesPool =
    config.rulesWorkers > 0
      ? new RulesPool(
          config.rulesWorkers,
          config.complianceTimeLimitSeconds * 1000,
          config.workerMemoryLimitMb * 1024 * 1024,
        )
      : null;
  let jobs: JobRuntime | null = null;
  const deps = buildDeps({
    config,
    handle,
    logger,
    renderPdf: pool?.render ?? renderInProcess,
    runProfile: rulesPool?.run ?? runProfileInProcess,
    signingSecret: secret,
    ownOrigin: () => config.publicBaseUrl ?? listening ?? `http://${config.host}:${config.port}`,
  });
  jobs = createJobRuntime(deps, { leaseMs: config.jobLeaseSeconds * 1000 });
  const fetchApp = createFetchHandler(buildApp(deps), {
    ...deps,
    maxBodyBytes: config.maxBodyBytes,
    signingSecret: secret,
  });
  // When the last request came: the heap is tidied only when the server has been idle (see below).
  let lastRequestAt = 0;
  const fetch: typeof fetchApp = (...args) => {
    lastRequestAt = performance.now();
    return fetchApp(...args);
  };
  let server: ReturnType<typeof listen>;
  try {
    server = listen(fetch, { port: config.port, host: config.host, logger });
    listening = server.url;
  } catch (error) {
    handle.close();
    throw new Error(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  // Only once the port is bound: a first key made before a failed bind would never be printed, and the
  // next start would make none (the account would already exist).
  const first = createAccount({
    ctx: { db: handle.db, clock: systemClock },
    // The install's own account: the Self-hosted plan (no quota, no service credit on its PDFs). Accounts
    // made later with `accounts create` (hosting for others) get the default plan as before.
    input: { name: 'Default account', onlyIfNone: true, planId: SELF_HOSTED_PLAN_ID },
  });
  // Render workers start with the first render, not with the server: three warmed Bun isolates with their
  // fonts and shaping caches would triple idle memory (about 165 MiB instead of 60).
  const idempotency = new IdempotencyStore(handle.db, systemClock, secret);
  const purge = setInterval(() => idempotency.purgeExpired(), HOUR_MS);
  purge.unref();
  const sweep = setInterval(() => {
    sweepExpiredRenders(deps).catch((error) => logger.error('render sweep failed', { error: String(error) }));
  }, SWEEP_MS);
  sweep.unref();

  // Started after listen succeeds: a second process that cannot bind must not run anyone's jobs.
  jobs.start();
  deps.mailbox?.start();
  // A worker thread, so neither start-up nor requests wait for it; a no-op once the cache holds the rules.
  // The embedded pack is prepared by its first check (its compiled stylesheets put in the cache, in the
  // executable its files written out: rule-pack-store.ts); the compile waits for that, any other pack's not.
  let stopped = false;
  let rules: RulesCompile | null = null;
  if (config.rulesetsCompile) {
    void Promise.resolve(deps.rulePack.prepared).then(() => {
      if (stopped) return;
      rules = compileRulesInBackground(deps.rulePack, join(config.dataDir, 'cache', 'sef'), logger, {
        delayMs: 1000,
      });
    });
  }
  // Start-up leaves garbage (migrations, route tables) and heap pages an idle server would keep for hours,
  // and the job runtime's polls add more: a full collection and a shrink of the heap 1 s after start and
  // then every 5 s without a request give them back (about 3 MiB of RSS; 2-6 ms each, measured). Never
  // under load: there the pages are in use, and giving them back only costs time.
  const tidy = () => {
    Bun.gc(true);
    Bun.shrink();
  };
  setTimeout(tidy, 1000).unref();
  const tidying = setInterval(() => {
    if (performance.now() - lastRequestAt >= TIDY_MS) tidy();
  }, TIDY_MS);
  tidying.unref();
  out(`invoice-service listening on ${server.url} (data in ${config.dataDir})`);
  if (first) {
    const account = presentAccount(first.account);
    out(`Created account "${account.name}" (${account.id}) on plan ${account.plan_name}.`);
    out(`API key, shown only now, keep it safe: ${first.key.apiKey}`);
    const setup = createOwnerSetupLink({
      ctx: { db: handle.db, clock: systemClock },
      input: { accountId: account.id },
    });
    out(
      `Owner's one-time link to choose their email and password, shown only now (valid until ${setup.row.expiresAt}):`,
    );
    out(linkUrl(deps.ownOrigin(), setup.token));
    out(`Then sign in at ${server.url} with that email and password, or with the API key; or`);
    out(`try it: curl -H "Authorization: Bearer ${first.key.apiKey}" ${server.url}/api/v1/auth/me`);
  }
  return async () => {
    stopped = true;
    clearInterval(purge);
    clearInterval(sweep);
    clearInterval(tidying);
    await server.stop();
    await deps.mailbox?.stop();
    // Running jobs get their grace period; what outlives it is released for the next start, not lost.
    await jobs?.stop();
    rules?.stop();
    pool?.close();
    rulesPool?.close();
    deps.receivePool?.close();
    handle.close();
  };
}
