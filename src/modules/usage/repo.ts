import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type OverageSettingsRow, overageSettings, type UsageEventRow, usageEvents } from './schema';

export async function countEventsBetween(
  db: DbOrTx,
  accountId: string,
  start: string,
  end: string,
): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.accountId, accountId),
            gte(usageEvents.createdAt, start),
            lt(usageEvents.createdAt, end),
          ),
        )
        .get()
    )?.n ?? 0
  );
}

export async function insertEvent(db: DbOrTx, row: UsageEventRow): Promise<void> {
  await db.insert(usageEvents).values(row).run();
}

export async function deleteEvent(db: DbOrTx, id: string): Promise<void> {
  await db.delete(usageEvents).where(eq(usageEvents.id, id)).run();
}

export async function listEvents(db: DbOrTx, accountId: string, page: PageRequest): Promise<UsageEventRow[]> {
  const scope = eq(usageEvents.accountId, accountId);
  return await db
    .select()
    .from(usageEvents)
    .where(page.after === null ? scope : and(scope, lt(usageEvents.id, page.after)))
    .orderBy(desc(usageEvents.id))
    .limit(page.limit + 1)
    .all();
}

export async function findEvent(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<UsageEventRow | undefined> {
  return await db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.id, id), eq(usageEvents.accountId, accountId)))
    .get();
}

/** Renders taken beyond the quota under overage in [start, end). */
export async function countOverageBetween(
  db: DbOrTx,
  accountId: string,
  start: string,
  end: string,
): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.accountId, accountId),
            gte(usageEvents.createdAt, start),
            lt(usageEvents.createdAt, end),
            eq(usageEvents.overage, true),
          ),
        )
        .get()
    )?.n ?? 0
  );
}

export async function findOverageSettings(
  db: DbOrTx,
  accountId: string,
): Promise<OverageSettingsRow | undefined> {
  return await db.select().from(overageSettings).where(eq(overageSettings.accountId, accountId)).get();
}

export async function saveOverageSettings(db: DbOrTx, row: OverageSettingsRow): Promise<OverageSettingsRow> {
  const { accountId, ...values } = row;
  return await db
    .insert(overageSettings)
    .values(row)
    .onConflictDoUpdate({ target: overageSettings.accountId, set: values })
    .returning()
    .get();
}
