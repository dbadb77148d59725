import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type ApiKeyRow, apiKeys } from './schema';

export function insertApiKey(db: DbOrTx, row: ApiKeyRow): ApiKeyRow {
  return db.insert(apiKeys).values(row).returning().get();
}

export function findApiKeyByLookup(db: DbOrTx, lookup: string): ApiKeyRow | undefined {
  return db.select().from(apiKeys).where(eq(apiKeys.lookup, lookup)).get();
}

export function findApiKey(db: DbOrTx, accountId: string, id: string): ApiKeyRow | undefined {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .get();
}

export function listApiKeys(db: DbOrTx, accountId: string, page: PageRequest): ApiKeyRow[] {
  const scope = eq(apiKeys.accountId, accountId);
  return db
    .select()
    .from(apiKeys)
    .where(page.after === null ? scope : and(scope, lt(apiKeys.id, page.after)))
    .orderBy(desc(apiKeys.id))
    .limit(page.limit + 1)
    .all();
}

export function renameApiKey(db: DbOrTx, accountId: string, id: string, name: string): ApiKeyRow | undefined {
  return db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning()
    .get();
}

/** Revokes only an active key; returns undefined when it was already revoked (or is not this account's). */
export function revokeApiKey(db: DbOrTx, accountId: string, id: string, now: string): ApiKeyRow | undefined {
  return db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning()
    .get();
}
