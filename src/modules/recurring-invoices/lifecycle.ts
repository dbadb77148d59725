import type { RecurringStatus } from './schema';

/** SPEC 3 "Recurring invoice". `update` keeps the status; it is listed so a cancelled schedule refuses it. */
export type RecurringAction = 'pause' | 'resume' | 'cancel' | 'update';

const TRANSITIONS: Record<RecurringAction, Partial<Record<RecurringStatus, RecurringStatus>>> = {
  pause: { active: 'paused' },
  resume: { paused: 'active' },
  cancel: { active: 'cancelled', paused: 'cancelled' },
  update: { active: 'active', paused: 'paused' },
};

/** The next status, or null when the action is not allowed from `from` (the caller answers 409). */
export function nextRecurringStatus(action: RecurringAction, from: RecurringStatus): RecurringStatus | null {
  return TRANSITIONS[action][from] ?? null;
}
