import type { AccountCtx } from '../../../shared/context';
import type { StoredDocument } from '../model';
import { presentDocument } from '../present';
import type { DocumentRow } from '../schema';
import { type DocumentParties, documentParties, documentPartiesOfRows } from './document-data-of';

const todayOf = (ctx: AccountCtx) => ctx.clock.now().toISOString().slice(0, 10);

/**
 * The API's answer: finalized documents show their frozen parties; drafts the profile and customer as they
 * are now (`live`: a draft's, when the caller has just read its profile and customer, as create does).
 */
export async function readDocument(
  ctx: AccountCtx,
  row: DocumentRow,
  live?: DocumentParties,
): Promise<StoredDocument> {
  return presentDocument(row, await documentParties(ctx, row, live), todayOf(ctx));
}

/** `readDocument` of each of `rows` (a list's page) in a fixed number of queries, not one per draft. */
export async function readDocuments(
  ctx: AccountCtx,
  rows: readonly DocumentRow[],
): Promise<StoredDocument[]> {
  const parties = await documentPartiesOfRows(ctx, rows);
  const today = todayOf(ctx);
  return rows.map((row, i) => presentDocument(row, parties[i] as DocumentParties, today));
}
