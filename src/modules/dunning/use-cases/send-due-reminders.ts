import type { JobContext } from '../../../jobs/definition';
import type { AccountCtx } from '../../../shared/context';
import { latestDateOnEarth } from '../../../shared/dates';
import { conflict, DomainError } from '../../../shared/errors';
import type { Logger } from '../../../shared/logger';
import { sellerToday } from '../../business-profiles';
import { daysOverdue, listDocuments } from '../../documents';
import { readAccountingSettings } from '../../exports';
import { findPolicy, remindersOf } from '../repo';
import { remindableProblem } from './remindable';
import {
  bouncedAt,
  defaultRecipient,
  nextLevel,
  type ReminderServices,
  remindersReached,
  sendReminder,
} from './send-reminder';

const PAGE = 100;

/**
 * The daily job of one account: every overdue invoice whose next level is due gets that level, one level a
 * document a day (none if a reminder already went out today) and none before the last letter's payment date
 * has passed, never a paid, voided or disputed invoice. Nor does it start the dunning of an invoice dated on
 * or before the books kept elsewhere (`booked_until`) but issued here after that day (carriedIn): the history
 * another tool issued, carried in by an import, whose reminders were that tool's; a reminder sent by hand
 * starts it, and the job goes on from there.
 * Each reminder commits on its own, fenced on the job's claim; the unique (document, level) index keeps a
 * re-run after a crash from sending one twice, and the commit checks the day's reminder again so that two
 * days' jobs running at once (a late retry) cannot send two levels on one day. A reminder that cannot go out (no address, quota) is logged
 * and tried again the next day.
 */
export async function sendDueReminders({
  ctx,
  services,
  job,
  logger,
}: {
  ctx: AccountCtx;
  services: ReminderServices;
  job: JobContext;
  logger: Logger;
}): Promise<number> {
  const policy = await findPolicy(ctx.db, ctx.accountId);
  if (!policy?.enabled) return 0;
  // Every date is the seller's (its business profile's time zone): the query reads what is overdue anywhere
  // on Earth, and each invoice is checked against its own seller's today.
  const latest = latestDateOnEarth(ctx.clock.now());
  const bookedUntil = (await readAccountingSettings(ctx)).booked_until ?? null;
  let sentCount = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await listDocuments(ctx.db, ctx.accountId, { overdueOn: latest }, { limit: PAGE, after });
    for (const document of rows.slice(0, PAGE)) {
      if (document.documentType !== 'invoice' || (await remindableProblem(ctx, document)) !== null) continue;
      const today = await sellerToday(ctx, document.businessProfileId);
      if ((await remindersOf(ctx.db, ctx.accountId, document.id)).some((r) => r.sentOn === today)) continue;
      // A letter that bounced does not count: its level is sent again (to the customer's address now).
      const { counted, undelivered } = await remindersReached(ctx, document.id);
      // The customer is given the date the last letter names: the next level waits until it has passed
      // (a 1. Mahnung the day after a Zahlungserinnerung asking for payment within 14 days contradicts it).
      if (counted.some((reminder) => reminder.payBy >= today)) continue;
      if (counted.length === 0 && carriedIn(document, bookedUntil)) continue;
      const level = nextLevel(counted);
      const stage = policy.levels[level - 1];
      if (!stage || daysOverdue(document, today) < stage.days_after_due) continue;
      const recipient = await defaultRecipient(ctx, document);
      if (recipient === null) {
        logger.warn('dunning: no e-mail address', { document_id: document.id, dunning_level: level });
        continue;
      }
      // Not to the address that bounced it, day after day: once the customer's address is corrected.
      const bounced = undelivered.get(level);
      if (bounced && (await bouncedAt(ctx, bounced, recipient))) {
        logger.warn('dunning: this level bounced at the address', {
          document_id: document.id,
          dunning_level: level,
        });
        continue;
      }
      try {
        await sendReminder({
          ctx,
          services,
          input: { documentId: document.id, body: { level } },
          commit: (work) =>
            job.transaction(async (tx) => {
              // Again where it commits: another day's job of this account (a late retry), on this
              // instance or another, may have sent a level of this invoice since it was read above.
              if ((await remindersOf(tx, ctx.accountId, document.id)).some((r) => r.sentOn === today))
                throw conflict('A reminder about this invoice already went out today');
              return await work(tx);
            }),
        });
        sentCount++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        logger.warn('dunning: reminder not sent', {
          document_id: document.id,
          dunning_level: level,
          error: error.message,
        });
      }
    }
    if (rows.length <= PAGE) return sentCount;
    after = rows[PAGE - 1]?.id ?? null;
  }
}

/**
 * An invoice of the books kept elsewhere: dated on or before `booked_until`, issued (finalized) here only
 * after that day, as an imported history is. An invoice this service issued by that day is reminded as any:
 * `booked_until` is the books' setting (an accountant's, `books:keep`), and stopping the reminders of the
 * account's own invoices is the dunning policy's (`resources:write_all`) or a dispute's (security round 6).
 */
function carriedIn(
  document: { issueDate: string; finalizedAt: string | null },
  bookedUntil: string | null,
): boolean {
  if (bookedUntil === null || document.issueDate > bookedUntil) return false;
  return document.finalizedAt !== null && document.finalizedAt.slice(0, 10) > bookedUntil;
}
