/**
 * Where files (logos, rendered PDFs, batch ZIPs) live. The local implementation writes under the data
 * dir; an S3-compatible one can replace it without touching callers.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** Writes, reads back and deletes a probe object; throws when storage is unusable. */
  check(): Promise<void>;
}
