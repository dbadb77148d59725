import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomToken } from '../shared/ids';
import type { BlobStore } from './blob-store';

/** Blobs as files under one root; writes go to a temp name first so a crash never leaves half a file. */
export class FsBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    if (!/^[a-zA-Z0-9_\-./]+$/.test(key) || key.includes('..') || key.startsWith('/')) {
      throw new Error(`invalid blob key: ${key}`);
    }
    return join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomToken(6)}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, target);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async check(): Promise<void> {
    const key = `.probe/${randomToken(6)}`;
    const bytes = new TextEncoder().encode('ok');
    await this.put(key, bytes);
    const read = await this.get(key);
    await this.delete(key);
    if (!read || new TextDecoder().decode(read) !== 'ok')
      throw new Error('storage probe read back wrong bytes');
  }
}
