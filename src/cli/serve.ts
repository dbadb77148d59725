import { join } from 'node:path';
import { buildApp } from '../app';
import type { Config } from '../config';
import { IdempotencyStore } from '../http/idempotency';
import { TokenBucketLimiter } from '../http/rate-limit';
import { createFetchHandler, listen } from '../http/server';
import { createAccount, presentAccount } from '../modules/accounts';
import { systemClock } from '../shared/clock';
import { createLogger } from '../shared/logger';
import { FsBlobStore } from '../storage/fs-blob-store';
import { openDataDir, signingSecret } from './runtime';

const HOUR_MS = 60 * 60 * 1000;

export async function serve(
  config: Config,
  out: (line: string) => void = console.log,
): Promise<() => Promise<void>> {
  const logger = createLogger(config.logLevel);
  const handle = openDataDir(config);
  signingSecret(config);
  const first = createAccount({
    ctx: { db: handle.db, clock: systemClock },
    input: { name: 'Default account', onlyIfNone: true },
  });
  const deps = {
    db: handle.db,
    clock: systemClock,
    logger,
    blobs: new FsBlobStore(join(config.dataDir, 'blobs')),
    rateLimiter: new TokenBucketLimiter(),
  };
  const fetch = createFetchHandler(buildApp(deps), { ...deps, maxBodyBytes: config.maxBodyBytes });
  let server: ReturnType<typeof listen>;
  try {
    server = listen(fetch, { port: config.port, host: config.host, logger });
  } catch (error) {
    handle.close();
    throw new Error(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const idempotency = new IdempotencyStore(handle.db, systemClock);
  const purge = setInterval(() => idempotency.purgeExpired(), HOUR_MS);
  purge.unref();

  out(`invoice-service listening on ${server.url} (data in ${config.dataDir})`);
  if (first) {
    const account = presentAccount(first.account);
    out(`Created account "${account.name}" (${account.id}) on plan ${account.plan_name}.`);
    out(`API key, shown only now, keep it safe: ${first.key.apiKey}`);
    out(`Try it: curl -H "Authorization: Bearer ${first.key.apiKey}" ${server.url}/api/v1/auth/me`);
  }
  return async () => {
    clearInterval(purge);
    await server.stop();
    handle.close();
  };
}
