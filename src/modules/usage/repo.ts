import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type OverageSettingsRow, overageSettings, type UsageEventRow, usageEvents } from './schema';

/**
 * Which events count: the meter shows renders made (no pending hold); the quota also counts the holds
 * still running at `holdsAt`, so renders in flight cannot overshoot it.
 */
const counted = (holdsAt?: string): SQL | undefined =>
  holdsAt === undefined
    ? isNull(usageEvents.pendingUntil)
    : or(isNull(usageEvents.pendingUntil), gt(usageEvents.pendingUntil, holdsAt));

async function countBetween(
  db: DbOrTx,
  accountId: string,
  period: { start: string; end: string },
  holdsAt: string | undefined,
  only?: SQL,
): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.accountId, accountId),
            gte(usageEvents.createdAt, period.start),
            lt(usageEvents.createdAt, period.end),
            counted(holdsAt),
            only,
          ),
        )
        .get()
    )?.n ?? 0
  );
}

export const countEventsBetween = async (
  db: DbOrTx,
  accountId: string,
  start: string,
  end: string,
  holdsAt?: string,
): Promise<number> => await countBetween(db, accountId, { start, end }, holdsAt);

/** A new reservation, or a run-out one of the same id taken again (a retried job). */
export async function saveEvent(db: DbOrTx, row: UsageEventRow): Promise<void> {
  const { id, ...values } = row;
  await db.insert(usageEvents).values(row).onConflictDoUpdate({ target: usageEvents.id, set: values }).run();
}

export async function setEventHold(db: DbOrTx, id: string, pendingUntil: string | null): Promise<void> {
  await db.update(usageEvents).set({ pendingUntil }).where(eq(usageEvents.id, id)).run();
}

/** A give-back: deletes the reservation while it is only a hold, never a render made. */
export async function deleteHold(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(usageEvents)
    .where(and(eq(usageEvents.id, id), isNotNull(usageEvents.pendingUntil)))
    .run();
}

export async function listEvents(db: DbOrTx, accountId: string, page: PageRequest): Promise<UsageEventRow[]> {
  const scope = and(eq(usageEvents.accountId, accountId), counted());
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
export const countOverageBetween = async (
  db: DbOrTx,
  accountId: string,
  start: string,
  end: string,
  holdsAt?: string,
): Promise<number> =>
  await countBetween(db, accountId, { start, end }, holdsAt, eq(usageEvents.overage, true));

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
