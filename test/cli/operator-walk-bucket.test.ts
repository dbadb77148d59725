// `serve` with a bucket it cannot use (a wrong S3_ENDPOINT, a bucket that does not exist, refused keys):
// the server still starts (a bucket briefly away must not keep an instance down, docs/storage.md), but says
// so on stderr in one line naming the bucket and what to check, instead of starting silently and failing
// every render, upload and received file with 503 later. A bucket that answers gets no such line.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { cliCommand, tempDir } from '../harness';
import { freePort } from '../local-services';
import { TestS3 } from '../s3rver';

let s3: TestS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await TestS3.start();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts `serve` and waits for its listening line; then until stderr holds `wanted` (20 s at most), or,
 * without `wanted`, until /ready (which asks the bucket too) has answered twice. Its stderr.
 */
async function startAndRead(env: Record<string, string>, wanted?: string): Promise<string> {
  const dir = tempDir('inv-bucket-');
  dirs.push(dir);
  const proc = Bun.spawn([...cliCommand(), 'serve', '--port', '0'], {
    env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dir, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let stderr = '';
  const reading = (async () => {
    for await (const chunk of proc.stderr) stderr += new TextDecoder().decode(chunk);
  })();
  try {
    const reader = proc.stdout.getReader();
    let stdout = '';
    while (!stdout.includes('listening on')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`server exited: ${stdout}${stderr}`);
      stdout += new TextDecoder().decode(value);
    }
    reader.releaseLock();
    const url = /listening on (\S+)/.exec(stdout)?.[1] ?? '';
    if (wanted === undefined) {
      for (let i = 0; i < 2; i++) await (await fetch(`${url}/ready`)).arrayBuffer();
    } else {
      // Bounded, so that a start that never says it fails on the assertion, not on the test's timeout.
      for (let i = 0; i < 400 && !stderr.includes(wanted); i++) await Bun.sleep(50);
    }
  } finally {
    proc.kill('SIGTERM');
  }
  await proc.exited;
  await reading;
  return stderr;
}

describe('serve and its bucket', () => {
  test('an endpoint nothing listens on: one line naming the bucket and the settings to check', async () => {
    const port = await freePort();
    const stderr = await startAndRead(s3.env({ S3_ENDPOINT: `http://127.0.0.1:${port}` }), 'cannot be used');
    const lines = stderr.split('\n').filter((line) => line.includes('bucket'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`the bucket "${s3.bucket}" at http://127.0.0.1:${port} cannot be used`);
    expect(lines[0]).toContain('check S3_ENDPOINT, S3_BUCKET and the keys');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  test('a bucket that does not exist: the same line', async () => {
    const stderr = await startAndRead(s3.env({ S3_BUCKET: 'no-such-bucket' }), 'cannot be used');
    expect(stderr).toContain('the bucket "no-such-bucket" at ');
    expect(stderr).toContain('cannot be used');
  }, 60_000);

  test('a bucket that answers: no line about it', async () => {
    const stderr = await startAndRead(s3.env());
    expect(stderr).not.toContain('cannot be used');
  }, 60_000);
});
