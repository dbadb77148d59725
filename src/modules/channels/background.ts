import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { defineJob, exponentialBackoff } from '../../jobs/definition';
import { receivingDepsOf } from '../receiving';
import { renderServicesOf } from '../renders';
import { channelPollKind, networkSendKind } from './job';
import { enqueueDuePolls, pollChannel } from './use-cases/poll';
import { giveUpNetworkDelivery, sendNetworkDelivery } from './use-cases/send';

/** The sends (one per delivery) and the polls of every enabled connection, once a period. */
export function channelsBackground(deps: AppDeps): Background {
  const send = { ...deps, services: renderServicesOf(deps) };
  const poll = { ...deps, receiving: { ...receivingDepsOf(deps), blobs: deps.blobs } };
  return {
    definitions: [
      defineJob({
        ...networkSendKind,
        concurrency: 2,
        backoffMs: exponentialBackoff(5_000, 5 * 60_000),
        handler: (payload, job) => sendNetworkDelivery(send, payload, job),
        onLastFailure: (payload, job, error) => giveUpNetworkDelivery(payload, job, error),
      }),
      defineJob({
        ...channelPollKind,
        backoffMs: exponentialBackoff(5_000, 60_000),
        handler: (payload, job) => pollChannel(poll, payload, job),
      }),
    ],
    sources: [() => enqueueDuePolls(deps)],
  };
}
