import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseOf, hostShareDir, joinHostShare, STALE_MS } from '../../src/workers/host-share';
import { WorkerPool } from '../../src/workers/pool-core';
import { tempDir } from '../harness';

const root = tempDir('inv-host-share-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const options = { root, recountMs: 0 };

describe('instances of one deployment on one host', () => {
  test('count each other, take their share of the workers, and grow back when one leaves', () => {
    const a = joinHostShare('postgres://db/one', options);
    const b = joinHostShare('postgres://db/one', options);
    const other = joinHostShare('postgres://db/two', options);
    try {
      expect(a.instances()).toBe(2);
      expect(b.instances()).toBe(2);
      expect(other.instances()).toBe(1);
      expect([a.share(2), a.share(4), a.share(3), a.share(1), a.share(0)]).toEqual([1, 2, 2, 1, 0]);
      expect(other.share(2)).toBe(2);
      b.leave();
      expect(a.instances()).toBe(1);
      expect(a.share(2)).toBe(2);
    } finally {
      for (const share of [a, b, other]) share.leave();
    }
  });

  test('URLs of one database that differ in parameters, password or spelling are one deployment', () => {
    const urls = [
      'postgres://app:first@db.internal:5432/invoices',
      'postgresql://app:rotated@DB.internal/invoices?sslmode=require&max=20',
      'postgres://app@db.internal/invoices?max=20&sslmode=require',
    ];
    const shares = urls.map((url) => joinHostShare(url, options));
    const elsewhere = [
      'postgres://app@db.internal:5433/invoices',
      'postgres://app@db.internal/archive',
      'postgres://app@replica.internal/invoices',
    ].map((url) => joinHostShare(url, options));
    try {
      expect(shares.map((share) => share.instances())).toEqual([3, 3, 3]);
      expect(elsewhere.map((share) => share.instances())).toEqual([1, 1, 1]);
    } finally {
      for (const share of [...shares, ...elsewhere]) share.leave();
    }
    expect(databaseOf('postgres://app@/invoices?host=/run/postgresql')).toBe('/run/postgresql:5432/invoices');
    expect(databaseOf('postgres://app@db')).toBe('db:5432/app');
    expect(databaseOf('postgres://db:6432')).toBe('db:6432/postgres');
    expect(databaseOf('not a url')).toBe('not a url');
  });

  test('a mark not renewed (an instance killed) is not counted, and is removed', () => {
    const dir = hostShareDir('postgres://db/three', root);
    mkdirSync(dir, { recursive: true });
    const dead = join(dir, '999999-dead');
    writeFileSync(dead, '');
    const past = new Date(Date.now() - STALE_MS - 5_000);
    utimesSync(dead, past, past);
    const alive = join(dir, '999998-alive');
    writeFileSync(alive, '');
    const share = joinHostShare('postgres://db/three', options);
    try {
      expect(share.instances()).toBe(2);
      expect(readdirSync(dir).some((name) => name.includes('dead'))).toBe(false);
    } finally {
      share.leave();
    }
  });

  test('the URL is not written anywhere, only its hash names the folder', () => {
    const share = joinHostShare('postgres://user:secret@db/four', options);
    try {
      const dir = hostShareDir('postgres://user:secret@db/four', root);
      expect(dir).not.toContain('secret');
      expect(readdirSync(dir)).toHaveLength(1);
    } finally {
      share.leave();
    }
  });

  test('a folder that cannot be made counts the instance alone', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const share = joinHostShare('postgres://db/five', { root: file, recountMs: 0 });
    expect(share.instances()).toBe(1);
    expect(share.share(2)).toBe(2);
    share.leave();
  });
});

describe('a worker pool whose size changes', () => {
  const ENTRY = new URL('../workers/echo-worker.ts', import.meta.url).href;
  let size = 2;
  const pool = new WorkerPool<{ value: string; ms: number }, string, { id: number; value: string }>({
    entry: ENTRY,
    size: () => size,
    start: 'as-needed',
    timeLimitMs: 30_000,
    memoryLimitBytes: Number.POSITIVE_INFINITY,
    message: (task, id) => ({ id, ...task }),
    answer: (reply) => ({ value: reply.value }),
    limit: () => ({ error: new Error('limit') }),
    errors: { closed: 'closed', closing: 'closing', crashed: 'crashed' },
  });
  afterAll(() => pool.close());
  const run = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => pool.submit({ value: `v${i}`, ms: 50 })));

  test('ends workers freed above its size, and starts them again when it grows', async () => {
    expect(await run(2)).toEqual(['v0', 'v1']);
    expect(pool.workers).toBe(2);
    size = 1;
    expect(await run(3)).toEqual(['v0', 'v1', 'v2']);
    expect(pool.workers).toBe(1);
    size = 3;
    expect(await run(3)).toEqual(['v0', 'v1', 'v2']);
    expect(pool.workers).toBe(3);
  });
});
