import type { AccountCtx } from '../../../shared/context';
import type { StoredDocument } from '../model';
import { presentDocument } from '../present';
import type { DocumentRow } from '../schema';
import { documentParties } from './document-data-of';

/** The API's answer: finalized documents show their frozen parties; drafts the profile and customer as they are now. */
export async function readDocument(ctx: AccountCtx, row: DocumentRow): Promise<StoredDocument> {
  return presentDocument(row, await documentParties(ctx, row), ctx.clock.now().toISOString().slice(0, 10));
}
