// `serve` with a HOST that is not this machine's: one line that names HOST and what to set it to (exit 1, no
// stack trace), where Bun's bind error alone said `ENOENT: no such file or directory, listen` (a name that
// does not resolve) or `EADDRNOTAVAIL`, naming no setting.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { runCli, tempDir } from '../harness';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function serveOn(host: string) {
  const dir = tempDir('inv-listen-');
  dirs.push(dir);
  return runCli(['serve'], { DATA_DIR: dir, HOST: host, PORT: '0' });
}

function expectHostLine(res: { code: number; stdout: string; stderr: string }, host: string, what: string) {
  expect({ code: res.code, stdout: res.stdout }).toEqual({ code: 1, stdout: '' });
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`cannot listen on ${host}:0`);
  expect(lines[0]).toContain(`HOST ${host} ${what}`);
  expect(lines[0]).toContain('set HOST to 127.0.0.1 (this machine only), 0.0.0.0 (every interface)');
}

describe('serve on a HOST that is not this machine', () => {
  test('an address of another machine (TEST-NET-1): says it is not one of this machine', () => {
    expectHostLine(serveOn('192.0.2.1'), '192.0.2.1', 'is not an address of this machine');
  }, 30_000);

  test('a name that does not resolve: says so', () => {
    expectHostLine(serveOn('invoices.invalid'), 'invoices.invalid', 'does not resolve here');
  }, 30_000);
});
