// A throw-away PostgreSQL cluster for tests: Debian's server binaries, `initdb` into a temp dir and `postgres`
// in the foreground, on a free loopback port with its unix socket in that dir, no fsync, trust auth on
// loopback. One cluster per test process (bun test runs every file in one process), started on first use and
// stopped when the process exits; each test takes its own empty database with `createDatabase()`.
// As root the server runs as the `postgres` system user (it refuses root); otherwise as whoever runs the tests.
// TLS is on with a self-signed certificate made at boot (openssl): `?sslmode=require` in a URL connects over
// it, plain connections work as before.
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import postgres from 'postgres';
import { freePort, systemUser } from './local-services';

/** The newest installed server (Debian: /usr/lib/postgresql/<major>/bin), or POSTGRES_BIN_DIR. */
function binDir(): string | null {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return majors[0] === undefined ? null : join(base, majors[0], 'bin');
}

const BIN = binDir();
const ROOT_USER = process.getuid?.() === 0;
/** Who runs the server: the `postgres` system user as root, this process's user otherwise. */
const RUN_AS = ROOT_USER ? systemUser('postgres') : null;
// setpriv (util-linux) changes user and then execs, so the server's pid is the one signals go to
// (runuser forks and turns any signal into SIGTERM, then SIGKILL; Bun.spawn's uid is ignored before bun 1.4).
const SETPRIV = '/usr/bin/setpriv';
const asServerUser = (command: string[]) =>
  RUN_AS ? [SETPRIV, '--reuid=postgres', '--regid=postgres', '--init-groups', '--', ...command] : command;

/** Whether a cluster can be started here, known when test files are read: for `test.skipIf(!hasPostgres)`. */
export const hasPostgres: boolean =
  BIN !== null && existsSync(join(BIN, 'initdb')) && (!ROOT_USER || (RUN_AS !== null && existsSync(SETPRIV)));

export interface TestPostgres {
  /** The cluster's `postgres` database as the superuser `postgres` (trust auth, no password). */
  url: string;
  port: number;
  /** The temp dir holding the cluster's files, its socket and its log (`server-<port>.log`). */
  dir: string;
  /** A fresh empty database of its own for one test (or file); its URL. */
  createDatabase(): Promise<string>;
  /** Stops the cluster and removes its files; the next `startPostgres()` starts a new one. */
  stop(): Promise<void>;
  /** Stops the server as `pg_ctl stop -m fast` does (open sessions end), keeping its files: an outage. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port and files. */
  resume(): Promise<void>;
}

let shared: Promise<TestPostgres> | null = null;
/** The shared cluster's server once started: bun test ends a timed-out test's processes, this one included. */
let serving: { server: Subprocess; dir: string } | null = null;

/** The process's cluster, started on the first call; the same one for every later call until `stop()`. */
export function startPostgres(): Promise<TestPostgres> {
  if (serving !== null && (serving.server.exitCode !== null || serving.server.signalCode !== null)) {
    rmSync(serving.dir, { recursive: true, force: true });
    serving = null;
    shared = null;
  }
  shared ??= boot().catch((error) => {
    shared = null;
    throw error;
  });
  return shared;
}

/** Runs a server binary as the cluster's user; throws with its output when it fails. */
function run(command: string[], env: Record<string, string>): void {
  const result = Bun.spawnSync(asServerUser(command), { env, stdout: 'pipe', stderr: 'pipe' });
  if (result.exitCode !== 0) {
    throw new Error(`${command.join(' ')} failed: ${result.stdout.toString()}${result.stderr.toString()}`);
  }
}

const readOr = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The files of clusters whose test process and server are both gone: bun test ends a timed-out test's
 * processes, the watchdog (which would have removed them) included.
 */
