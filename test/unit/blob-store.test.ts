import { afterAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../src/shared/errors';
import { FsBlobStore, storageError } from '../../src/storage/fs-blob-store';
import { tempDir } from '../harness';

/**
 * Mounts a tmpfs of `bytes` at `dir` so the test meets a real full (or read-only) disk with the kernel's own
 * errno. Needs root; answers false where mounting is not permitted so the tests skip.
 */
function mountTinyTmpfs(dir: string, bytes: number, options: { readOnly?: boolean } = {}): boolean {
  const flags = `size=${bytes}${options.readOnly ? ',ro' : ''}`;
  return spawnSync('mount', ['-t', 'tmpfs', '-o', flags, 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
}

function unmount(dir: string): void {
  spawnSync('umount', ['-l', dir], { stdio: 'ignore' });
}

/** Every file under a directory, recursively (temp files included). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('storageError', () => {
  test('maps the errno codes of a full or read-only disk to insufficient_storage', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'EROFS']) {
      const mapped = storageError(Object.assign(new Error(code), { code }));
      expect(mapped).toBeInstanceOf(DomainError);
      expect((mapped as DomainError).code).toBe('insufficient_storage');
      expect((mapped as DomainError).details).toEqual({ reason: code });
    }
  });

  test('leaves every other error as it was', () => {
    const denied = Object.assign(new Error('denied'), { code: 'EACCES' });
    expect(storageError(denied)).toBe(denied);
    const plain = new Error('boom');
    expect(storageError(plain)).toBe(plain);
  });
});

// Real errno, not a mock: a 4 KiB tmpfs fills up for real (ENOSPC) and a read-only one refuses writes (EROFS).
// Mounting needs root (the project's machines and CI run as root); elsewhere these tests are skipped.
const root = tempDir('inv-blobfs-');
const full = join(root, 'full');
const readOnly = join(root, 'ro');
mkdirSync(full);
mkdirSync(readOnly);
const canMount = mountTinyTmpfs(full, 4096) && mountTinyTmpfs(readOnly, 4096, { readOnly: true });

describe.skipIf(!canMount)('FsBlobStore on a real full or read-only filesystem', () => {
  afterAll(() => {
    unmount(full);
    unmount(readOnly);
    rmSync(root, { recursive: true, force: true });
  });

  test('a write larger than the free space is insufficient_storage (ENOSPC) and leaves no file', async () => {
    const store = new FsBlobStore(full);
    const error = await rejection(store.put('renders/acc_1/rnd_1.pdf', new Uint8Array(64 * 1024).fill(7)));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('insufficient_storage');
    expect((error as DomainError).details).toEqual({ reason: 'ENOSPC' });
    expect(filesUnder(full)).toEqual([]);
    expect(await store.get('renders/acc_1/rnd_1.pdf')).toBeNull();

    // The partial temp file was removed, so the space it held is free again for a file that fits.
    await store.put('renders/acc_1/small.pdf', new Uint8Array(1024).fill(1));
    expect((await store.get('renders/acc_1/small.pdf'))?.byteLength).toBe(1024);
  });

  test('a streamed write that outgrows the free space: insufficient_storage, no file, the source no longer read', async () => {
    const store = new FsBlobStore(full);
    for (const file of filesUnder(full)) rmSync(file); // the whole 4 KiB free: 64 KiB will not fit
    const state = { chunks: 0, ended: false };
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (; state.chunks < 64; state.chunks++) yield new Uint8Array(1024).fill(state.chunks);
      } finally {
        state.ended = true;
      }
    }
    const error = await rejection(store.putStream('exports/acc_1/exa_1.zip', source()));
    expect((error as DomainError).code).toBe('insufficient_storage');
    expect((error as DomainError).details).toEqual({ reason: 'ENOSPC' });
    expect(state.ended).toBe(true);
    expect(state.chunks).toBeLessThan(64); // stopped at the chunk the disk refused, not drained
    expect(filesUnder(full)).toEqual([]); // the temp file is gone: its space is free again
    expect(await store.get('exports/acc_1/exa_1.zip')).toBeNull();
  });

  test('a write to read-only storage is insufficient_storage (EROFS)', async () => {
    const store = new FsBlobStore(readOnly);
    const error = await rejection(store.put('a.pdf', new Uint8Array([1, 2, 3])));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details).toEqual({ reason: 'EROFS' });
  });

  test('the readiness probe fails on full storage', async () => {
    const store = new FsBlobStore(full);
    for (const file of filesUnder(full)) rmSync(file);
    await store.put('filler.bin', new Uint8Array(4096)); // exactly the one page this tmpfs has
    const error = await rejection(store.check());
    expect((error as DomainError).code).toBe('insufficient_storage');
    expect(filesUnder(full).map((file) => file.slice(full.length))).toEqual(['/filler.bin']);
  });
});

describe('FsBlobStore directories', () => {
  const root = tempDir();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('creates missing directories, also after someone removed them between writes', async () => {
    const store = new FsBlobStore(root);
    await store.put('renders/acct_1/a.pdf', new Uint8Array([1]));
    rmSync(join(root, 'renders'), { recursive: true, force: true });
    await store.put('renders/acct_1/b.pdf', new Uint8Array([2]));
    await store.put('renders/acct_2/deeper/c.pdf', new Uint8Array([3]));
    expect(await store.get('renders/acct_1/b.pdf')).toEqual(new Uint8Array([2]));
    expect(await store.get('renders/acct_2/deeper/c.pdf')).toEqual(new Uint8Array([3]));
    expect(await store.get('renders/acct_1/a.pdf')).toBeNull();
  });
});
