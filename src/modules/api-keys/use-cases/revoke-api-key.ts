import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { findApiKey, revokeApiKey as revokeRow } from '../repo';
import type { KeyScope } from '../scope';

/** Revoking an already revoked key is a no-op that still answers `revoked: true` (idempotent DELETE). */
export async function revokeApiKey({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { keyId: string; scope: KeyScope };
}): Promise<void> {
  if (!(await findApiKey(ctx.db, ctx.accountId, input.keyId, input.scope))) throw notFound('API key');
  await revokeRow(ctx.db, ctx.accountId, input.keyId, isoNow(ctx.clock));
}
