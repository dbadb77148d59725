// docs/backup.md: "A backup from an older version is migrated to this version's schema". The older backup is
// built here: a database migrated only up to the migration before 0015 (payments), holding the rows a real
// server wrote through the API (each old table's columns copied over), packed with the manifest an older
// `backup` writes. Restored with the CLI and served, it has the newest schema, every resource as the API
// showed it before, and 0015's data step has given the invoice marked paid its payment again.
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZipArchive } from 'archiver';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { runCli, startServer, type TestServer, tempDir } from '../harness';

const work = tempDir('inv-backup-older-');
const OLDER = embeddedMigrations.findIndex((m) => m.tag.startsWith('0015_'));
const tables = (db: Database) =>
  (
    db
      .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).map((t) => t.name);

let server: TestServer;
let restored: TestServer | null = null;
let account: TestAccount;
let paidId = '';

/** What the API shows of the account's data (links and the server's origin left out). */
async function snapshotOf(target: TestServer) {
  const read = async (path: string) => {
    const res = await target.json(path, { key: account.apiKey });
    expect([path, res.status]).toEqual([path, 200]);
    return res.body.data;
  };
  const state: Record<string, unknown> = {};
  for (const path of ['/api/v1/business-profiles', '/api/v1/customers', '/api/v1/documents']) {
    state[path] = await read(path);
  }
  for (const doc of state['/api/v1/documents'] as { id: string }[]) {
    state[doc.id] = await read(`/api/v1/documents/${doc.id}`);
  }
  return JSON.parse(JSON.stringify(state).replaceAll(target.url, 'ORIGIN'));
}

/** The server's rows in a database migrated only up to `count` migrations: each old table, its old columns. */
function olderDatabase(source: string, path: string, count: number): void {
  const db = new Database(path, { create: true });
  try {
    migrate(db, embeddedMigrations.slice(0, count));
    db.exec('PRAGMA foreign_keys = OFF');
    db.query('ATTACH DATABASE ? AS live').run(source);
    for (const table of tables(db)) {
      if (table === '__drizzle_migrations') continue;
      const columns = (db.query(`PRAGMA main.table_info("${table}")`).all() as { name: string }[])
        .map((c) => `"${c.name}"`)
        .join(', ');
      db.exec(`INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM live."${table}"`);
    }
    db.exec('DETACH DATABASE live');
  } finally {
    db.close();
  }
}

async function backupOf(database: string, migrations: number): Promise<string> {
  const file = join(work, 'older.zip');
  const archive = new ZipArchive();
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const manifest = {
    format: 'invoice-service-backup',
    format_version: 1,
    created_at: new Date().toISOString(),
    service_version: 'older',
    migrations,
    files: 0,
  };
  archive.append(JSON.stringify(manifest), { name: 'backup.json' });
  archive.append(readFileSync(database), { name: 'database/invoice-service.db' });
  await archive.finalize();
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  const parties = await makeParties(server, account);
  const paid = await makeDocument(server, account, parties, { number: 'OLD-1' }, [
    'finalize',
    'mark-sent',
    'mark-paid',
  ]);
  paidId = paid.id;
  await makeDocument(server, account, parties, { number: 'OLD-2' }, ['finalize']);
  await makeDocument(server, account, parties, { number: 'OLD-3' });
});
afterAll(async () => {
  await restored?.stop();
  await server.stop();
});

describe('restoring an older backup', () => {
  test('is migrated to the newest schema and served with its data intact', async () => {
    expect(OLDER).toBeGreaterThan(0);
    const before = await snapshotOf(server);
    const payments = await server.json(`/api/v1/documents/${paidId}/payments`, { key: account.apiKey });
    expect(payments.status).toBe(200);
    expect(payments.body.data).toHaveLength(1);

    const database = join(work, 'older.db');
    olderDatabase(join(server.dataDir, DATABASE_FILE), database, OLDER);
    const older = new Database(database, { readonly: true });
    try {
      expect(tables(older)).not.toContain('payments'); // the older schema, truly
      expect(older.query('SELECT COUNT(*) AS n FROM documents').get()).toEqual({ n: 3 });
    } finally {
      older.close();
    }

    const target = join(work, 'restored');
    const restore = runCli(['restore', await backupOf(database, OLDER)], { DATA_DIR: target });
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    expect(restore.stdout).toContain('Restored the backup');

    const migrated = new Database(join(target, DATABASE_FILE), { readonly: true });
    try {
      expect(migrated.query('SELECT COUNT(*) AS n FROM __drizzle_migrations').get()).toEqual({
        n: embeddedMigrations.length,
      });
      expect(tables(migrated)).toContain('payments');
    } finally {
      migrated.close();
    }

    restored = await startServer({ dataDir: target, startJobs: false });
    expect(await snapshotOf(restored)).toEqual(before);
    const after = await restored.json(`/api/v1/documents/${paidId}/payments`, { key: account.apiKey });
    expect(after.status).toBe(200);
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0]).toMatchObject({
      amount: payments.body.data[0].amount,
      date: payments.body.data[0].date,
      note: 'Recorded by mark-paid',
    });
  });
});
