// test/instances.ts: the service as a process of its own, as the multi-instance tests run it. On the
// embedded default (SQLite in the data dir): it starts and answers, kill -9 ends it for real, a SIGTERM
// stops it cleanly and a restart on the same data dir keeps its data, and this process's own settings
// (a bucket in the runner's env) never reach an instance that was not given them.
import { afterEach, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { type Instance, startInstance, waitUntil } from '../instances';

const started: Instance[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((instance) => instance.dispose()));
});
const start = async (...args: Parameters<typeof startInstance>) => {
  const instance = await startInstance(...args);
  started.push(instance);
  return instance;
};
const me = (instance: Instance, key: string) =>
  fetch(`${instance.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${key}` } });

test('an instance answers /health and its first key works; kill -9 ends the process', async () => {
  const instance = await start();
  expect((await fetch(`${instance.url}/health`)).status).toBe(200);
  const key = instance.apiKey();
  expect(key).toStartWith('sk_');
  expect((await me(instance, key as string)).status).toBe(200);
  expect(existsSync(join(instance.dataDir, 'invoice-service.db'))).toBe(true);

  expect(await instance.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  expect(instance.running()).toBe(false);
  expect(() => process.kill(instance.pid, 0)).toThrow(); // no such process: nothing left, not even a zombie
  await expect(fetch(`${instance.url}/health`)).rejects.toThrow();
});

test('SIGTERM stops it cleanly; a restart on the same data dir keeps its account and key', async () => {
  const first = await start();
  const key = first.apiKey() as string;
  expect(await first.kill('SIGTERM')).toEqual({ code: 0, signal: null });

  const again = await start({ dataDir: first.dataDir });
  expect(again.url).not.toBe('');
  expect(again.apiKey()).toBeNull(); // the account exists: no new one, no new key
  expect((await me(again, key)).status).toBe(200);
});

test('SIGTERM lets a request in progress answer, refuses new connections, then exits 0', async () => {
  const instance = await start();
  const key = instance.apiKey() as string;
  const { port } = new URL(instance.url);
  // A create whose body is still arriving when the signal comes: in progress, not yet answered.
  const body = JSON.stringify({ name: 'Answered during the stop' });
  const socket = connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/v1/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
  );
  await Bun.sleep(300);
  process.kill(instance.pid, 'SIGTERM');
  await Bun.sleep(300);
  expect(instance.running()).toBe(true); // waiting for the request
  await expect(fetch(`${instance.url}/health`)).rejects.toThrow(); // no new connection
  socket.write(body.slice(5));
  await closed;
  expect(answer).toStartWith('HTTP/1.1 200');
  expect(answer).toContain('"Answered during the stop"');
  // It ends by itself (a second SIGTERM would be the operator insisting): cleanly.
  await waitUntil(async () => !instance.running(), 'the stop', 20_000);
  expect(await instance.kill('SIGTERM')).toEqual({ code: 0, signal: null });
});

test("this process's service settings do not leak into an instance; its own env does", async () => {
  const before = process.env.S3_BUCKET;
  process.env.S3_BUCKET = 'leaked-from-the-runner';
  try {
    const plain = await start();
    const ready = (await (await fetch(`${plain.url}/ready`)).json()) as { storage: unknown };
    expect(ready.storage).toEqual({ kind: 'filesystem' });
  } finally {
    if (before === undefined) delete process.env.S3_BUCKET;
    else process.env.S3_BUCKET = before;
  }
  const told = await start({ env: { JOB_LEASE_SECONDS: 'not-a-number' } }).catch((error: Error) => error);
  expect(told).toBeInstanceOf(Error);
  expect(String(told)).toContain('JOB_LEASE_SECONDS');
});
