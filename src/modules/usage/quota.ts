import type { DbOrTx } from '../../db/client';
import { isStorageFull } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../shared/clock';
import { DomainError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { overageAllows } from './overage';
import { monthKey, monthOf } from './period';
import {
  deleteHold,
  extendHold,
  findEvent,
  holdsRunning,
  lockMonthCounter,
  recordRenderMade,
  saveHold,
} from './repo';
import type { UsageEventRow } from './schema';
import { overageTermsOf } from './terms';

/**
 * How long a reservation holds its unit without its render being recorded. Past it the unit is free again
 * and off the meter, whether or not anything could be written: a render that failed on a full disk cannot
 * delete its reservation either (the delete needs room in the WAL like any write), and its hold just runs
 * out. Far beyond a render's time limit and its wait for a worker.
 */
export const RESERVATION_HOLD_MS = 15 * 60_000;

/**
 * Give-backs a full disk refused, per database handle: the next reservation on it (a write that needs the
 * same room) deletes them first, so freed space frees their units at once rather than when their holds end.
 */
const refusedGiveBacks = new WeakMap<object, Set<string>>();

export interface Reservation {
  eventId: string;
  /** Makes the unit a render made: call inside the transaction that records the render. */
  confirm(tx: DbOrTx): Promise<void>;
  /**
   * Gives the unit back when the render fails: the event only stands for a PDF actually produced. Never
   * throws for a full disk: the next reservation retries the delete, and the hold runs out by itself
   * (RESERVATION_HOLD_MS) if none comes or the process ends.
   */
  release(): Promise<void>;
}

/**
 * Takes one render from this month's quota, or beyond it while overage is on and under its cap, before
 * the PDF is drawn. The counts, the overage terms and the insert share one transaction that first locks
 * the account's counter row of the month (SQLite's write lock besides), so concurrent renders can never
 * overshoot the quota or the cap; on PostgreSQL it runs READ COMMITTED: a second reservation of the
 * account, on any instance, waits for the first and then counts what it committed, instead of failing
 * with a serialization failure and running again (docs/instances.md).
 */
export async function reserveRender(
  deps: { db: DbOrTx; clock: Clock },
  input: {
    accountId: string;
    renderId: string;
    monthlyQuota: number;
    /**
     * A fixed event id makes the reservation idempotent: a retried job whose previous attempt died after
     * reserving (before its render was recorded) finds its unit still held, or already confirmed, and does
     * not take another. A hold that ran out is taken again like a new one.
     */
    eventId?: string;
  },
): Promise<Reservation> {
  const eventId = input.eventId ?? newId('evt');
  const refused = [...(refusedGiveBacks.get(deps.db) ?? [])];
  const event = await inTransaction(
    deps,
    async ({ db: tx }): Promise<UsageEventRow> => {
      const now = deps.clock.now();
      const nowIso = now.toISOString();
      // First: every statement after it reads what the reservations before it committed. Renders made
      // come from the month's counter (one row, whatever the month's volume), holds from the few still
      // running: together what counting the month's events would give.
      const made = await lockMonthCounter(tx, input.accountId, monthKey(nowIso));
      for (const id of refused) await deleteHold(tx, id);
      const pendingUntil = new Date(now.getTime() + RESERVATION_HOLD_MS).toISOString();
      const existing = input.eventId ? await findEvent(tx, input.accountId, input.eventId) : undefined;
      if (existing && (existing.pendingUntil === null || existing.pendingUntil > nowIso)) {
        if (existing.pendingUntil === null) return existing;
        await extendHold(tx, eventId, pendingUntil);
        return { ...existing, pendingUntil };
      }
      const period = monthOf(now);
      const held = await holdsRunning(tx, input.accountId, period, nowIso);
      const used = made.renders + held.renders;
      const overage = used >= input.monthlyQuota;
      if (overage) {
        const terms = await overageTermsOf(tx, input.accountId);
        if (!overageAllows(terms, made.overage + held.overage)) {
          const cap = terms.enabled && terms.centsPerRender !== null ? terms.cap : null;
          throw quotaExceeded(input.monthlyQuota, used, period.end, cap);
        }
      }
      const row = {
        id: eventId,
        accountId: input.accountId,
        renderId: input.renderId,
        overage,
        pendingUntil,
        createdAt: nowIso,
      };
      await saveHold(tx, row);
      return row;
    },
    { isolation: 'read committed' },
  );
  for (const id of refused) refusedGiveBacks.get(deps.db)?.delete(id);
  return {
    eventId,
    // Written whole when gone: a unit given back meanwhile (an earlier attempt of the same job giving back
    // late) cannot leave a recorded render off the meter. Counted in its month once, however often confirmed.
    confirm: async (tx) => {
      await recordRenderMade(tx, event);
    },
    release: async () => {
      try {
        await deleteHold(deps.db, eventId);
      } catch (error) {
        if (!isStorageFull(error)) throw error;
        const refused = refusedGiveBacks.get(deps.db) ?? new Set<string>();
        refusedGiveBacks.set(deps.db, refused.add(eventId));
      }
    },
  };
}

function quotaExceeded(quota: number, used: number, resetsAt: string, cap: number | null): DomainError {
  const resets = resetsAt.slice(0, 10);
  const message =
    cap === null
      ? `Monthly render quota of ${quota} is used up; it resets on ${resets}`
      : `Monthly render quota of ${quota} and overage cap of ${cap} are used up; they reset on ${resets}`;
  return new DomainError('quota_exceeded', message, {
    monthly_quota: quota,
    used,
    resets_at: resetsAt,
    ...(cap === null ? {} : { overage_cap: cap }),
  });
}
