// An operator's wrong DATABASE_URL at start: `migrate` and `serve` end with one line that says it is
// DATABASE_URL's server and what to check (exit 1, no stack trace, never the password), instead of a bare
// driver message (`connect ECONNREFUSED 127.0.0.1:1`) or, for a server that never answers, a silent wait.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { runCli, tempDir } from '../harness';
import { freePort } from '../local-services';

const dirs: string[] = [];
let silent: Server;
let silentPort = 0;

beforeAll(async () => {
  // Takes connections and never answers a byte: a frozen server, or a proxy in front of a dead one.
  silent = createServer((socket) => socket.on('data', () => undefined));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(() => {
  silent.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], url: string) {
  const dir = tempDir('inv-dburl-');
  dirs.push(dir);
  return runCli(args, {
    DATABASE_URL: url,
    DATA_DIR: join(dir, 'cache'),
    PORT: '0',
    DATABASE_ANSWER_TIMEOUT_SECONDS: '2',
  });
}

function expectOneLine(res: { code: number; stderr: string; stdout: string }, ...parts: string[]): void {
  expect(res.code).toBe(1);
  expect(res.stdout).toBe('');
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toContain(part);
  expect(lines[0]).not.toContain('s3cr3t-pw');
  expect(res.stderr).not.toMatch(/\n\s+at /); // no stack trace
}

describe('a DATABASE_URL the start cannot use', () => {
  test('a port nothing listens on: names DATABASE_URL and the server, says to check the port', async () => {
    const port = await freePort();
    for (const command of [['migrate'], ['serve']]) {
      const res = run(command, `postgres://inv:s3cr3t-pw@127.0.0.1:${port}/invoices`);
      expectOneLine(res, 'DATABASE_URL', `127.0.0.1:${port}`, 'ECONNREFUSED', 'PostgreSQL runs there');
    }
  }, 60_000);

  test('a server that takes the connection and never answers: one line after the answer timeout', () => {
    for (const command of [['migrate'], ['serve']]) {
      const res = run(command, `postgres://inv:s3cr3t-pw@127.0.0.1:${silentPort}/invoices`);
      expectOneLine(res, 'DATABASE_URL', `127.0.0.1:${silentPort}`, 'did not answer within 2 s');
    }
  }, 60_000);
  test('a socket folder without PostgreSQL in it: says it is no PostgreSQL socket', () => {
    const dir = tempDir('inv-nosocket-');
    dirs.push(dir);
    // A URL without a host, the socket folder in PGHOST (libpq's way, which postgres.js reads too).
    const res = runCli(['migrate'], {
      DATABASE_URL: 'postgres:///invoices',
      PGHOST: dir,
      DATA_DIR: join(dir, 'cache'),
      DATABASE_ANSWER_TIMEOUT_SECONDS: '2',
    });
    expectOneLine(res, 'DATABASE_URL', 'no PostgreSQL socket', dir);
  }, 60_000);
});
