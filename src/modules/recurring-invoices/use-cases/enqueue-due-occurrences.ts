import type { JobDefinition } from '../../../jobs/definition';
import { enqueueJob } from '../../../jobs/queue';
import type { SystemCtx } from '../../../shared/context';
import { findBusinessProfile } from '../../business-profiles';
import type { GeneratePayload } from '../job';
import { findDueCandidates } from '../repo';
import { latestDateOnEarth, localDate } from '../schedule';
import type { OccurrenceRef } from './generate-occurrence';

export type GenerateJob = JobDefinition<typeof GeneratePayload>;

/**
 * The job of one occurrence, run key `recurring:<id>:<date>`: however often this is called, from however
 * many processes, the period gets one job. A job of that key that already finished while the date is
 * still pending ran as a no-op (the schedule was paused at the time) or failed and has since been cleared
 * by the user (PATCH, resume): then a follow-up with the key `...:after:<that job>` is due instead.
 */
async function enqueueOccurrence(ctx: SystemCtx, kind: GenerateJob, ref: OccurrenceRef): Promise<void> {
  let runKey = `recurring:${ref.recurringInvoiceId}:${ref.occurrenceDate}`;
  for (;;) {
    const job = await enqueueJob(ctx.db, ctx.clock, kind, ref, { runKey });
    if (job.status === 'queued' || job.status === 'running') return;
    runKey = `recurring:${ref.recurringInvoiceId}:${ref.occurrenceDate}:after:${job.id}`;
  }
}

/**
 * The background source, called before every claim round: enqueues the pending occurrence of each active
 * schedule that is due in its seller's time zone. Only the pending one: after it commits, the next round
 * sees the next date, so occurrences missed during downtime are generated one by one, in date order.
 * The query reads the (status, next date) index up to the latest date anywhere on Earth; the exact
 * per-zone check happens on those few rows.
 */
export async function enqueueDueOccurrences({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { kind: GenerateJob };
}) {
  const now = ctx.clock.now();
  for (const due of await findDueCandidates(ctx.db, latestDateOnEarth(now))) {
    const date = due.nextOccurrenceDate;
    const profile = await findBusinessProfile(ctx.db, due.accountId, due.businessProfileId);
    if (date === null || date > localDate(now, profile?.defaultTimezone ?? null)) continue;
    await enqueueOccurrence(ctx, input.kind, { recurringInvoiceId: due.id, occurrenceDate: date });
  }
}
