import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { newId } from '../../../shared/ids';
import { insertApiKey } from '../repo';
import type { ApiKeyRow } from '../schema';
import { generateKeySecret } from '../secret';

export interface IssuedKey {
  row: ApiKeyRow;
  apiKey: string;
}

/**
 * Creates an active key for an account (account-level, or acting for a workspace member); the caller shows
 * `apiKey` once and never stores it. Who may ask for which holder is decided by the caller.
 */
export async function issueApiKey({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { accountId: string; name?: string; workspaceMemberId?: string | null };
}): Promise<IssuedKey> {
  const secret = generateKeySecret();
  const row = await insertApiKey(ctx.db, {
    id: newId('key'),
    accountId: input.accountId,
    name: input.name ?? 'default',
    lookup: secret.lookup,
    secretHash: secret.secretHash,
    last4: secret.last4,
    workspaceMemberId: input.workspaceMemberId ?? null,
    createdAt: isoNow(ctx.clock),
    revokedAt: null,
  });
  return { row, apiKey: secret.apiKey };
}
