import type { DbOrTx } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import { type ImportEntry, parseEntries } from './entries';
import { loadEntriesText } from './repo';

/**
 * While an import is `processing`, its entries live in a file of the blob store, not in `valid_rows`.
 * Every background chunk records its progress on the import row in the chunk's own transaction, and SQLite
 * rewrites a whole row on any update: with 100,000 entries (about 20 MB) left in the row, each progress
 * write cost 20-100 ms of copying and WAL checkpointing. Confirm moves them out as it starts processing.
 */
export const stagedRowsKey = (importId: string) => `imports/${importId}/rows.json`;

/** The staged entries; null when the file is missing (lost, or the import is done). */
export async function readStagedEntries(blobs: BlobStore, importId: string): Promise<ImportEntry[] | null> {
  const bytes = await blobs.get(stagedRowsKey(importId));
  return bytes ? parseEntries(new TextDecoder().decode(bytes)) : null;
}

/** The import's entries wherever they are: still in `valid_rows`, or staged. Null when neither has them. */
export async function readEntries(
  deps: { db: DbOrTx; blobs: BlobStore },
  accountId: string,
  importId: string,
): Promise<ImportEntry[] | null> {
  const text = await loadEntriesText(deps.db, accountId, importId);
  return text !== null ? parseEntries(text) : readStagedEntries(deps.blobs, importId);
}
