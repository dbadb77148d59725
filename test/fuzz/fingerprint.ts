// A cheap fingerprint of everything a request could have stored: the row count of every table and the
// list of files under the data dir (the SQLite files themselves left out: their sizes move with the WAL).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestServer } from '../harness';

const SQLITE_FILE = /\.(db|sqlite)(-\w+)?$/;

/** Tables that are caches of responses, not data: an Idempotency-Key replay record is written for 4xx too. */
const NOT_DATA = new Set(['idempotency_keys']);

export function dataFingerprint(server: TestServer): string {
  const sqlite = server.sqlite;
  const tables = sqlite
    .query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => (row as { name: string }).name)
    .filter((name: string) => !NOT_DATA.has(name));
  const counts = tables.map((name: string) => {
    const row = sqlite.query(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as {
      n: number;
    };
    return `${name}=${row.n}`;
  });
  const files = walk(server.dataDir)
    .filter((path) => !SQLITE_FILE.test(path))
    .map((path) => relative(server.dataDir, path))
    .sort();
  return [...counts, ...files].join('\n');
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
