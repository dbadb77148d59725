// backup and restore on the paths a reviewer walked: a backup never changes (migrates) the live database,
// refuses a wrong data dir or --out with a plain message and leaves no copy behind; restore checks every
// entry's CRC-32 and fills an existing empty data dir (a symlink, a Docker volume) in place.
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { ZipArchive } from 'archiver';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { cliCommand, runCli, tempDir } from '../harness';
import { CANNOT_MOUNT, mountTinyTmpfs, unmount } from '../tmpfs';

const ALL = embeddedMigrations.length;
const BLOB = 'blobs/renders/ab/doc.pdf';
const PDF = Buffer.from(`%PDF-1.7\n${'stored, not deflated: restore must check these bytes. '.repeat(40)}`);

/** A data dir as a server leaves it: a WAL database migrated `migrations` far, and one stored PDF. */
function dataDir(migrations = ALL): string {
  const dir = tempDir('inv-bk-safety-');
  const db = new Database(join(dir, DATABASE_FILE), { create: true });
  try {
    db.exec('PRAGMA journal_mode = WAL');
    migrate(db, embeddedMigrations.slice(0, migrations));
  } finally {
    db.close();
  }
  mkdirSync(dirname(join(dir, BLOB)), { recursive: true });
  writeFileSync(join(dir, BLOB), PDF);
  return dir;
}

