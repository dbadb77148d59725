import { type ChannelAdapter, type ChannelConnection, ChannelError } from '../../../delivery-channel';
import { type JobContext, JobError } from '../../../jobs/definition';
import { isoNow } from '../../../shared/clock';
import { enqueueChannelPoll } from '../job';
import type { ChannelPollPayload } from '../job-types';
import { enabledConnections, findConnectionById, updateConnection } from '../repo';
import { boundBy, type ChannelDeps, connectionOf, findAdapter } from '../runtime';
import type { ChannelConnectionRow } from '../schema';
import { applyEvents, type EventDeps } from './events';

/** Rounds of one poll job at most: a provider with a long backlog is caught up over a few periods. */
const MAX_ROUNDS = 20;

/**
 * The most one poll job spends with its provider (real time): no round starts after half of it, and a call
 * under way at its end is cut off (a transient failure, tried again as a provider away is). Each call is
 * bounded (CALL_TIMEOUT_MS), but a provider answering every one of a round's many calls just within it,
 * round after round, would hold the installation's one poll slot for hours: every other connection's
 * statuses and received invoices would wait on one account's slow (or hostile) base URL.
 */
export const POLL_BUDGET_MS = 2 * 60_000;

/**
 * The poll source: each enabled connection whose channel can be polled, once a period (CHANNEL_POLL_SECONDS),
 * whichever instance gets there first. Polling needs only outbound connections: what an air-gapped site
 * can open.
 */
export async function enqueueDuePolls(deps: ChannelDeps): Promise<void> {
  for (const row of await enabledConnections(deps.db)) {
    const adapter = findAdapter(deps, row.channel);
    if (!adapter?.poll) continue;
    await enqueueChannelPoll(deps.db, deps.clock, row.id, deps.channels.pollSeconds);
  }
}

/**
 * The channel's other enabled connections here that share this one's provider queue (the same base URL and
 * the same secrets: Storecove's one API key serving several legal entities, several accounts here): a
 * report one of them names is left for it. Their settings only; their secrets are compared, never handed on.
 */
async function peersOf(
  deps: ChannelDeps,
  adapter: ChannelAdapter,
  row: ChannelConnectionRow,
  own: ChannelConnection,
): Promise<Record<string, unknown>[]> {
  const sameQueue = (other: ChannelConnectionRow) => {
    if (other.channel !== row.channel || other.id === row.id) return false;
    try {
      const theirs = connectionOf(deps, adapter, other);
      return theirs.baseUrl === own.baseUrl && sameSecrets(theirs.secrets, own.secrets);
    } catch {
      return false; // secrets that do not open: not a connection that polls
    }
  };
  return (await enabledConnections(deps.db)).filter(sameQueue).map((other) => other.settings);
}

const sameSecrets = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * The `channels.poll` job: what the provider has for this connection since its cursor, applied (each event
 * once), then the cursor kept. A crash before the cursor is kept polls the same events again, which adds
 * nothing; the provider's own acknowledgements happen on the next poll (the adapters' cursors say which).
 */
export async function pollChannel(
  deps: ChannelDeps & EventDeps,
  payload: ChannelPollPayload,
  job: JobContext,
): Promise<void> {
  const row = await findConnectionById(job.db, payload.connectionId);
  const adapter = row ? findAdapter(deps, row.channel) : undefined;
  if (!row?.enabled || !adapter?.poll) {
    await job.commit(() => undefined);
    return;
  }
  const ctx = job.forAccount(row.accountId);
  const started = performance.now();
  const budget = AbortSignal.any([job.signal, AbortSignal.timeout(POLL_BUDGET_MS)]);
  try {
    const own = boundBy(connectionOf(deps, adapter, row), budget);
    // Read only for a channel whose one queue may serve several connections here (every poll otherwise).
    const connection = adapter.sharedQueue ? { ...own, peers: await peersOf(deps, adapter, row, own) } : own;
    let cursor = row.pollCursor;
    // A provider that hands out one report per poll (and learns what was taken on the next) is asked
    // again at once while it has more: each round's events are stored before the next round acknowledges them.
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (round > 0 && performance.now() - started > POLL_BUDGET_MS / 2) break;
      const answer = await adapter.poll(connection, cursor);
      job.signal.throwIfAborted();
      await applyEvents(ctx, deps, adapter, answer.events);
      cursor = answer.cursor;
      // Only reports left for another connection (not acknowledged, so they come again): nothing more now.
      if (answer.events.every((event) => event.kind === 'left')) break;
    }
    await job.commit(async (tx) => {
      await updateConnection(tx, row.id, {
        pollCursor: cursor,
        lastPolledAt: isoNow(job.clock),
        lastPollError: null,
      });
    });
  } catch (error) {
    // Stopped or taken over (the lease lost): the job's runtime deals with it; the provider said nothing.
    if (!(error instanceof ChannelError) || job.signal.aborted) throw error;
    await updateConnection(job.db, row.id, { lastPollError: error.message, lastPolledAt: isoNow(job.clock) });
    const after = error.details.retryAfterSeconds;
    if (error.transient)
      throw JobError.retryable(error.message, after === undefined ? {} : { afterMs: after * 1000 });
    throw JobError.permanent(error.message);
  }
}
