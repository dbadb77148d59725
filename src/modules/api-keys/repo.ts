import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type ApiKeyRow, apiKeys } from './schema';
import type { KeyScope } from './scope';

/** The account's keys, narrowed to those a member's key may see (docs/roles.md). */
function visible(accountId: string, scope: KeyScope) {
  const account = eq(apiKeys.accountId, accountId);
  return scope.all ? account : and(account, inArray(apiKeys.workspaceMemberId, scope.memberIds));
}

export async function countActiveKeys(db: DbOrTx, accountId: string): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
        .get()
    )?.n ?? 0
  );
}

export async function insertApiKey(db: DbOrTx, row: ApiKeyRow): Promise<ApiKeyRow> {
  return await db.insert(apiKeys).values(row).returning().get();
}

/** Whether the account's key `id` exists and is not revoked. */
export async function isActiveKey(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const row = await db
    .select({ revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .get();
  return row !== undefined && row.revokedAt === null;
}

export async function findApiKey(
  db: DbOrTx,
  accountId: string,
  id: string,
  scope: KeyScope,
): Promise<ApiKeyRow | undefined> {
  return await db
    .select()
    .from(apiKeys)
    .where(and(visible(accountId, scope), eq(apiKeys.id, id)))
    .get();
}

export async function listApiKeys(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
  scope: KeyScope,
): Promise<ApiKeyRow[]> {
  const where = visible(accountId, scope);
  return await db
    .select()
    .from(apiKeys)
    .where(page.after === null ? where : and(where, lt(apiKeys.id, page.after)))
    .orderBy(desc(apiKeys.id))
    .limit(page.limit + 1)
    .all();
}

export async function renameApiKey(
  db: DbOrTx,
  accountId: string,
  id: string,
  name: string,
  scope: KeyScope,
): Promise<ApiKeyRow | undefined> {
  return await db
    .update(apiKeys)
    .set({ name })
    .where(and(visible(accountId, scope), eq(apiKeys.id, id)))
    .returning()
    .get();
}

/** Revokes only an active key; returns undefined when it was already revoked (or is not this account's). */
export async function revokeApiKey(
  db: DbOrTx,
  accountId: string,
  id: string,
  now: string,
): Promise<ApiKeyRow | undefined> {
  return await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning()
    .get();
}

/** Revokes every active key acting for these members (a member removed, a workspace deleted). */
export async function revokeKeysOfMembers(
  db: DbOrTx,
  accountId: string,
  memberIds: string[],
  now: string,
): Promise<number> {
  if (memberIds.length === 0) return 0;
  return (
    await db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(
        and(
          eq(apiKeys.accountId, accountId),
          inArray(apiKeys.workspaceMemberId, memberIds),
          isNull(apiKeys.revokedAt),
        ),
      )
      .returning({ id: apiKeys.id })
      .all()
  ).length;
}
