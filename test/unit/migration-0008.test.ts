// 0008 rebuilds idempotency_keys with a `principal` column in its primary key. drizzle-kit's generated copy
// selected "principal" from the old table, which SQLite reads as the string 'principal' when no such column
// exists: stored keys would have changed hands. This upgrades a 0007 database holding a stored key.
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';

test('0008 keeps stored Idempotency-Keys as account level and adds imports.created_by', () => {
  const sqlite = new Database(':memory:');
  const upTo0007 = embeddedMigrations.findIndex((m) => m.tag.startsWith('0008_'));
  expect(upTo0007).toBeGreaterThan(0);
  migrate(sqlite, embeddedMigrations.slice(0, upTo0007));
  sqlite
    .query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, response_status, response_body, created_at)
       VALUES ('acc_1', 'k-1', 'hash', 200, 'e30=', '2026-01-01T00:00:00.000Z')`,
    )
    .run();

  expect(migrate(sqlite).applied).toEqual(embeddedMigrations.slice(upTo0007).map((m) => m.tag));

  expect(sqlite.query('SELECT * FROM idempotency_keys').all()).toEqual([
    {
      account_id: 'acc_1',
      principal: 'account',
      key: 'k-1',
      request_hash: 'hash',
      response_status: 200,
      response_headers: null,
      response_body: 'e30=',
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ]);
  // The same key of the same account is another row for a workspace member.
  sqlite
    .query(
      `INSERT INTO idempotency_keys (account_id, principal, key, request_hash, created_at)
       VALUES ('acc_1', 'wsm_1', 'k-1', 'other', '2026-01-01T00:00:00.000Z')`,
    )
    .run();
  expect(() =>
    sqlite
      .query(
        `INSERT INTO idempotency_keys (account_id, principal, key, request_hash, created_at)
         VALUES ('acc_1', 'wsm_1', 'k-1', 'again', '2026-01-01T00:00:00.000Z')`,
      )
      .run(),
  ).toThrow();
  const columns = sqlite.query('SELECT name, "notnull" FROM pragma_table_info(\'imports\')').all();
  expect(columns).toContainEqual({ name: 'created_by', notnull: 0 });
});
