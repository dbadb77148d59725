// Settings an operator gets half right, each one line and exit 2 before anything starts, where the service
// used to start without a word and do something else than asked:
// - S3_ENDPOINT and the keys given, S3_BUCKET forgotten or misspelt (S3_BUCKET_NAME): every file went to
//   DATA_DIR, each instance on its own disk; the AWS_* names alone still mean nothing (they may be set for
//   the AWS tools);
// - INBOX_DIR naming a folder that does not exist (a typo, a share not mounted): watched for ever, the files
//   dropped into the real folder never taken; a file there was Node's bare `ENOTDIR ... lstat`.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliCommand, ROOT, runCli, tempDir } from '../harness';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDir('inv-settings-');
  dirs.push(dir);
  return dir;
}

/** `serve`, ended after 20 s if it starts after all (the defect): its exit code, stdout and stderr. */
function serve(env: Record<string, string>) {
  const result = Bun.spawnSync([...cliCommand(), 'serve'], {
    env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...env },
    cwd: ROOT,
    timeout: 20_000,
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

function expectOneLine(res: { code: number | null; stdout: string; stderr: string }, ...parts: string[]) {
  expect({ code: res.code, stdout: res.stdout }).toEqual({ code: 2, stdout: '' });
  const lines = res.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toContain(part);
  expect(res.stderr).not.toMatch(/\n\s+at /);
}

describe('S3_* settings without S3_BUCKET', () => {
  test('serve and the admin commands refuse, naming what was given and S3_BUCKET; no secret echoed', () => {
    const dir = dataDir();
    const env = {
      DATA_DIR: dir,
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'AKIA-OPERATOR',
      S3_SECRET_ACCESS_KEY: 'very-secret-key-1',
      S3_BUCKET_NAME: 'invoices', // the operator's misspelling
    };
    const res = serve(env);
    expectOneLine(
      res,
      'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not',
      'set S3_BUCKET',
    );
    expect(res.stderr).not.toContain('very-secret-key-1');
    expect(existsSync(join(dir, 'invoice-service.db'))).toBe(false); // nothing started
    expectOneLine(runCli(['migrate'], env), 'S3_BUCKET is not');
    // One companion alone, by its flag too.
    expectOneLine(runCli(['migrate', '--s3-region', 'eu-central-1'], { DATA_DIR: dir }), 'S3_REGION is set');
  }, 60_000);

  test('the AWS_* names alone do not count: the files stay in DATA_DIR as before', () => {
    const res = runCli(['migrate'], {
      DATA_DIR: dataDir(),
      AWS_ACCESS_KEY_ID: 'AKIA-OTHER-TOOL',
      AWS_SECRET_ACCESS_KEY: 'other-tool-secret',
      AWS_REGION: 'eu-west-1',
    });
    expect(res.code).toBe(0);
  }, 30_000);
});

describe('INBOX_DIR that is no folder to watch', () => {
  test('one that does not exist: serve refuses, naming it, before anything starts', () => {
    const dir = dataDir();
    const missing = join(dir, 'einvoice'); // the real one is "einvoices"
    const res = serve({ DATA_DIR: join(dir, 'data'), INBOX_DIR: missing });
    expectOneLine(res, `INBOX_DIR ${missing} does not exist`, 'create it');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  }, 30_000);

  test('a file: says so, not ENOTDIR', () => {
    const dir = dataDir();
    const file = join(dir, 'inbox.txt');
    writeFileSync(file, 'x');
    const res = serve({ DATA_DIR: join(dir, 'data'), INBOX_DIR: file });
    expectOneLine(res, `INBOX_DIR ${file} is a file, not a folder`);
  }, 30_000);
});
