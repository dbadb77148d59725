// isStorageFull on real errors (SQLite's own SQLITE_FULL through a page limit, bare and wrapped by drizzle; a
// file system's errno), and a reservation whose render never got recorded nor given back: its hold runs out,
// never metered. The full-disk HTTP paths are in test/http/storage-full-db.test.ts.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { isStorageFull, isUniqueViolation } from '../../src/db/errors';
import { migrate } from '../../src/db/migrate';
import { createAccount } from '../../src/modules/accounts';
import { setPlan } from '../../src/modules/plans';
import { RESERVATION_HOLD_MS, reserveRender } from '../../src/modules/usage/quota';
import { countEventsBetween } from '../../src/modules/usage/repo';
import { FakeClock } from '../../src/shared/clock';

const temp = mkdtempSync(join(tmpdir(), 'storage-full-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let n = 0;
function setup() {
  const handle = openDatabase(join(temp, `db${n++}.sqlite`));
  migrate(handle.sqlite);
  return { ...handle, clock: new FakeClock() };
}

const thrown = async (fn: () => unknown): Promise<unknown> => {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

test('SQLITE_FULL is storage full, bare and wrapped by drizzle; a constraint error is not', async () => {
  const { db, sqlite, close } = setup();
  sqlite.exec('CREATE TABLE big (v BLOB)');
  const pages = (sqlite.query('PRAGMA page_count').get() as { page_count: number }).page_count;
  sqlite.exec(`PRAGMA max_page_count = ${pages}`);
  const bare = await thrown(() => sqlite.exec('INSERT INTO big VALUES (zeroblob(1000000))'));
  expect((bare as { code: string }).code).toBe('SQLITE_FULL');
  expect(isStorageFull(bare)).toBe(true);
  const wrapped = await thrown(() => db.run(sql`INSERT INTO big VALUES (zeroblob(1000000))`));
  expect((wrapped as Error).cause).toBeDefined();
  expect(isStorageFull(wrapped)).toBe(true);

  sqlite.exec('PRAGMA max_page_count = 1073741823');
  sqlite.exec('CREATE TABLE uniq (v TEXT UNIQUE)');
  await db.run(sql`INSERT INTO uniq VALUES ('a')`);
  const duplicate = await thrown(() => db.run(sql`INSERT INTO uniq VALUES ('a')`));
  expect(isUniqueViolation(duplicate)).toBe(true);
  expect(isStorageFull(duplicate)).toBe(false);
  close();
});

test('ENOSPC and EDQUOT from the file system are storage full; other errnos and plain errors are not', () => {
  const errno = (code: string) => Object.assign(new Error(code), { code });
  expect(isStorageFull(errno('ENOSPC'))).toBe(true);
  expect(isStorageFull(new Error('write failed', { cause: errno('EDQUOT') }))).toBe(true);
  expect(isStorageFull(errno('EACCES'))).toBe(false);
  expect(isStorageFull(new Error('SQLITE_FULL in the text only'))).toBe(false);
  expect(isStorageFull(undefined)).toBe(false);
});

test('a reservation neither recorded nor given back holds its unit until the hold ends, and is never metered', async () => {
  const { db, clock, close } = setup();
  await setPlan({
    ctx: { db, clock },
    input: { id: 'plan_one', name: 'one', monthlyRenderQuota: 1, requestsPerSecond: 10 },
  });
  const created = await createAccount({ ctx: { db, clock }, input: { name: 'A', planId: 'plan_one' } });
  if (!created) throw new Error('no account');
  const accountId = created.account.account.id;
  const reserve = async () =>
    await reserveRender({ db, clock }, { accountId, renderId: `rnd_${n++}`, monthlyQuota: 1 });
  const meter = async () =>
    await countEventsBetween(db, accountId, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z');

  await reserve(); // the process dies here: no render recorded, no give-back
  expect(await meter()).toBe(0);
  expect(((await thrown(reserve)) as { code: string }).code).toBe('quota_exceeded');
  clock.advance(RESERVATION_HOLD_MS - 1);
  expect(((await thrown(reserve)) as { code: string }).code).toBe('quota_exceeded');
  clock.advance(1);
  const next = await reserve();
  await db.transaction(async (tx) => await next.confirm(tx));
  expect(await meter()).toBe(1);
  close();
});
