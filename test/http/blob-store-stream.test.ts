// BlobStore.putStream on both stores (issue 37): the data dir's (a temp file renamed at the end) and an S3
// bucket's (one multipart upload, against s3rver behind a recording proxy, test/s3-proxy.ts). A large
// stream is stored while it is still being read and comes back byte for byte; a source or a bucket that
// fails midway leaves nothing under the key, and a blob stored there before stays as it was.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BlobStore } from '../../src/storage/blob-store';
import { FsBlobStore } from '../../src/storage/fs-blob-store';
import { MULTIPART } from '../../src/storage/s3-blob-store';
import { tempDir } from '../harness';
import { S3Proxy, s3Error, until } from '../s3-proxy';
import { TestS3 } from '../s3rver';

const MiB = 1024 * 1024;
const TOTAL = 30 * MiB;
const CHUNK = 64 * 1024;
/** Where a test looks at the store mid-write: past two whole parts. */
const MIDWAY = 12 * MiB;

let s3: TestS3;
let proxy: S3Proxy;
let fsRoot: string;

beforeAll(async () => {
  s3 = await TestS3.start();
  proxy = S3Proxy.start(s3);
  fsRoot = tempDir('inv-blobstream-');
});
afterAll(async () => {
  await proxy.stop();
  await s3.stop();
  rmSync(fsRoot, { recursive: true, force: true });
});

/** Bytes no two positions of which repeat in a short cycle: a chunk dropped or reordered shows. */
function pattern(size: number, seed = 0): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8) + seed) & 0xff;
  return bytes;
}

/** A source of `bytes` in CHUNK-sized pieces that records how far it was read and whether it was ended. */
function source(
  bytes: Uint8Array,
  hooks: { at?: number; midway?: () => Promise<void>; failAt?: number } = {},
) {
  const state = { read: 0, ended: false };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for (let at = 0; at < bytes.byteLength; at += CHUNK) {
        if (at === hooks.at) await hooks.midway?.();
        if (at === hooks.failAt) throw new Error('the source failed midway');
        state.read = at + CHUNK;
        yield bytes.subarray(at, at + CHUNK);
      }
    } finally {
      state.ended = true;
    }
  }
  return { state, chunks: chunks() };
}

const same = (a: Uint8Array | null, b: Uint8Array) => a !== null && Buffer.from(a).equals(Buffer.from(b));
async function listed(store: BlobStore, prefix: string) {
  const entries: { key: string; size: number }[] = [];
  for await (const entry of store.list(prefix)) entries.push(entry);
  return entries;
}
/** The files of an FsBlobStore folder, temp files included. */
const filesIn = (dir: string) => readdirSync(dir).sort();

const stores = {
  filesystem: () => new FsBlobStore(join(fsRoot, 'blobs')),
  s3: () => proxy.store(),
} satisfies Record<string, () => BlobStore>;

