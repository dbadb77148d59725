import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { FOR_UPDATE } from '../../db/postgres-sql';
import type { PageRequest } from '../../shared/pagination';
import { monthKey } from './period';
import {
  type OverageSettingsRow,
  overageSettings,
  type UsageEventRow,
  usageEvents,
  usageMonthCounters,
} from './schema';

/**
 * Which events count: the meter shows renders made (no pending hold); the quota also counts the holds
 * still running at `holdsAt`, so renders in flight cannot overshoot it.
 */
const counted = (holdsAt?: string): SQL | undefined =>
  holdsAt === undefined
    ? isNull(usageEvents.pendingUntil)
    : or(isNull(usageEvents.pendingUntil), gt(usageEvents.pendingUntil, holdsAt));

/** Events in [start, end), counted from the events themselves (the counter's check in tests). */
export async function countEventsBetween(
  db: DbOrTx,
  accountId: string,
  start: string,
  end: string,
  holdsAt?: string,
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
            counted(holdsAt),
          ),
        )
        .get()
    )?.n ?? 0
  );
}

/** Renders and, of them, overage renders. */
export interface MonthUse {
  renders: number;
  overage: number;
}

/** The renders made in a month (`YYYY-MM`): the account's counter row, none = none made. */
export async function madeInMonth(db: DbOrTx, accountId: string, month: string): Promise<MonthUse> {
  const row = await db
    .select({ renders: usageMonthCounters.renders, overage: usageMonthCounters.overageRenders })
    .from(usageMonthCounters)
    .where(and(eq(usageMonthCounters.accountId, accountId), eq(usageMonthCounters.month, month)))
    .get();
  return { renders: Number(row?.renders ?? 0), overage: Number(row?.overage ?? 0) };
}

/**
 * The renders made in `month` (as `madeInMonth`), read under a lock on the account's counter row of the
 * month, held until the transaction ends; the row is made (0 renders) when the month has none. The
 * reservations of an account take turns on it, on any instance, and one waits for the other instead of
 * both counting the same free unit (reserveRender, at READ COMMITTED). A lock, not a write: `FOR UPDATE` on
 * PostgreSQL (src/db/postgres-sql.ts), so the serializable transaction that records a render and moves the
 * row after a reservation committed does not fail for it; SQLite's transactions hold its one write lock.
 * A render recorded meanwhile moves the same row (recordRenderMade), so a reservation that got the lock
 * after it reads it counted, and one that got the lock first counts its hold.
 */
export async function lockMonthCounter(db: DbOrTx, accountId: string, month: string): Promise<MonthUse> {
  const c = usageMonthCounters;
  const lock = () =>
    db.all<[number | string, number | string]>(
      sql`select ${c.renders}, ${c.overageRenders} from ${c} where ${and(eq(c.accountId, accountId), eq(c.month, month))} ${sql.raw(FOR_UPDATE)}`,
    );
  // The month's row is there but for its first render: one statement then. Made otherwise (a reservation
  // of another instance making it at the same moment waits for it, then leaves it be), and locked.
  let rows = await lock();
  if (rows.length === 0) {
    await db
      .insert(c)
      .values({ accountId, month, renders: 0, overageRenders: 0 })
      .onConflictDoNothing({ target: [c.accountId, c.month] })
      .run();
    rows = await lock();
  }
  const [renders, overage] = rows[0] ?? [0, 0];
  return { renders: Number(renders), overage: Number(overage) };
}

/**
 * The holds taken in [start, end) still running at `holdsAt`. Only the account's running holds are read
 * (usage_events_hold_idx): the condition on `created_at` is applied to them here, not in SQL, so that no
 * planner may prefer the month index and walk the month's renders made, which is what the counter avoids.
 */
export async function holdsRunning(
  db: DbOrTx,
  accountId: string,
  period: { start: string; end: string },
  holdsAt: string,
): Promise<MonthUse> {
  const holds = await db
    .select({ overage: usageEvents.overage, createdAt: usageEvents.createdAt })
    .from(usageEvents)
    .where(and(eq(usageEvents.accountId, accountId), gt(usageEvents.pendingUntil, holdsAt)))
    .all();
  const inPeriod = holds.filter((h) => h.createdAt >= period.start && h.createdAt < period.end);
  return { renders: inPeriod.length, overage: inPeriod.filter((h) => h.overage).length };
}

/**
 * Makes the event a render made and counts it in its month, in the caller's transaction, exactly once: only
 * the statement that finds it still a hold (or finds it gone: given back meanwhile by an earlier attempt of
 * the same job) moves the counter; an event already made stays as it is. The counter's upsert adds to the
 * row under its lock, so renders made on any number of instances add up. Returns whether it counted.
 */
export async function recordRenderMade(db: DbOrTx, row: UsageEventRow): Promise<boolean> {
  const made = { ...row, pendingUntil: null };
  const { id, ...values } = made;
  const turned = await db
    .update(usageEvents)
    .set(values)
    .where(and(eq(usageEvents.id, id), isNotNull(usageEvents.pendingUntil)))
    .returning({ id: usageEvents.id })
    .all();
  if (turned.length === 0) {
    const inserted = await db
      .insert(usageEvents)
      .values(made)
      .onConflictDoNothing({ target: usageEvents.id })
      .returning({ id: usageEvents.id })
      .all();
    if (inserted.length === 0) return false;
  }
  await db
    .insert(usageMonthCounters)
    .values({
      accountId: row.accountId,
      month: monthKey(row.createdAt),
      renders: 1,
      overageRenders: row.overage ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [usageMonthCounters.accountId, usageMonthCounters.month],
      set: {
        renders: sql`${usageMonthCounters.renders} + excluded.renders`,
        overageRenders: sql`${usageMonthCounters.overageRenders} + excluded.overage_renders`,
      },
    })
    .run();
  return true;
}

/**
 * A new reservation, or a run-out one of the same id taken again (a retried job). Never over a render made:
 * that one is in its month's counter, and only recordRenderMade moves the counter.
 */
export async function saveHold(db: DbOrTx, row: UsageEventRow & { pendingUntil: string }): Promise<void> {
  const { id, ...values } = row;
  await db
    .insert(usageEvents)
    .values(row)
    .onConflictDoUpdate({
      target: usageEvents.id,
      set: values,
      setWhere: isNotNull(usageEvents.pendingUntil),
    })
    .run();
}

/** Extends a hold; a render made stays made. */
export async function extendHold(db: DbOrTx, id: string, pendingUntil: string): Promise<void> {
  await db
    .update(usageEvents)
    .set({ pendingUntil })
    .where(and(eq(usageEvents.id, id), isNotNull(usageEvents.pendingUntil)))
    .run();
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
