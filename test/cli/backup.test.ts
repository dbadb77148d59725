import { Database } from 'bun:sqlite';
// backup / restore: an online snapshot of a populated, running service restored into an empty dir serves
// the same resources, files and PDFs with the same keys; hostile or damaged archives restore nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { ZipArchive } from 'archiver';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { ROOT, runCli, startServer, type TestServer, tempDir } from '../harness';
import { CANNOT_MOUNT, mountTinyTmpfs, unmount } from '../tmpfs';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let account: TestAccount;
const work = tempDir('inv-backup-');
const backupFile = join(work, 'snapshot.zip');
let fileId = '';

// Every list the API offers, read to the end: the restored service must answer each one identically.
const LISTS = [
  '/api/v1/business-profiles',
  '/api/v1/customers',
  '/api/v1/documents',
  '/api/v1/numbering-sequences',
  '/api/v1/templates/custom',
  '/api/v1/branding-profiles',
  '/api/v1/batches',
  '/api/v1/recurring-invoices',
  '/api/v1/usage/events',
  '/api/v1/api-keys',
  '/api/v1/workspaces',
];

async function readAll(target: TestServer, path: string): Promise<unknown[]> {
  const all: unknown[] = [];
  let cursor = '';
  for (;;) {
    const res = await target.json(`${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
      key: account.apiKey,
    });
    expect([path, res.status]).toEqual([path, 200]);
    all.push(...res.body.data);
    if (!res.body.pagination?.has_more) return all;
    cursor = res.body.pagination.next_cursor;
  }
}

/** Everything a client can read, with the server's own origin taken out of links. */
async function snapshotOf(target: TestServer) {
  const state: Record<string, unknown> = {};
  for (const path of LISTS) state[path] = await readAll(target, path);
  for (const doc of state['/api/v1/documents'] as { id: string }[]) {
    state[doc.id] = (await target.json(`/api/v1/documents/${doc.id}`, { key: account.apiKey })).body;
  }
  state.file = (await target.json(`/api/v1/files/${fileId}`, { key: account.apiKey })).body;
  for (const batch of state['/api/v1/batches'] as { id: string }[]) {
    state[`${batch.id}/items`] = await readAll(target, `/api/v1/batches/${batch.id}/items`);
  }
  return JSON.parse(JSON.stringify(state).replaceAll(target.url, 'ORIGIN'));
}

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  const parties = await makeParties(server, account);
  const doc = await makeDocument(server, account, parties, { number: 'BK-1' }, ['finalize']);
  await makeDocument(server, account, parties, { number: 'BK-2' });
  const render = await server.json(`/api/v1/documents/${doc.id}/renders`, {
    method: 'POST',
    key: account.apiKey,
    body: {},
  });
  expect(render.status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
  const file = await fetch(`${server.url}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}` },
    body: form,
  });
  expect(file.status).toBe(200);
  fileId = ((await file.json()) as { data: { id: string } }).data.id;
  await server.json('/api/v1/templates/custom', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'Backup', config: { primary_color: '#334455' } },
  });
  await server.json('/api/v1/workspaces', { method: 'POST', key: account.apiKey, body: { name: 'Team' } });
  const batch = await server.json('/api/v1/batches', {
    method: 'POST',
    key: account.apiKey,
    body: {
      items: [
        {
          external_id: 'bk',
          data: {
            invoice_number: 'BB-1',
            issue_date: '2026-11-02',
            currency: 'EUR',
            seller: { name: 'S' },
            buyer: { name: 'B' },
            line_items: [{ name: 'X', quantity: '1', unit_price: '3.00' }],
          },
        },
      ],
    },
  });
  expect(batch.status).toBe(200);
  await server.jobs.runDue();
});
afterAll(() => server.stop());

describe('backup and restore', () => {
  let restored: TestServer;
  afterAll(() => restored?.stop());

  test('an online backup of a running service restores into an empty dir with every resource equal', async () => {
    const before = await snapshotOf(server);
    // Taken by the CLI in its own process while the server runs on the same dir.
    const backup = runCli(['backup', '--out', backupFile], { DATA_DIR: server.dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    const target = join(work, 'restored');
    const restore = runCli(['restore', backupFile], { DATA_DIR: target });
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    expect(restore.stdout).toContain('Restored the backup');
    restored = await startServer({ dataDir: target, startJobs: false });
    const after = await snapshotOf(restored);
    expect(after).toEqual(before);
    expect((before['/api/v1/documents'] as unknown[]).length).toBe(2);

    // The stored files came back byte for byte: the render's PDF (through its signed link) and the logo.
    // Every stored file (PDFs, the logo) came back byte for byte.
    const blobs = (dir: string) =>
      Object.fromEntries(
        (readdirSync(join(dir, 'blobs'), { recursive: true }) as string[])
          .filter((p) => statSync(join(dir, 'blobs', p)).isFile())
          .map((p) => [p, readFileSync(join(dir, 'blobs', p)).toString('base64')]),
      );
    const original = blobs(server.dataDir);
    expect(Object.keys(original).length).toBeGreaterThanOrEqual(3); // render, logo, batch item
    expect(blobs(target)).toEqual(original);
    const zipA = await server.request(
      `/api/v1/batches/${(before['/api/v1/batches'] as { id: string }[])[0]?.id}/download`,
      { key: account.apiKey },
    );
    const zipB = await restored.request(
      `/api/v1/batches/${(before['/api/v1/batches'] as { id: string }[])[0]?.id}/download`,
      { key: account.apiKey },
    );
    expect([zipA.status, zipB.status]).toEqual([200, 200]);
    expect(Buffer.from(await zipB.arrayBuffer()).equals(Buffer.from(await zipA.arrayBuffer()))).toBe(true);
  });

  test('an online backup taken while the server keeps writing restores a consistent snapshot', async () => {
    const customers = () =>
      (
        server.sqlite.query('SELECT COUNT(*) AS n FROM customers WHERE account_id = ?').get(account.id) as {
          n: number;
        }
      ).n;
    const before = customers();
    // Writes through the API go on for as long as the backup runs, in its own process.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const res = await server.json('/api/v1/customers', {
          method: 'POST',
          key: account.apiKey,
          body: { name: `During backup ${written}` },
        });
        expect(res.status).toBe(200);
        written++;
      }
    })();
    const file = join(work, 'during-writes.zip');
    const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'backup', '--out', file], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: server.dataDir },
      stdout: 'ignore',
      stderr: 'pipe',
    });
    const code = await proc.exited;
    writing = false;
    await writes;
    expect([code, await new Response(proc.stderr).text()]).toEqual([0, '']);
    expect(written).toBeGreaterThan(0);

    const target = join(work, 'restored-during-writes');
    expect(runCli(['restore', file], { DATA_DIR: target }).code).toBe(0); // integrity_check passed
    const restored = await startServer({ dataDir: target, startJobs: false });
    try {
      // A snapshot of one moment: every customer before the backup, some of those written meanwhile,
      // each whole (readable through the API like any other).
      const all = await readAll(restored, '/api/v1/customers');
      const mine = all.length;
      expect(mine).toBeGreaterThanOrEqual(before);
      expect(mine).toBeLessThanOrEqual(customers());
      const during = (all as { name: string }[]).filter((c) => c.name.startsWith('During backup'));
      const numbers = during.map((c) => Number(c.name.split(' ').at(-1))).sort((a, b) => a - b);
      // Committed in order, so the snapshot holds a prefix of them: 0, 1, 2, ... with no gap.
      expect(numbers).toEqual(numbers.map((_, i) => i));
    } finally {
      await restored.stop();
    }
  });

  test('restore refuses a non-empty data dir and leaves it untouched', () => {
    const busy = join(work, 'busy');
    mkdirSync(busy, { recursive: true });
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    // A backup of its own: this test does not lean on the one above having run (or passed).
    const own = join(work, 'for-busy.zip');
    expect(runCli(['backup', '--out', own], { DATA_DIR: server.dataDir }).code).toBe(0);
    const res = runCli(['restore', own], { DATA_DIR: busy });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not empty');
    expect(readdirSync(busy)).toEqual(['keep.txt']);
  });
});

describe('a restore the disk cannot take', () => {
  test.skipIf(CANNOT_MOUNT)('is refused before anything is written, naming the space it needs', () => {
    const file = join(work, 'for-small-disk.zip');
    expect(runCli(['backup', '--out', file], { DATA_DIR: server.dataDir }).code).toBe(0);
    const small = join(work, 'small-disk');
    expect(mountTinyTmpfs(small, 64 * 1024)).toBe(true);
    try {
      const target = join(small, 'restored');
      const res = runCli(['restore', file], { DATA_DIR: target });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('free space first');
      expect(readdirSync(small)).toEqual([]);
    } finally {
      unmount(small);
    }
  });
});

describe('hostile and damaged archives restore nothing', () => {
  async function zipOf(entries: { name: string; body: string | Buffer }[]): Promise<string> {
    const file = join(work, `evil-${Math.random().toString(36).slice(2)}.zip`);
    const archive = new ZipArchive();
    const chunks: Buffer[] = [];
    archive.on('data', (c: Buffer) => chunks.push(c));
    for (const e of entries) archive.append(e.body, { name: e.name });
    await archive.finalize();
    writeFileSync(file, Buffer.concat(chunks));
    return file;
  }
  const manifest = JSON.stringify({
    format: 'invoice-service-backup',
    format_version: 1,
    created_at: 'x',
    service_version: '0',
    migrations: 1,
    files: 0,
  });

  const cases: [string, () => Promise<string>, string][] = [
    [
      'path traversal',
      () =>
        zipOf([
          { name: 'backup.json', body: manifest },
          { name: 'blobs/../../escape.txt', body: 'x' },
        ]),
      'unexpected entry',
    ],
    [
      'an unknown entry',
      () =>
        zipOf([
          { name: 'backup.json', body: manifest },
          { name: 'etc/passwd', body: 'x' },
        ]),
      'unexpected entry',
    ],
    [
      'no manifest',
      () => zipOf([{ name: 'database/invoice-service.db', body: 'x' }]),
      'not an invoice-service backup',
    ],
    ['no database', () => zipOf([{ name: 'backup.json', body: manifest }]), 'holds no database'],
    [
      'a database that is not one',
      () =>
        zipOf([
          { name: 'backup.json', body: manifest },
          { name: 'database/invoice-service.db', body: 'not sqlite at all, just text that is long enough' },
        ]),
      'database',
    ],
    [
      'a backup from a newer version (more migrations than this one knows)',
      () =>
        zipOf([
          { name: 'backup.json', body: manifest.replace('"migrations":1', '"migrations":9999') },
          { name: 'database/invoice-service.db', body: 'x' },
        ]),
      'comes from a newer version',
    ],
    [
      'a ZIP64 archive',
      async () => {
        // An ordinary archive whose end record says "see the ZIP64 record" (entry count 0xffff).
        const file = await zipOf([{ name: 'backup.json', body: manifest }]);
        const bytes = readFileSync(file);
        const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
        bytes.writeUInt16LE(0xffff, eocd + 10);
        writeFileSync(file, bytes);
        return file;
      },
      'ZIP64',
    ],
    [
      'a database that fails its integrity check',
      async () => {
        const db = join(work, `damaged-${Math.random().toString(36).slice(2)}.db`);
        const sqlite = new Database(db);
        sqlite.run('CREATE TABLE t(a TEXT)');
        sqlite.run('CREATE INDEX ti ON t(a)');
        for (let i = 0; i < 50; i++) sqlite.run('INSERT INTO t VALUES (?)', [`value-${i}`]);
        const root = (
          sqlite.query("SELECT rootpage FROM sqlite_master WHERE name = 'ti'").get() as {
            rootpage: number;
          }
        ).rootpage;
        sqlite.close();
        // Overwrite a key at the end of the index's page: the index no longer matches its table.
        const bytes = readFileSync(db);
        bytes.write('zzzz', root * 4096 - 20, 'latin1');
        return zipOf([
          { name: 'backup.json', body: manifest },
          { name: 'database/invoice-service.db', body: bytes },
        ]);
      },
      'the backed-up database is damaged',
    ],
    [
      'not a zip',
      async () => {
        const file = join(work, 'text.zip');
        writeFileSync(file, 'hello');
        return file;
      },
      'is not a backup',
    ],
  ];
  for (const [name, make, message] of cases) {
    test(name, async () => {
      const target = join(work, `t-${Math.random().toString(36).slice(2)}`);
      const res = runCli(['restore', await make()], { DATA_DIR: target });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(message);
      expect(existsSync(target)).toBe(false);
      expect(existsSync(join(work, '..', 'escape.txt'))).toBe(false);
      expect(readdirSync(work).filter((n) => n.includes('.restoring-'))).toEqual([]);
    });
  }

  test('a zip bomb (an entry inflating past its declared size) is refused', async () => {
    // Hand-built: the directory declares 10 bytes for an entry that inflates to 10 MiB.
    const huge = deflateRawSync(Buffer.alloc(10 * 1024 * 1024));
    const file = join(work, 'bomb.zip');
    writeFileSync(
      file,
      handZip([
        { name: 'backup.json', data: Buffer.from(manifest), declared: manifest.length, method: 0 },
        { name: 'database/invoice-service.db', data: huge, declared: 10, method: 8 },
      ]),
    );
    const target = join(work, 'bomb-target');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('inflates past its declared size');
    expect(existsSync(target)).toBe(false);
  });
});

describe('restore refuses archives that would write more than they hold', () => {
  const manifest = JSON.stringify({ format: 'invoice-service-backup', format_version: 1, created_at: 'x' });
  const manifestEntry = () => ({
    name: 'backup.json',
    data: Buffer.from(manifest),
    declared: manifest.length,
    method: 0,
  });

  test('40 directory entries pointing at one deflated run (4 GB from 123 KB) are refused from the directory, writing nothing', async () => {
    const run = deflateRawSync(Buffer.alloc(100 * 1024 * 1024));
    const file = join(work, 'overlap-bomb.zip');
    writeFileSync(file, overlappingZip(manifestEntry(), run, 100 * 1024 * 1024, 40));
    expect(statSync(file).size).toBeLessThan(200_000);
    const target = join(work, 'overlap-target');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    // Found in the central directory, before any entry is inflated (inflating 4 GB is what it prevents).
    expect(res.stderr).toContain('overlaps another entry');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(work).filter((n) => n.includes('.restoring-'))).toEqual([]);
  });

  test('entries declaring more than deflate could make of the archive are refused before any write', async () => {
    const file = join(work, 'ratio-bomb.zip');
    const small = deflateRawSync(Buffer.alloc(1024));
    writeFileSync(
      file,
      handZip([
        manifestEntry(),
        { name: 'database/invoice-service.db', data: small, declared: 2_000_000_000, method: 8 },
      ]),
    );
    const target = join(work, 'ratio-target');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('declare more data than the archive can hold');
    expect(existsSync(target)).toBe(false);
  });
});

/** One stored manifest, then one deflated run that `copies` directory entries (distinct names) all point at. */
function overlappingZip(
  first: { name: string; data: Buffer; declared: number; method: number },
  run: Buffer,
  declared: number,
  copies: number,
): Buffer {
  const single = handZip([first, { name: 'blobs/renders/a/0.pdf', data: run, declared, method: 8 }]);
  // Keep both local entries; rebuild the directory with the manifest and `copies` entries at the run's offset.
  const runOffset = 30 + first.name.length + first.data.length;
  const localsEnd = runOffset + 30 + 'blobs/renders/a/0.pdf'.length + run.length;
  const centrals: Buffer[] = [];
  const central = (name: string, method: number, compressed: number, size: number, offset: number) => {
    const n = Buffer.from(name);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(method, 10);
    c.writeUInt32LE(compressed, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    centrals.push(c, n);
  };
  central(first.name, first.method, first.data.length, first.declared, 0);
  for (let i = 0; i < copies; i++) central(`blobs/renders/a/${i}.pdf`, 8, run.length, declared, runOffset);
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(copies + 1, 8);
  end.writeUInt16LE(copies + 1, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(localsEnd, 16);
  return Buffer.concat([single.subarray(0, localsEnd), dir, end]);
}

/**
 * A minimal ZIP writer that lets a test lie about sizes. A stored entry gets its true CRC-32 (restore checks
 * it); a deflated one none, as its lie about the size is found first.
 */
function handZip(entries: { name: string; data: Buffer; declared: number; method: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const crc = e.method === 0 ? crc32(e.data) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
