import type { AccountCtx } from '../../../shared/context';
import { conflict, type DomainError } from '../../../shared/errors';
import { type BusinessProfileRow, findBusinessProfile, sellerParty } from '../../business-profiles';
import { buyerParty, type CustomerRow, customerBuyerReference, findCustomer } from '../../customers';
import type { DocumentRow } from '../schema';

/**
 * What finalize writes into a draft's `data`: the seller and buyer copied in, so later edits to the
 * profile or customer never change an issued document, and the customer's buyer reference (Leitweg-ID)
 * when the draft, made before the customer had one, states none, as a new one would. Finalize's check
 * reads the draft through this too, so what is checked is what is frozen.
 */
export function finalizedData(
  row: DocumentRow,
  profile: BusinessProfileRow,
  customer: CustomerRow,
): Record<string, unknown> {
  const reference = row.data.buyer_reference ?? customerBuyerReference(customer);
  return {
    ...row.data,
    ...(reference ? { buyer_reference: reference } : {}),
    seller: sellerParty(profile),
    buyer: buyerParty(customer),
  };
}

/** 409: a draft's profile or customer is gone (neither can be deleted while a document uses it). */
export const partiesGone = (): DomainError =>
  conflict('The document refers to a business profile or customer that is gone');

/** `finalizedData` with the profile and customer as they are now. */
export async function finalizedDataOf(ctx: AccountCtx, row: DocumentRow): Promise<Record<string, unknown>> {
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  const customer = await findCustomer(ctx.db, ctx.accountId, row.customerId);
  if (!profile || !customer) throw partiesGone();
  return finalizedData(row, profile, customer);
}
