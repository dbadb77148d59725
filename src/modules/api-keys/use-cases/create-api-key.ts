import { inTransaction, transactional } from '../../../db/transaction';
import type { AccountCtx } from '../../../shared/context';
import { conflict, DomainError, validationError } from '../../../shared/errors';
import { actingMemberOf, memberForKey, outranks, requirePermission } from '../../workspaces';
import { countActiveKeys } from '../repo';
import { type IssuedKey, issueApiKey } from './issue-api-key';

/**
 * Keys are free to create, and the request rate is the account's (all its keys share it), so the number
 * of active keys is bounded too: revoke one to make another. A constant, not a setting (docs/api-keys.md).
 */
export const MAX_ACTIVE_KEYS_PER_ACCOUNT = 50;

/**
 * `POST /api-keys`: a key for the same holder as the calling key (omitted), an account-level key (null:
 * account-level keys and owners only), or a key for a named member (yourself; or, with members:manage in
 * that member's workspace, a member whose role is not above yours). Nobody mints more rights than they hold.
 */
async function createApiKeyInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { name?: string; workspaceMemberId?: string | null };
}): Promise<IssuedKey> {
  const acting = await actingMemberOf(ctx);
  const holder = input.workspaceMemberId === undefined ? (acting?.id ?? null) : input.workspaceMemberId;
  if (holder === null) {
    requirePermission(acting, 'keys:manage_all');
  } else if (holder !== acting?.id) {
    const target = await memberForKey(ctx.db, ctx.accountId, holder);
    if (!target) {
      throw validationError([
        {
          loc: 'body.workspace_member_id',
          msg: 'no workspace member of this account has this id',
          type: 'invalid',
        },
      ]);
    }
    requirePermission(acting, 'members:manage', target.workspaceId);
    if (acting && outranks(target.role, acting.role)) {
      throw new DomainError(
        'forbidden',
        `Missing permission keys:manage_all: a key for ${target.id} would act as '${target.role}', above this key's '${acting.role}'`,
        { permission: 'keys:manage_all', role: acting.role, workspace_member_id: acting.id },
      );
    }
  }
  return await inTransaction(ctx, async (tx) => {
    const active = await countActiveKeys(tx.db, tx.accountId);
    if (active >= MAX_ACTIVE_KEYS_PER_ACCOUNT) {
      throw conflict(
        `The account has ${active} active API keys, the most it may have (${MAX_ACTIVE_KEYS_PER_ACCOUNT}); revoke one first`,
      );
    }
    return await issueApiKey({
      ctx: tx,
      input: { accountId: tx.accountId, name: input.name, workspaceMemberId: holder },
    });
  });
}

export const createApiKey = transactional(createApiKeyInTransaction);
