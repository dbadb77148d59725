import type { Party } from '../../../domain/party';
import type { AccountCtx } from '../../../shared/context';
import { findBusinessProfile, sellerParty } from '../../business-profiles';
import { buyerParty, findCustomer } from '../../customers';
import type { StoredDocument } from '../model';
import { presentDocument } from '../present';
import type { DocumentRow } from '../schema';

/** Finalized documents show their frozen parties; drafts show the profile and customer as they are now. */
async function parties(ctx: AccountCtx, row: DocumentRow): Promise<{ seller: Party; buyer: Party }> {
  const frozenSeller = row.data.seller as Party | undefined;
  const frozenBuyer = row.data.buyer as Party | undefined;
  if (frozenSeller && frozenBuyer) return { seller: frozenSeller, buyer: frozenBuyer };
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  const customer = await findCustomer(ctx.db, ctx.accountId, row.customerId);
  return {
    seller: profile ? sellerParty(profile) : { name: '' },
    buyer: customer ? buyerParty(customer) : { name: '' },
  };
}

export async function readDocument(ctx: AccountCtx, row: DocumentRow): Promise<StoredDocument> {
  return presentDocument(row, await parties(ctx, row), ctx.clock.now().toISOString().slice(0, 10));
}