describe.each(['filesystem', 's3'] as const)('putStream: %s', (kind) => {
  let store: BlobStore;
  const at = (key: string) => `stream-${kind}/${key}`;
  const folder = (key: string) => join(fsRoot, 'blobs', at(key), '..');
  beforeAll(() => {
    store = stores[kind]();
  });

  test('30 MiB in 64 KiB chunks is stored while it is read, invisible until whole, and read back identical', async () => {
    const key = at('big/archive.zip');
    const before = pattern(1000, 9);
    await store.put(key, before); // a blob already there is replaced whole, never mixed
    const bytes = pattern(TOTAL);
    const midway = async () => {
      // The bytes read so far are already on their way: on disk in the temp file, or in the bucket's parts.
      if (kind === 'filesystem') {
        const temps = filesIn(folder('big/archive.zip')).filter((name) => name.endsWith('.tmp'));
        expect(temps).toHaveLength(1);
        expect(statSync(join(folder('big/archive.zip'), temps[0] as string)).size).toBe(MIDWAY);
      } else {
        await until(() => proxy.shapeOf(key).parts.length >= 1, 'the first part uploaded mid-stream');
      }
      // ...and nothing new is visible under the key yet.
      expect(same(await store.get(key), before)).toBe(true);
      expect(await listed(store, at('big/'))).toEqual([{ key, size: before.byteLength }]);
    };
    const { state, chunks } = source(bytes, { at: MIDWAY, midway });
    expect(await store.putStream(key, chunks, 'application/zip')).toBe(TOTAL);
    expect(state.ended).toBe(true);
    expect(same(await store.get(key), bytes)).toBe(true);
    expect(await listed(store, at('big/'))).toEqual([{ key, size: TOTAL }]);
    if (kind === 'filesystem') expect(filesIn(folder('big/archive.zip'))).toEqual(['archive.zip']);
    else {
      const shape = proxy.shapeOf(key);
      // One multipart upload of six 5 MiB parts (30 MiB / 5 MiB); the single PUT is the `put` before it.
      expect(shape).toMatchObject({ puts: 1, creates: 1, completes: 1, aborts: 0 });
      expect(shape.parts.map((p) => p.number).sort()).toEqual([1, 2, 3, 4, 5, 6]); // two at a time
      expect(shape.parts.every((p) => p.bytes === MULTIPART.partSize)).toBe(true);
    }
  }, 60_000);

  test('a source that fails midway: its error, nothing stored, the earlier blob intact, no temp file', async () => {
    const key = at('failing/archive.zip');
    const before = pattern(2000, 3);
    await store.put(key, before);
    const midway = async () => {
      // Past two parts: the multipart upload exists and holds parts when the source fails.
      if (kind === 's3') await until(() => proxy.shapeOf(key).parts.length >= 1, 'a part uploaded');
    };
    const { state, chunks } = source(pattern(TOTAL), { at: MIDWAY, midway, failAt: MIDWAY });
    await expect(store.putStream(key, chunks)).rejects.toThrow('the source failed midway');
    expect(state.ended).toBe(true);
    expect(same(await store.get(key), before)).toBe(true);
    expect(await listed(store, at('failing/'))).toEqual([{ key, size: before.byteLength }]);
    if (kind === 'filesystem') expect(filesIn(folder('failing/archive.zip'))).toEqual(['archive.zip']);
    else {
      // AbortMultipartUpload drops the parts (sent as the write fails, answered after it rejected).
      await until(() => proxy.shapeOf(key).aborts >= 1, 'the upload aborted');
      expect(proxy.shapeOf(key).completes).toBe(0);
    }

    // Under a key that held nothing, nothing appears.
    const fresh = at('failing/new.zip');
    await expect(store.putStream(fresh, source(pattern(TOTAL), { failAt: MIDWAY }).chunks)).rejects.toThrow(
      'the source failed midway',
    );
    expect(await store.get(fresh)).toBeNull();
    expect(await store.stream(fresh)).toBeNull();
  }, 60_000);

  test('a web stream works as a source; empty chunks are skipped; an empty source stores an empty blob', async () => {
    const parts = [pattern(10), new Uint8Array(), pattern(70_000, 1), pattern(5)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    expect(await store.putStream(at('small/web.bin'), stream)).toBe(70_015);
    expect(same(await store.get(at('small/web.bin')), Buffer.concat(parts))).toBe(true);
    expect(await store.putStream(at('small/empty.bin'), source(new Uint8Array()).chunks)).toBe(0);
    expect((await store.get(at('small/empty.bin')))?.byteLength).toBe(0);
    await expect(store.putStream('../escape.zip', source(pattern(10)).chunks)).rejects.toThrow(
      'invalid blob key',
    );
  });
});

describe('putStream on a bucket that fails midway', () => {
  afterAll(() => {
    proxy.fault = null;
  });

  test('a part refused for good: the upload is aborted, nothing stored, the source no longer read', async () => {
    const key = 'stream-s3/refused/archive.zip';
    proxy.fault = (request) =>
      request.key === key && request.query.get('partNumber') === '2' ? s3Error(500, 'InternalError') : null;
    const { state, chunks } = source(pattern(TOTAL));
    await expect(proxy.store().putStream(key, chunks)).rejects.toThrow();
    expect(state.ended).toBe(true);
    expect(state.read).toBeLessThan(TOTAL); // cancelled, not drained
    const shape = proxy.shapeOf(key);
    expect(shape.parts.filter((p) => p.number === 2).length).toBeGreaterThanOrEqual(2); // retried first
    expect(shape).toMatchObject({ puts: 0, creates: 1, completes: 0 });
    await until(() => proxy.shapeOf(key).aborts >= 1, 'the upload aborted');
    expect(await s3.store().get(key)).toBeNull();
    expect(await s3.keys('stream-s3/refused/')).toEqual([]);
  }, 60_000);
});
