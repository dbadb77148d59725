import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { findApiKey, revokeApiKey as revokeRow } from '../repo';

/** Revoking an already revoked key is a no-op that still answers `revoked: true` (idempotent DELETE). */
export function revokeApiKey({ ctx, input }: { ctx: AccountCtx; input: { keyId: string } }): void {
  if (!findApiKey(ctx.db, ctx.accountId, input.keyId)) throw notFound('API key');
  revokeRow(ctx.db, ctx.accountId, input.keyId, isoNow(ctx.clock));
}
