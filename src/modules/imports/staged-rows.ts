import type { DbOrTx } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import type { ImportEntry } from './entries';
import { loadEntriesText } from './repo';

/**
 * While an import is `processing`, its entries live in a file of the blob store, not in `valid_rows`.
 * Every background chunk records its progress on the import row in the chunk's own transaction, and SQLite
 * rewrites a whole row on any update: with 100,000 entries (about 20 MB) left in the row, each progress
 * write cost 20-100 ms of copying and WAL checkpointing. The job moves them out once, when it starts.
 */
export const stagedRowsKey = (importId: string) => `imports/${importId}/rows.json`;

/**
 * The import's entries: still in `valid_rows` (pending, or a job that has not staged them yet) or in the
 * staged file. Null when neither has them (the file was lost, or the import is done).
 */
export async function readEntries(
  deps: { db: DbOrTx; blobs: BlobStore },
  accountId: string,
  importId: string,
): Promise<ImportEntry[] | null> {
  const text = loadEntriesText(deps.db, accountId, importId);
  if (text !== null) return JSON.parse(text) as ImportEntry[];
  const bytes = await deps.blobs.get(stagedRowsKey(importId));
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as ImportEntry[]) : null;
}
