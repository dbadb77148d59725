import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { findApiKey, revokeApiKey } from '../repo';
import type { KeyScope } from '../scope';
import { type IssuedKey, issueApiKey } from './issue-api-key';

/**
 * Revokes the key and issues a new one with the same name and holder, atomically: never both or neither
 * valid.
 */
async function rotateApiKeyInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { keyId: string; scope: KeyScope };
}): Promise<IssuedKey> {
  const existing = await findApiKey(ctx.db, ctx.accountId, input.keyId, input.scope);
  if (!existing) throw notFound('API key');
  if (!(await revokeApiKey(ctx.db, ctx.accountId, input.keyId, isoNow(ctx.clock)))) {
    throw conflict('API key is revoked and cannot be rotated');
  }
  return await issueApiKey({
    ctx,
    input: { accountId: ctx.accountId, name: existing.name, workspaceMemberId: existing.workspaceMemberId },
  });
}

export const rotateApiKey = transactional(rotateApiKeyInTransaction);
