/**
 * Where files (logos, rendered PDFs, received originals, staged import rows) live: under the data dir
 * (`FsBlobStore`, the default) or in an S3-compatible bucket (`S3BlobStore`, when S3_BUCKET is set). Callers
 * name a blob by its key and never learn which one they have (docs/storage.md).
 */
export interface BlobStore {
  /** What /ready reports as the configured storage. */
  readonly kind: 'filesystem' | 's3';
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /**
   * Stores what `source` yields as it is read, never holding it whole (a large archive); answers the number
   * of bytes stored. The blob appears whole or not at all: when the source or the store fails midway, the
   * promise rejects (with the source's own error when the source failed), reading stops, nothing is left
   * under the key and a blob stored there before stays as it was. A successful write replaces it whole.
   */
  putStream(key: string, source: BlobSource, contentType?: string): Promise<number>;
  get(key: string): Promise<Uint8Array | null>;
  /**
   * The blob as a stream, read as it is used (a large object never sits whole in memory); null when missing.
   * Not for a download that must announce its length: Bun answers a still-running stream body chunked,
   * without Content-Length, so the download routes send `get()`'s bytes.
   */
  stream(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix` ('' = all), in key order, read page by page as iterated. */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /** Writes, reads back and deletes a probe object; throws when storage is unusable. */
  check(): Promise<void>;
}

/** Bytes as they are produced: a web stream, or any async iterable of chunks (a generator, a Node stream). */
export type BlobSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface BlobEntry {
  key: string;
  size: number;
}

/** Keys are relative paths of plain characters: no `..`, no leading slash, nothing a file system or URL mangles. */
export function assertBlobKey(key: string): void {
  if (!/^[a-zA-Z0-9_\-./]+$/.test(key) || key.includes('..') || key.startsWith('/')) {
    throw new Error(`invalid blob key: ${key}`);
  }
}

/** The probe `check()` runs on either store: a write, a read back and a delete of a small object. */
export async function probe(store: BlobStore, key: string): Promise<void> {
  const bytes = new TextEncoder().encode('ok');
  await store.put(key, bytes, 'text/plain');
  const read = await store.get(key);
  await store.delete(key);
  if (!read || new TextDecoder().decode(read) !== 'ok')
    throw new Error('storage probe read back wrong bytes');
}

/**
 * Throws the store's own error when it cannot be reached (a 503 `unavailable: storage`); reads one key that
 * is never there, so nothing is written (an export on a full disk still reads what is kept).
 */
export async function storeReachable(store: BlobStore): Promise<void> {
  await store.get('.probe/reachable');
}
