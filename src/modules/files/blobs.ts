import type { BlobStore } from '../../storage/blob-store';
import type { FileRow } from './schema';

/** Keyed by account and id only: the client's filename never reaches the storage path. */
export const fileBlobKey = (accountId: string, fileId: string) => `files/${accountId}/${fileId}`;

/** The stored bytes, or null when the blob is gone (a reader then behaves as if there were no file). */
export function readFileBytes(blobs: BlobStore, row: FileRow): Promise<Uint8Array | null> {
  return blobs.get(row.blobKey);
}
