import type { AppDeps } from '../../deps';
import { type Background, defineJob } from '../../jobs/definition';
import { enqueueJob } from '../../jobs/queue';
import { DUNNING_KIND, DunningPayload } from './job';
import { enabledPolicyAccounts } from './repo';
import { reminderServicesOf } from './routes';
import { sendDueReminders } from './use-cases/send-due-reminders';

/**
 * The daily dunning job: the source enqueues one job per account with its policy on and per UTC day (run
 * key `dunning:<account>:<date>`, so however often the source runs, on however many instances, the day has
 * one job); the job sends what is due. The UTC day only counts the runs: what is due, the letters' dates and
 * "one reminder a day" are each invoice's seller's dates (its business profile's time zone).
 */
export function dunningBackground(deps: AppDeps): Background {
  const kind = defineJob({
    kind: DUNNING_KIND,
    payload: DunningPayload,
    maxAttempts: 3,
    handler: async (payload, job) => {
      const sent = await sendDueReminders({
        ctx: job.forAccount(payload.accountId),
        services: reminderServicesOf(deps, null),
        job,
        logger: deps.logger,
      });
      if (sent > 0) deps.logger.info('dunning: reminders sent', { account_id: payload.accountId, sent });
    },
  });
  // Accounts this process enqueued today: the source runs before every claim round and need not write
  // each time. The run key, not this set, is what keeps it one job a day across processes and restarts.
  let today = '';
  let enqueued = new Set<string>();
  const source = async () => {
    const date = deps.clock.now().toISOString().slice(0, 10);
    if (date !== today) {
      today = date;
      enqueued = new Set();
    }
    for (const accountId of await enabledPolicyAccounts(deps.db)) {
      if (enqueued.has(accountId)) continue;
      await enqueueJob(
        deps.db,
        deps.clock,
        kind,
        { accountId, date },
        { runKey: `dunning:${accountId}:${date}` },
      );
      enqueued.add(accountId);
    }
  };
  return { definitions: [kind], sources: [source] };
}