const appliedMigrations = (dir: string) => {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return (db.query('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

function backupOf(dir: string): string {
  const file = join(tempDir('inv-bk-out-'), 'backup.zip');
  const res = runCli(['backup', '--out', file], { DATA_DIR: dir });
  expect([res.code, res.stderr]).toEqual([0, '']);
  return file;
}

async function zipOf(entries: { name: string; body: string | Buffer }[]): Promise<string> {
  const file = join(tempDir('inv-bk-zip-'), 'made.zip');
  const archive = new ZipArchive();
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  for (const e of entries) archive.append(e.body, { name: e.name });
  await archive.finalize();
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

describe('backup leaves the live database as it is', () => {
  test('an older database is backed up as it is, not migrated; its restore migrates the copy', () => {
    const older = ALL - 3;
    const dir = dataDir(older);
    const file = backupOf(dir);
    expect(appliedMigrations(dir)).toBe(older);
    const target = join(tempDir('inv-bk-restore-'), 'data');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(appliedMigrations(target)).toBe(ALL);
    expect(appliedMigrations(dir)).toBe(older);
  });

  test('a database newer than this version is refused, naming both migration counts, and nothing is written', () => {
    const dir = dataDir();
    const db = new Database(join(dir, DATABASE_FILE));
    db.run('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', ['future', 9e15]);
    db.close();
    const out = join(tempDir('inv-bk-out-'), 'backup.zip');
    const res = runCli(['backup', '--out', out], { DATA_DIR: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('newer version');
    expect(res.stderr).toContain(`${ALL + 1} migrations applied`);
    expect(res.stderr).toContain(`knows ${ALL}`);
    expect(readdirSync(dirname(out))).toEqual([]);
    expect(appliedMigrations(dir)).toBe(ALL + 1);
  });

  test("restore refusing a newer backup says what differs: the backup's migrations and this version's", async () => {
    const manifest = {
      format: 'invoice-service-backup',
      format_version: 1,
      created_at: 'x',
      service_version: '0.1.0',
      migrations: ALL + 5,
      files: 0,
    };
    const file = await zipOf([
      { name: 'backup.json', body: JSON.stringify(manifest) },
      { name: 'database/invoice-service.db', body: 'x' },
    ]);
    const target = join(tempDir('inv-bk-restore-'), 'data');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`its database has ${ALL + 5} migrations applied`);
    expect(res.stderr).toContain(`knows ${ALL}`);
    expect(existsSync(target)).toBe(false);
  });
});

describe('a restore that fails while migrating leaves nothing behind', () => {
  test('a manifest saying fewer migrations than its database has: refused as newer, the target as before', async () => {
    // The database has one migration more than this version knows; its manifest claims one fewer.
    const dir = dataDir();
    const db = new Database(join(dir, DATABASE_FILE));
    const last = Math.max(...embeddedMigrations.map((m) => m.createdAt));
    db.run('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', ['future', last + 1000]);
    db.run('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
    const manifest = {
      format: 'invoice-service-backup',
      format_version: 1,
      created_at: 'x',
      service_version: '0.1.0',
      migrations: ALL - 1,
      files: 1,
    };
    const file = await zipOf([
      { name: 'backup.json', body: JSON.stringify(manifest) },
      { name: 'database/invoice-service.db', body: readFileSync(join(dir, DATABASE_FILE)) },
      { name: BLOB, body: PDF },
    ]);
    const parent = tempDir('inv-bk-restore-');
    mkdirSync(join(parent, 'empty'));
    for (const target of [
      join(parent, 'missing'),
      join(parent, 'empty'),
      join(parent, 'no', 'such', 'data'),
    ]) {
      const res = runCli(['restore', file], { DATA_DIR: target });
      expect([target, res.code]).toEqual([target, 1]);
      expect(res.stderr).toContain('belongs to a newer version of invoice-service');
      if (target.endsWith('empty')) expect(readdirSync(target)).toEqual([]);
      else expect(existsSync(target)).toBe(false);
    }
    // Neither a staging folder nor the parents made for the last target are left.
    expect(readdirSync(parent)).toEqual(['empty']);
  });
});

describe('restore checks every entry against its CRC-32', () => {
  test('one changed byte in a stored PDF fails the restore, naming the entry, and leaves nothing', () => {
    const file = backupOf(dataDir());
    const bytes = readFileSync(file);
    const at = bytes.indexOf('restore must check');
    expect(at).toBeGreaterThan(0); // stored: the PDF's bytes stand in the archive as they are
    bytes[at] = 'R'.charCodeAt(0);
    writeFileSync(file, bytes);
    const parent = tempDir('inv-bk-restore-');
    for (const target of [join(parent, 'missing'), join(parent, 'empty')]) {
      if (target.endsWith('empty')) mkdirSync(target);
      const res = runCli(['restore', file], { DATA_DIR: target });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`the backup is damaged: ${BLOB}`);
      expect(res.stderr).toContain('CRC-32');
      if (target.endsWith('empty')) expect(readdirSync(target)).toEqual([]);
      else expect(existsSync(target)).toBe(false);
    }
    expect(readdirSync(parent)).toEqual(['empty']);
  });
});

describe('restore into an existing empty data dir', () => {
  test('a symlink to an empty folder is filled through the link; the link stays a link', () => {
    const file = backupOf(dataDir());
    const parent = tempDir('inv-bk-restore-');
    const real = join(parent, 'real');
    const link = join(parent, 'link');
    mkdirSync(real);
    symlinkSync(real, link);
    const res = runCli(['restore', file], { DATA_DIR: link });
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(real, BLOB)).equals(PDF)).toBe(true);
    expect(appliedMigrations(real)).toBe(ALL);
    expect(readdirSync(real).filter((n) => n.startsWith('.restore-'))).toEqual([]);
    expect(readdirSync(parent).sort()).toEqual(['link', 'real']);
  });

  test('an existing empty folder is kept (the same inode, as a mount point must be) and filled', () => {
    const file = backupOf(dataDir());
    const target = join(tempDir('inv-bk-restore-'), 'data');
    mkdirSync(target);
    const inode = statSync(target).ino;
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(statSync(target).ino).toBe(inode);
    expect(readFileSync(join(target, BLOB)).equals(PDF)).toBe(true);
    expect(readdirSync(target).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  });

  // A Docker volume: the folder cannot be removed or renamed over (EBUSY), and its parent is another disk.
  test.skipIf(CANNOT_MOUNT)('a mount point is filled in place', () => {
    const file = backupOf(dataDir());
    const mount = join(tempDir('inv-bk-restore-'), 'volume');
    expect(mountTinyTmpfs(mount, 32 * 1024 * 1024)).toBe(true);
    try {
      const res = runCli(['restore', file], { DATA_DIR: mount });
      expect([res.code, res.stderr]).toEqual([0, '']);
      expect(readFileSync(join(mount, BLOB)).equals(PDF)).toBe(true);
      expect(appliedMigrations(mount)).toBe(ALL);
      expect(readdirSync(dirname(mount))).toEqual(['volume']);
    } finally {
      unmount(mount);
    }
  });
});

describe('backup refuses a wrong data dir (a configuration error, exit 2), creating nothing', () => {
  test('a data dir that does not exist', () => {
    const missing = join(tempDir('inv-bk-'), 'nonexistent');
    const out = join(tempDir('inv-bk-out-'), 'x.zip');
    const res = runCli(['backup', '--out', out], { DATA_DIR: missing });
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe(
      `invoice-service: invalid setting: DATA_DIR ${missing} does not exist: is DATA_DIR right? Nothing to back up.`,
    );
    expect(existsSync(missing)).toBe(false);
    expect(readdirSync(dirname(out))).toEqual([]);
  });

  test('an empty data dir (no database)', () => {
    const empty = tempDir('inv-bk-');
    const out = join(tempDir('inv-bk-out-'), 'x.zip');
    const res = runCli(['backup', '--out', out], { DATA_DIR: empty });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('holds no invoice-service database');
    expect(readdirSync(empty)).toEqual([]);
    expect(readdirSync(dirname(out))).toEqual([]);
  });

  test('DATA_DIR naming a file: backup and restore say it is a file, not a folder', () => {
    const file = backupOf(dataDir());
    for (const args of [
      ['backup', '--out', join(tempDir('inv-bk-out-'), 'x.zip')],
      ['restore', file],
    ]) {
      const res = runCli(args, { DATA_DIR: file });
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(`DATA_DIR ${file} is a file, not a folder`);
    }
  });
});

describe('backup with a wrong --out', () => {
  test('a folder that does not exist: a plain message, no stack trace, no temporary copy left', () => {
    const tmp = tempDir('inv-bk-tmp-');
    const out = join(tempDir('inv-bk-out-'), 'no', 'such', 'x.zip');
    const res = runCli(['backup', '--out', out], { DATA_DIR: dataDir(), TMPDIR: tmp });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `invoice-service: the folder ${dirname(out)} does not exist: create it first`,
    );
    expect(readdirSync(tmp)).toEqual([]);
  });

  test('an existing directory: says so, writes nothing into it', () => {
    const tmp = tempDir('inv-bk-tmp-');
    const out = tempDir('inv-bk-out-');
    const res = runCli(['backup', '--out', out], { DATA_DIR: dataDir(), TMPDIR: tmp });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${out} is a directory`);
    expect(readdirSync(out)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('an unknown flag is a usage error (exit 2), not ignored', () => {
  test('backup --datadir names the flag and the known ones; nothing is written', () => {
    const out = join(tempDir('inv-bk-out-'), 'x.zip');
    const res = runCli(['backup', '--out', out, '--datadir', '/x'], { DATA_DIR: dataDir() });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('backup has no flag --datadir');
    expect(res.stderr).toContain('--out');
    expect(existsSync(out)).toBe(false);
  });

  test('accounts create --plann creates no account (the data dir is not even made)', () => {
    const dir = join(tempDir('inv-bk-'), 'data');
    const res = runCli(['accounts', 'create', '--name', 'X', '--plann', 'plan_pro'], { DATA_DIR: dir });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('accounts create has no flag --plann');
    expect(res.stderr).toContain('--plan');
    expect(existsSync(dir)).toBe(false);
  });
});

describe('restore messages a person can act on', () => {
  test('a genuine backup cut short is damaged or incomplete, not "not a backup"', () => {
    const file = backupOf(dataDir());
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = join(tempDir('inv-bk-restore-'), 'data');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${file} is damaged or incomplete`);
    expect(res.stderr).toContain('cut short');
    expect(existsSync(target)).toBe(false);
  });

  test('a backed-up database whose schema is damaged "cannot be opened"', async () => {
    const db = join(tempDir('inv-bk-'), 'damaged.db');
    const sqlite = new Database(db, { create: true });
    sqlite.run('CREATE TABLE t(a TEXT UNIQUE)');
    sqlite.run("INSERT INTO t VALUES ('x')");
    sqlite.close();
    // The unique index's name no longer matches its table: SQLite refuses the schema when opening.
    const bytes = readFileSync(db);
    bytes.write('sqlite_autoindex_q', bytes.indexOf('sqlite_autoindex_t_1'), 'latin1');
    const manifest = {
      format: 'invoice-service-backup',
      format_version: 1,
      created_at: 'x',
      service_version: '0',
      migrations: 1,
      files: 0,
    };
    const file = await zipOf([
      { name: 'backup.json', body: JSON.stringify(manifest) },
      { name: 'database/invoice-service.db', body: bytes },
    ]);
    const target = join(tempDir('inv-bk-restore-'), 'data');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('the backed-up database cannot be opened');
    expect(existsSync(target)).toBe(false);
  });
});

describe('restore into a freshly formatted volume, a damaged manifest, and a backup stopped midway', () => {
  test('an empty lost+found (a fresh ext4 volume) does not count as data; it stays', () => {
    const file = backupOf(dataDir());
    const target = join(tempDir('inv-bk-restore-'), 'volume');
    mkdirSync(join(target, 'lost+found'), { recursive: true });
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(readFileSync(join(target, BLOB)).equals(PDF)).toBe(true);
    expect(readdirSync(join(target, 'lost+found'))).toEqual([]);
  });

  test('a lost+found holding files, or anything else, is data: refused, naming what is there', () => {
    const file = backupOf(dataDir());
    const target = join(tempDir('inv-bk-restore-'), 'volume');
    mkdirSync(join(target, 'lost+found'), { recursive: true });
    writeFileSync(join(target, 'lost+found', '#1234'), 'recovered');
    writeFileSync(join(target, 'notes.txt'), 'mine');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not empty (it holds lost+found, notes.txt)');
    expect(readdirSync(target).sort()).toEqual(['lost+found', 'notes.txt']);
  });

  test('a backup.json that is not JSON: the backup is damaged, copy it again', async () => {
    const file = await zipOf([{ name: 'backup.json', body: '{"format": "invoice-service-back' }]);
    const target = join(tempDir('inv-bk-restore-'), 'data');
    const res = runCli(['restore', file], { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('the backup is damaged: its backup.json cannot be read');
    expect(res.stderr).toContain('copy the backup again');
    expect(existsSync(target)).toBe(false);
  });

  test('a backup stopped by SIGTERM leaves neither its .partial file nor its temporary snapshot', async () => {
    const dir = dataDir();
    // Enough stored bytes that the archive is still being written when the signal comes.
    const chunk = Buffer.alloc(4 * 1024 * 1024, 7);
    for (let i = 0; i < 40; i++) {
      mkdirSync(join(dir, 'blobs/renders', `d${i}`), { recursive: true });
      writeFileSync(join(dir, 'blobs/renders', `d${i}`, 'big.pdf'), chunk);
    }
    const tmp = tempDir('inv-bk-tmp-');
    const out = join(tempDir('inv-bk-out-'), 'backup.zip');
    const child = Bun.spawn([...cliCommand(), 'backup', '--out', out], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dir, TMPDIR: tmp },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    while (!existsSync(`${out}.partial`) && child.exitCode === null) await Bun.sleep(2);
    expect(child.exitCode).toBeNull(); // still writing: the signal lands midway
    child.kill('SIGTERM');
    expect(await child.exited).toBe(143);
    expect(existsSync(`${out}.partial`)).toBe(false);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
