import type { SystemCtx } from '../../../shared/context';
import { digestsEqual, sha256Hex } from '../../../shared/secrets';
import { findApiKeyByLookup } from '../repo';
import type { ApiKeyRow } from '../schema';
import { lookupOf } from '../secret';

/** The active key row for a presented secret, or null for anything unknown, malformed or revoked. */
export async function authenticateApiKey({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { presented: string };
}): Promise<ApiKeyRow | null> {
  const lookup = lookupOf(input.presented);
  if (lookup === null) return null;
  const row = await findApiKeyByLookup(ctx.db, lookup);
  if (!row || !digestsEqual(row.secretHash, sha256Hex(input.presented))) return null;
  return row.revokedAt === null ? row : null;
}