function sweepStale(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('inv-pg-')) continue;
    const dir = join(tmpdir(), name);
    const owner = Number(readOr(join(dir, 'owner.pid')));
    const server = Number(readOr(join(dir, 'data', 'postmaster.pid')).split('\n')[0]);
    if (!owner || alive(owner) || (server > 0 && alive(server))) continue;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function boot(): Promise<TestPostgres> {
  if (!hasPostgres || BIN === null)
    throw new Error('no PostgreSQL server binaries (apt-get install postgresql)');
  sweepStale();
  const dir = mkdtempSync(join(tmpdir(), 'inv-pg-'));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  if (RUN_AS) chownSync(dir, RUN_AS.uid, RUN_AS.gid);
  const data = join(dir, 'data');
  const env = { PATH: `${BIN}:/usr/bin:/bin`, HOME: dir, LC_ALL: 'C' };
  try {
    // --no-locale: collation "C", so text sorts by bytes (as SQLite's BINARY); UTF8 rather than C's SQL_ASCII.
    run(
      [
        join(BIN, 'initdb'),
        '-D',
        data,
        '--no-locale',
        '-E',
        'UTF8',
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
      ],
      env,
    );
    for (let attempt = 1; ; attempt++) {
      // A free port can be taken by another process before the server binds it: then a new one.
      const port = await freePort();
      try {
        const server = await serve(dir, port, env);
        serving = { server, dir };
        return cluster(dir, port, server);
      } catch (error) {
        if (attempt >= 3 || !/could not bind|could not create any TCP/i.test(String(error))) throw error;
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A self-signed certificate for 127.0.0.1 in the cluster's dir, made once; null without openssl. */
function certificate(dir: string): { cert: string; key: string } | null {
  const cert = join(dir, 'server.crt');
  const key = join(dir, 'server.key');
  if (!existsSync(cert)) {
    const made = Bun.spawnSync(
      [
        'openssl',
        'req',
        '-new',
        '-x509',
        '-days',
        '2',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdout: 'ignore', stderr: 'ignore' },
    );
    if (made.exitCode !== 0 || !existsSync(cert)) return null;
    // The server refuses a key others can read.
    chmodSync(key, 0o600);
    if (RUN_AS) for (const file of [cert, key]) chownSync(file, RUN_AS.uid, RUN_AS.gid);
  }
  return { cert, key };
}

/** The server in the foreground, its log in the temp dir; resolves once it accepts connections. */
async function serve(dir: string, port: number, env: Record<string, string>): Promise<Subprocess> {
  const log = join(dir, `server-${port}.log`);
  // A resumed server appends to the same log: only what it writes counts.
  const from = readOr(log).length;
  const fd = openSync(log, 'a');
  if (RUN_AS) chownSync(log, RUN_AS.uid, RUN_AS.gid);
  const tls = certificate(dir);
  const settings = {
    ...(tls === null ? {} : { ssl: 'on', ssl_cert_file: tls.cert, ssl_key_file: tls.key }),
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    // Durability is not what tests are about: no fsync and no full pages make commits and CREATE DATABASE cheap.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    // Two instances' pools and the tests' own clients on one cluster.
    max_connections: '300',
  };
  const args = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const server = Bun.spawn(
    asServerUser([join(BIN as string, 'postgres'), '-D', join(dir, 'data'), ...args]),
    {
      env,
      stdin: 'ignore',
      stdout: fd,
      stderr: fd,
    },
  );
  closeSync(fd);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const text = readFileSync(log, 'utf8').slice(from);
    if (text.includes('ready to accept connections')) return server;
    if (server.exitCode !== null || server.signalCode !== null || Date.now() > deadline) {
      server.kill('SIGKILL');
      await server.exited;
      throw new Error(`postgres did not start on port ${port}: ${text.slice(-2000)}`);
    }
    await Bun.sleep(25);
  }
}

function cluster(dir: string, port: number, first: Subprocess): TestPostgres {
  let server = first;
  const env = { PATH: `${BIN}:/usr/bin:/bin`, HOME: dir, LC_ALL: 'C' };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // A process that ends without stop() (bun test simply exits, or is killed with SIGKILL) must not leave a
  // server behind: a watchdog outside it waits for this process to go, then stops the server and removes
  // its files. On an ordinary exit the server is told at once (immediate shutdown: nothing to keep).
  const watchdog = Bun.spawn(
    [
      'sh',
      '-c',
      // The server's pid from its own file: a halted and resumed server has a new one.
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 0.5; done; p=$(head -1 '${dir}/data/postmaster.pid' 2>/dev/null);` +
        ` [ -n "$p" ] && kill -QUIT $p 2>/dev/null; while [ -n "$p" ] && kill -0 $p 2>/dev/null; do sleep 0.1; done; rm -rf '${dir}'`,
    ],
    { stdin: 'ignore', stdout: 'ignore', stderr: 'ignore' },
  );
  watchdog.unref();
  server.unref();
  const onExit = () => server.kill('SIGQUIT');
  process.on('exit', onExit);
  const admin = postgres(url, { max: 1, idle_timeout: 5, onnotice: () => {} });
  let databases = 0;
  let stopped: Promise<void> | null = null;
  return {
    url,
    port,
    dir,
    async createDatabase() {
      const name = `test_${++databases}`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async halt() {
      server.kill('SIGINT'); // fast shutdown, as `pg_ctl restart -m fast` begins
      const down = await Promise.race([server.exited.then(() => true), Bun.sleep(20_000).then(() => false)]);
      if (!down) {
        // Seen twice in CI (a test then waited its whole time limit): say what the server was doing, then
        // end it at once so the tests after it are not all lost too.
        const log = readOr(join(dir, `server-${port}.log`));
        console.error(
          `postgres: a fast shutdown still running after 20 s; its log ends:\n${log.slice(-3000)}`,
        );
        server.kill('SIGQUIT');
        await server.exited;
      }
    },
    async resume() {
      server = await serve(dir, port, env);
      server.unref();
      if (serving) serving.server = server;
    },
    stop() {
      stopped ??= (async () => {
        shared = null;
        serving = null;
        process.off('exit', onExit);
        await admin.end({ timeout: 1 });
        server.kill('SIGINT'); // fast shutdown: ends the sessions still open
        await server.exited;
        watchdog.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
