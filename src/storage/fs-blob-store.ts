import type { Dirent } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DomainError } from '../shared/errors';
import { randomToken } from '../shared/ids';
import { assertBlobKey, type BlobEntry, type BlobSource, type BlobStore, probe } from './blob-store';

/**
 * errno codes that mean "the disk cannot take this file", not "this code is wrong": the caller gets a 507
 * it can act on (free space, retry later) instead of an opaque 500.
 */
const STORAGE_FULL_CODES: Record<string, string> = {
  ENOSPC: 'no space left on the storage device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'the storage is read-only',
};

/** The error a blob write answers when the storage is full or read-only; any other error stays as it is. */
export function storageError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string' || !(code in STORAGE_FULL_CODES)) return error;
  return new DomainError(
    'insufficient_storage',
    `The file could not be stored: ${STORAGE_FULL_CODES[code]}`,
    {
      reason: code,
    },
  );
}

/** Blobs as files under one root; writes go to a temp name first so a crash never leaves half a file. */
export class FsBlobStore implements BlobStore {
  readonly kind = 'filesystem' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertBlobKey(key);
    return join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.path(key);
    const temp = `${target}.${randomToken(6)}.tmp`;
    try {
      await writeCreatingDir(temp, bytes);
      await rename(temp, target);
    } catch (error) {
      // A write that ran out of space leaves a partial temp file behind: remove it so a full disk does not
      // stay full of half files (the target itself is only ever replaced whole, by the rename).
      await rm(temp, { force: true }).catch(() => undefined);
      throw storageError(error);
    }
  }

  /**
   * As `put`, through a temp file beside the target: each chunk is written before the next is read, and the
   * rename at the end makes the blob appear whole. A failure on either side removes the temp file.
   */
  async putStream(key: string, source: BlobSource): Promise<number> {
    const target = this.path(key);
    const temp = `${target}.${randomToken(6)}.tmp`;
    let file: FileHandle | null = null;
    try {
      file = await openCreatingDir(temp);
      let size = 0;
      for await (const chunk of source) {
        for (let at = 0; at < chunk.byteLength; ) at += (await file.write(chunk, at)).bytesWritten;
        size += chunk.byteLength;
      }
      await file.close();
      file = null;
      await rename(temp, target);
      return size;
    } catch (error) {
      await file?.close().catch(() => undefined);
      await rm(temp, { force: true }).catch(() => undefined);
      throw storageError(error);
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async stream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    const file = Bun.file(this.path(key));
    // Checked before the stream starts: a missing file is a null (a 404 upstream), not a broken body.
    return (await file.exists()) ? file.stream() : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    if (prefix !== '') assertBlobKey(prefix);
    // Only the folder the prefix names is walked: `renders/ren_1` reads renders/, not the whole store.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    for (const key of await this.keysUnder(folder)) {
      if (!key.startsWith(prefix)) continue;
      const size = await stat(join(this.root, key)).then(
        (s) => s.size,
        () => null, // deleted since the directory was read
      );
      if (size !== null) yield { key, size };
    }
  }

  /** Every file below `dir`, in key order; half-written temp files and probes are not blobs. */
  private async keysUnder(dir: string): Promise<string[]> {
    let entries: Dirent[];
    try {
      entries = await readdir(join(this.root, dir), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      const key = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (key !== '.probe') keys.push(...(await this.keysUnder(key)));
      } else if (entry.isFile() && !entry.name.endsWith('.tmp')) keys.push(key);
    }
    return keys.sort();
  }

  async check(): Promise<void> {
    return await probe(this, `.probe/${randomToken(6)}`);
  }
}

/**
 * Writes the file, creating its directory only when it is missing (a mkdir on every write cost more than
 * the write). Bun.write: about a third less CPU than node:fs/promises' writeFile for a PDF-sized file.
 */
async function writeCreatingDir(path: string, bytes: Uint8Array): Promise<void> {
  try {
    await Bun.write(path, bytes, { createPath: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(path), { recursive: true });
    await Bun.write(path, bytes, { createPath: false });
  }
}

/** Opens a new file for writing, creating its directory when it is missing (as `writeCreatingDir`). */
async function openCreatingDir(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(path), { recursive: true });
    return await open(path, 'wx');
  }
}
