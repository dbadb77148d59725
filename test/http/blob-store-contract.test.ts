// One contract for both blob stores: the data dir's (FsBlobStore) and an S3 bucket's (S3BlobStore, against
// s3rver started in this process on a random port). Every caller in the service relies on exactly this.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BlobStore } from '../../src/storage/blob-store';
import { FsBlobStore } from '../../src/storage/fs-blob-store';
import { S3BlobStore } from '../../src/storage/s3-blob-store';
import { tempDir } from '../harness';
import { TestS3 } from '../s3rver';

let s3: TestS3;
let fsRoot: string;
const stores: Record<'filesystem' | 's3', () => BlobStore> = {
  filesystem: () => new FsBlobStore(join(fsRoot, 'blobs')),
  s3: () => s3.store(),
};

beforeAll(async () => {
  s3 = await TestS3.start();
  fsRoot = tempDir('inv-blobs-');
});
afterAll(async () => {
  await s3.stop();
  rmSync(fsRoot, { recursive: true, force: true });
});

const bytesOf = (text: string) => new TextEncoder().encode(text);
/** Bytes no two positions of which repeat in a short cycle: a chunk dropped or reordered shows. */
function pattern(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}
async function streamed(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
async function listed(store: BlobStore, prefix: string) {
  const entries: { key: string; size: number }[] = [];
  for await (const entry of store.list(prefix)) entries.push(entry);
  return entries;
}

describe.each(['filesystem', 's3'] as const)('BlobStore contract: %s', (kind) => {
  let store: BlobStore;
  // Each store kind gets its own key space, so the two runs cannot see each other's objects.
  const at = (key: string) => `contract-${kind}/${key}`;
  beforeAll(() => {
    store = stores[kind]();
  });

  test('reports its kind; put then get gives the same bytes; a second put replaces the first', async () => {
    expect(store.kind).toBe(kind);
    await store.put(at('renders/acc_1/ren_1.pdf'), bytesOf('%PDF-1.7 first'), 'application/pdf');
    expect(await store.get(at('renders/acc_1/ren_1.pdf'))).toEqual(bytesOf('%PDF-1.7 first'));
    await store.put(at('renders/acc_1/ren_1.pdf'), bytesOf('%PDF-1.7 second'), 'application/pdf');
    expect(await store.get(at('renders/acc_1/ren_1.pdf'))).toEqual(bytesOf('%PDF-1.7 second'));
  });

  test('a missing blob is null from get and from stream, never an error', async () => {
    expect(await store.get(at('missing/nothing.pdf'))).toBeNull();
    expect(await store.stream(at('missing/nothing.pdf'))).toBeNull();
  });

  test('stream gives a large blob whole and in order, and an empty one as no bytes', async () => {
    const big = pattern(3 * 1024 * 1024 + 17);
    await store.put(at('big/one.bin'), big);
    const stream = await store.stream(at('big/one.bin'));
    expect(stream).not.toBeNull();
    const read = await streamed(stream as ReadableStream<Uint8Array>);
    expect(read.byteLength).toBe(big.byteLength);
    expect(Buffer.from(read).equals(Buffer.from(big))).toBe(true);
    await store.put(at('big/empty.bin'), new Uint8Array());
    expect(
      (await streamed((await store.stream(at('big/empty.bin'))) as ReadableStream<Uint8Array>)).byteLength,
    ).toBe(0);
  });

  test('list gives the keys under a prefix in key order with their sizes, nothing outside it', async () => {
    const keys = ['list/b/2.xml', 'list/a/1.pdf', 'list/a/10.pdf', 'list/c.json', 'listing/other.pdf'];
    for (const [i, key] of keys.entries()) await store.put(at(key), pattern(100 + i));
    expect(await listed(store, at('list/'))).toEqual([
      { key: at('list/a/1.pdf'), size: 101 },
      { key: at('list/a/10.pdf'), size: 102 },
      { key: at('list/b/2.xml'), size: 100 },
      { key: at('list/c.json'), size: 103 },
    ]);
    // A prefix that is not a folder: what starts with it, also across folders.
    expect((await listed(store, at('list/a/1'))).map((e) => e.key)).toEqual([
      at('list/a/1.pdf'),
      at('list/a/10.pdf'),
    ]);
    expect((await listed(store, at('list'))).map((e) => e.key)).toContain(at('listing/other.pdf'));
    expect(await listed(store, at('nothing-here/'))).toEqual([]);
    // '' is everything: this run's keys among them.
    const all = (await listed(store, '')).map((e) => e.key);
    expect(all).toContain(at('list/c.json'));
    expect(all).toEqual([...all].sort());
  });

  test('delete removes a blob (get, stream and list no longer see it); deleting a missing one is fine', async () => {
    await store.put(at('gone/x.pdf'), bytesOf('x'));
    await store.delete(at('gone/x.pdf'));
    expect(await store.get(at('gone/x.pdf'))).toBeNull();
    expect(await store.stream(at('gone/x.pdf'))).toBeNull();
    expect(await listed(store, at('gone/'))).toEqual([]);
    await store.delete(at('gone/x.pdf'));
    await store.delete(at('never/was.pdf'));
  });

  test('check passes and leaves no probe behind; a key that could escape is refused', async () => {
    await store.check();
    expect((await listed(store, '')).filter((e) => e.key.includes('.probe'))).toEqual([]);
    for (const key of ['../escape.pdf', '/abs.pdf', 'spaces in key.pdf', 'a/../../b.pdf']) {
      await expect(store.put(key, bytesOf('x'))).rejects.toThrow('invalid blob key');
    }
  });
});

describe('S3BlobStore against a bucket it cannot use', () => {
  test('a missing bucket fails the check (so /ready says storage: error) and every write', async () => {
    const store = s3.store({ S3_BUCKET: 'no-such-bucket' });
    await expect(store.check()).rejects.toThrow();
    await expect(store.put('renders/x.pdf', bytesOf('x'))).rejects.toThrow();
  });

  test('an unknown access key is refused', async () => {
    const store = s3.store({ S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    await expect(store.put('renders/x.pdf', bytesOf('x'))).rejects.toThrow();
    expect(await s3.keys('renders/')).toEqual([]);
  });

  test('an unreachable endpoint fails the check', async () => {
    // A port of this machine nothing listens on: s3rver's, after it stopped.
    const gone = await TestS3.start('gone');
    const store = new S3BlobStore(gone.settings());
    await gone.stop();
    await expect(store.check()).rejects.toThrow();
  });
});
