// What drizzle's query building costs the main thread (issue 42 §5): the select every request runs (an API
// key with its account and plan) built on every call, as it was, against the service's prepared one
// (src/db/prepared.ts), on an embedded SQLite database. Per call, in microseconds, three rounds.
//   npx bun bench/query-build.ts [calls=20000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { findKeyWithAccount } from '../src/modules/accounts';
import { accounts } from '../src/modules/accounts/schema';
import { apiKeys } from '../src/modules/api-keys';
import { plans } from '../src/modules/plans';

const calls = Number(process.argv[2] ?? 20_000);
const dir = mkdtempSync(join(tmpdir(), 'query-build-'));
const handle = openDatabase(join(dir, 'bench.sqlite'));
migrate(handle.sqlite);
const db = handle.db;

/** The same select as findKeyWithAccount, built on every call. */
const builtEachTime = (lookup: string) =>
  db
    .select({
      key: apiKeys,
      account: accounts,
      planName: plans.name,
      requestsPerSecond: plans.requestsPerSecond,
      monthlyRenderQuota: plans.monthlyRenderQuota,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(apiKeys.lookup, lookup))
    .get();

async function perCall(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await run();
  return ((performance.now() - start) / calls) * 1000;
}

try {
  for (let round = 1; round <= 3; round++) {
    const built = await perCall(() => builtEachTime('abcdefghijkl'));
    const prepared = await perCall(() => findKeyWithAccount(db, 'abcdefghijkl'));
    console.log(
      `round ${round}: built on every call ${built.toFixed(1)} µs, prepared ${prepared.toFixed(1)} µs`,
    );
  }
} finally {
  handle.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
}
