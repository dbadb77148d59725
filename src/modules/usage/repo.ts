import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type OverageSettingsRow, overageSettings, type UsageEventRow, usageEvents } from './schema';

export function countEventsBetween(db: DbOrTx, accountId: string, start: string, end: string): number {
  return (
    db
      .select({ n: count() })
      .from(usageEvents)
      .where(
        and(
          eq(usageEvents.accountId, accountId),
          gte(usageEvents.createdAt, start),
          lt(usageEvents.createdAt, end),
        ),
      )
      .get()?.n ?? 0
  );
}

export function insertEvent(db: DbOrTx, row: UsageEventRow): void {
  db.insert(usageEvents).values(row).run();
}

export function deleteEvent(db: DbOrTx, id: string): void {
  db.delete(usageEvents).where(eq(usageEvents.id, id)).run();
}

export function listEvents(db: DbOrTx, accountId: string, page: PageRequest): UsageEventRow[] {
  const scope = eq(usageEvents.accountId, accountId);
  return db
    .select()
    .from(usageEvents)
    .where(page.after === null ? scope : and(scope, lt(usageEvents.id, page.after)))
    .orderBy(desc(usageEvents.id))
    .limit(page.limit + 1)
    .all();
}

export function findEvent(db: DbOrTx, accountId: string, id: string): UsageEventRow | undefined {
  return db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.id, id), eq(usageEvents.accountId, accountId)))
    .get();
}

/** Renders taken beyond the quota under overage in [start, end). */
export function countOverageBetween(db: DbOrTx, accountId: string, start: string, end: string): number {
  return (
    db
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
      .get()?.n ?? 0
  );
}

export function findOverageSettings(db: DbOrTx, accountId: string): OverageSettingsRow | undefined {
  return db.select().from(overageSettings).where(eq(overageSettings.accountId, accountId)).get();
}

export function saveOverageSettings(db: DbOrTx, row: OverageSettingsRow): OverageSettingsRow {
  const { accountId, ...values } = row;
  return db
    .insert(overageSettings)
    .values(row)
    .onConflictDoUpdate({ target: overageSettings.accountId, set: values })
    .returning()
    .get();
}
