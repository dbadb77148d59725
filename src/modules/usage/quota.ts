import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../shared/clock';
import { DomainError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { overageAllows } from './overage';
import { monthOf } from './period';
import { countEventsBetween, countOverageBetween, deleteEvent, findEvent, insertEvent } from './repo';
import { overageTermsOf } from './terms';

export interface Reservation {
  eventId: string;
  /** Gives the unit back when the render fails: the event only stands for a PDF actually produced. */
  release(): Promise<void>;
}

/**
 * Takes one render from this month's quota, or beyond it while overage is on and under its cap, before
 * the PDF is drawn. The counts, the overage terms and the insert share one write-locked transaction, so
 * concurrent renders can never overshoot the quota or the cap.
 */
export async function reserveRender(
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
): Promise<Reservation> {
  const eventId = input.eventId ?? newId('evt');
  await deps.db.transaction(
    async (tx) => {
      if (input.eventId && (await findEvent(tx, input.accountId, input.eventId))) return;
      const now = deps.clock.now();
      const period = monthOf(now);
      const used = await countEventsBetween(tx, input.accountId, period.start, period.end);
      const overage = used >= input.monthlyQuota;
      if (overage) {
        const terms = await overageTermsOf(tx, input.accountId);
        const overageUsed = await countOverageBetween(tx, input.accountId, period.start, period.end);
        if (!overageAllows(terms, overageUsed)) {
          const cap = terms.enabled && terms.centsPerRender !== null ? terms.cap : null;
          throw quotaExceeded(input.monthlyQuota, used, period.end, cap);
        }
      }
      await insertEvent(tx, {
        id: eventId,
        accountId: input.accountId,
        renderId: input.renderId,
        overage,
        createdAt: now.toISOString(),
      });
    },
    { behavior: 'immediate' },
  );
  return { eventId, release: () => deleteEvent(deps.db, eventId) };
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
