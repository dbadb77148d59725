import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../shared/clock';
import { DomainError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { monthOf } from './period';
import { countEventsBetween, deleteEvent, findEvent, insertEvent } from './repo';

export interface Reservation {
  eventId: string;
  /** Gives the unit back when the render fails: the event only stands for a PDF actually produced. */
  release(): void;
}

/**
 * Takes one render from this month's quota before the PDF is drawn. The count and the insert share one
 * write-locked transaction, so concurrent renders can never overshoot the quota.
 */
export function reserveRender(
  deps: { db: DbOrTx; clock: Clock },
  input: {
    accountId: string;
    renderId: string;
    monthlyQuota: number;
    /**
     * A fixed event id makes the reservation idempotent: a retried job whose previous attempt died after
     * reserving (before its render was recorded) finds its unit already taken and does not take another.
     */
    eventId?: string;
  },
): Reservation {
  const eventId = input.eventId ?? newId('evt');
  deps.db.transaction(
    (tx) => {
      if (input.eventId && findEvent(tx, input.accountId, input.eventId)) return;
      const now = deps.clock.now();
      const period = monthOf(now);
      const used = countEventsBetween(tx, input.accountId, period.start, period.end);
      if (used >= input.monthlyQuota) {
        throw new DomainError(
          'quota_exceeded',
          `Monthly render quota of ${input.monthlyQuota} is used up; it resets on ${period.end.slice(0, 10)}`,
          { monthly_quota: input.monthlyQuota, used, resets_at: period.end },
        );
      }
      insertEvent(tx, {
        id: eventId,
        accountId: input.accountId,
        renderId: input.renderId,
        createdAt: now.toISOString(),
      });
    },
    { behavior: 'immediate' },
  );
  return { eventId, release: () => deleteEvent(deps.db, eventId) };
}
