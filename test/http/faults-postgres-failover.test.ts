// A failover as an operator meets it: the name in DATABASE_URL moves (a TCP forwarder here) from the
// primary to a hot standby (pg_basebackup of the test cluster, streaming). Every statement of the service
// is SERIALIZABLE, which a hot standby refuses even for reads (SQLSTATE 0A000): a 503 with Retry-After, not
// a 500; /ready 503; and once a writable server answers the name, the instance serves again by itself.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { runCli, tempDir } from '../harness';
import { type Answer, callInstance, type Instance, startInstance, waitUntil } from '../instances';
import { freePort, systemUser } from '../local-services';
import { hasPostgres, startPostgres, type TestPostgres } from '../postgres';
import { TestS3 } from '../s3rver';

let cluster: TestPostgres;
let sql: postgres.Sql;
let database = '';
let s3: TestS3;
let key = '';
const cliDir = tempDir('inv-failover-cli-');

beforeAll(async () => {
  if (!hasPostgres) return;
  cluster = await startPostgres();
  const url = await cluster.createDatabase();
  database = new URL(url).pathname.slice(1);
  sql = postgres(url, { max: 1, onnotice: () => {} });
  s3 = await TestS3.start();
  const cli = { ...s3.env(), DATABASE_URL: url, DATA_DIR: cliDir };
  expect(
    runCli(['plans', 'set', '--id', 'plan_f', '--name', 'F', '--quota', '1000', '--rps', '100000'], cli).code,
  ).toBe(0);
  const made = runCli(['accounts', 'create', '--name', 'Failover', '--plan', 'plan_f', '--json'], cli);
  expect(made.code).toBe(0);
  key = JSON.parse(made.stdout).api_key.api_key;
}, 120_000);

afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await s3?.stop();
  rmSync(cliDir, { recursive: true, force: true });
});

function expect503(answer: Answer) {
  expect([answer.status, answer.body?.error?.code]).toEqual([503, 'service_unavailable']);
  expect(answer.body.error.details.unavailable).toBe('database');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** A TCP forwarder the instance's DATABASE_URL names: the name a failover moves to another server. */
async function forwarder(initial: number) {
  let target = initial;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host: '127.0.0.1', port: target });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    open.add(client);
    client.on('close', () => open.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    /** Points the name at `port` and cuts every connection, as a failover does. */
    moveTo(port: number) {
      target = port;
      for (const socket of open) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Debian's server binaries (newest), run as the cluster's user (postgres when root), as test/postgres.ts does. */
const PG_BIN = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const major = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))[0];
  return major === undefined ? null : join(base, major, 'bin');
})();
const SERVER_USER = process.getuid?.() === 0 ? systemUser('postgres') : null;
const asServerUser = (command: string[]) =>
  SERVER_USER
    ? ['/usr/bin/setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', '--', ...command]
    : command;

/** A hot standby of the test cluster (pg_basebackup, streaming), on a port of its own; null without binaries. */
async function startStandby(primaryPort: number) {
  if (PG_BIN === null) return null;
  const dir = mkdtempSync(join(tmpdir(), 'inv-pg-standby-'));
  if (SERVER_USER) chownSync(dir, SERVER_USER.uid, SERVER_USER.gid);
  const data = join(dir, 'data');
  const backup = Bun.spawnSync(
    asServerUser([
      join(PG_BIN, 'pg_basebackup'),
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]),
    { stdout: 'pipe', stderr: 'pipe' },
  );
  if (backup.exitCode !== 0) throw new Error(`pg_basebackup: ${backup.stderr.toString()}`);
  const port = await freePort();
  const log = join(dir, 'standby.log');
  const server = Bun.spawn(
    asServerUser([
      join(PG_BIN, 'postgres'),
      '-D',
      data,
      '-c',
      `port=${port}`,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'max_connections=300',
      '-c',
      'hot_standby=on',
    ]),
    { stdout: Bun.file(log), stderr: Bun.file(log) },
  );
  await waitUntil(
    async () =>
      existsSync(log) && readFileSync(log, 'utf8').includes('ready to accept read-only connections'),
    () => `the standby (${existsSync(log) ? readFileSync(log, 'utf8').slice(-500) : 'no log'})`,
    30_000,
  );
  return {
    port,
    async stop() {
      server.kill('SIGINT');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!hasPostgres || PG_BIN === null)('a failover to a hot standby behind the name', () => {
  test('its reads and writes answer 503 with Retry-After (not 500), /ready 503; a writable server behind the name, it serves again', async () => {
    const name = await forwarder(cluster.port);
    const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:${name.port}/${database}`, ...s3.env() };
    const moved = await startInstance({ env: { ...env, RENDER_WORKERS: '1', RULES_WORKERS: '1' } });
    const standby = await startStandby(cluster.port);
    try {
      expect((await callInstance(moved, key, 'GET', '/api/v1/customers')).status).toBe(200);
      name.moveTo(standby?.port as number);
      let read: Answer | undefined;
      // The first statements meet the cut connections (503 either way); then the standby answers.
      await waitUntil(
        async () => {
          read = await callInstance(moved, key, 'GET', '/api/v1/customers', undefined, {}, 30_000);
          return read.status !== 503 || (await ready(moved)).status === 503;
        },
        'the standby answering',
        20_000,
      );
      for (let n = 0; n < 3; n++) {
        expect503(await callInstance(moved, key, 'GET', '/api/v1/customers', undefined, {}, 30_000));
        expect503(
          await callInstance(moved, key, 'POST', '/api/v1/customers', { name: 'On standby' }, {}, 30_000),
        );
      }
      expect((await ready(moved)).status).toBe(503);
      name.moveTo(cluster.port);
      await waitUntil(
        async () =>
          (await callInstance(moved, key, 'POST', '/api/v1/customers', { name: 'Back' })).status === 200,
        'writes on the primary again',
        20_000,
      );
    } finally {
      await moved.dispose();
      await standby?.stop();
      await name.close();
    }
    expect((await sql`SELECT name FROM customers WHERE name = 'On standby'`).length).toBe(0);
  }, 120_000);
});

const ready = async (on: Instance) => ({ status: (await fetch(`${on.url}/ready`)).status });
