import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import type { KeyScope } from '../../workspaces';
import { findApiKey, revokeApiKey as revokeRow } from '../repo';

/** Revoking an already revoked key is a no-op that still answers `revoked: true` (idempotent DELETE). */
export function revokeApiKey({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { keyId: string; scope: KeyScope };
}): void {
  if (!findApiKey(ctx.db, ctx.accountId, input.keyId, input.scope)) throw notFound('API key');
  revokeRow(ctx.db, ctx.accountId, input.keyId, isoNow(ctx.clock));
}
