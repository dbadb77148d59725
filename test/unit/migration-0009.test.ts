// 0009 records whether a branding profile's colours were chosen; profiles from before count as chosen
// exactly when their colour differs from the default (one at the default cannot be told apart).
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';

test('0009 marks earlier profiles whose colours differ from the default as chosen', () => {
  const sqlite = new Database(':memory:');
  const upTo0008 = embeddedMigrations.findIndex((m) => m.tag.startsWith('0009_'));
  expect(upTo0008).toBeGreaterThan(0);
  migrate(sqlite, embeddedMigrations.slice(0, upTo0008));
  sqlite
    .query(
      `INSERT INTO accounts (id, name, plan_id, created_at, updated_at) VALUES ('acc_1', 'A', 'plan_free', 'x', 'x')`,
    )
    .run();
  const insert = sqlite.query(
    `INSERT INTO branding_profiles (id, account_id, name, is_default, primary_color, accent_color, footer_text,
       hide_service_branding, created_at, updated_at) VALUES (?, 'acc_1', ?, 0, ?, ?, 'f', 0, 'x', 'x')`,
  );
  insert.run('brnd_1', 'red', '#FF0000', '#111827');
  insert.run('brnd_2', 'plain', '#111827', '#111827');
  migrate(sqlite);
  expect(
    sqlite
      .query(
        'SELECT id, primary_color_chosen AS p, accent_color_chosen AS a FROM branding_profiles ORDER BY id',
      )
      .all(),
  ).toEqual([
    { id: 'brnd_1', p: 1, a: 0 },
    { id: 'brnd_2', p: 0, a: 0 },
  ]);
});
