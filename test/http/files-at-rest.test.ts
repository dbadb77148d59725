// SQLITE-ONLY TEST: it reads the embedded database file and the data dir's own files.
// Everything in the data dir is the service user's alone: directories 0700, files 0600 (the database and
// its WAL, rendered PDFs, uploads, backups, restored data dirs); a data dir made 0755/0644 by an earlier
// version is tightened on the next start.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount } from '../factories';
import { runCli, startServer, type TestServer, tempDir } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
});
afterAll(() => server.stop());

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every path under `dir` with its mode, directories included. */
function modesUnder(dir: string): { path: string; dir: boolean; mode: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
    const path = join(e.parentPath, e.name);
    return { path, dir: e.isDirectory(), mode: modeOf(path) };
  });
}

function expectPrivate(dir: string) {
  expect(modeOf(dir)).toBe(0o700);
  const open = modesUnder(dir).filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
  expect(open).toEqual([]);
}

describe('files at rest', () => {
  test('a fresh data dir, its database, WAL, rendered PDFs and uploads are for the owner only', async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const doc = (
      await server.json('/api/v1/documents', {
        method: 'POST',
        key: account.apiKey,
        body: documentBody(parties),
      })
    ).body.data;
    await server.json(`/api/v1/documents/${doc.id}/finalize`, { method: 'POST', key: account.apiKey });
    const render = await server.json(`/api/v1/documents/${doc.id}/renders`, {
      method: 'POST',
      key: account.apiKey,
      body: {},
    });
    expect(render.status).toBeLessThan(300);
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 terms'], { type: 'application/pdf' }), 'terms.pdf');
    await fetch(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: form,
    });
    const files = modesUnder(server.dataDir).filter((e) => !e.dir);
    expect(files.some((f) => f.path.endsWith('.pdf'))).toBe(true);
    expect(files.some((f) => f.path.endsWith('-wal'))).toBe(true);
    expectPrivate(server.dataDir);
  });

  test('a data dir an earlier version left open to others is tightened on start', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'blobs', 'renders'), { recursive: true });
    writeFileSync(join(dir, 'blobs', 'renders', 'old.pdf'), 'x');
    chmodSync(join(dir, 'blobs', 'renders', 'old.pdf'), 0o644);
    for (const d of [dir, join(dir, 'blobs'), join(dir, 'blobs', 'renders')]) chmodSync(d, 0o755);
    const other = await startServer({ rulesetsDir: null, dataDir: dir });
    try {
      expectPrivate(dir);
    } finally {
      await other.stop();
    }
  });

  test('a backup file and a restored data dir are private too', async () => {
    const out = join(tempDir(), 'backup.zip');
    const backup = runCli(['backup', '--out', out], { DATA_DIR: server.dataDir });
    expect(backup.code).toBe(0);
    expect(modeOf(out)).toBe(0o600);
    const target = join(tempDir(), 'restored');
    const restore = runCli(['restore', out], { DATA_DIR: target });
    expect(restore.code).toBe(0);
    expectPrivate(target);
  });
});
