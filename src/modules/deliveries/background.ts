import type { AppDeps } from '../../deps';
import type { Background } from '../../jobs/definition';
import { deliverySendJob } from './job';

/** One job kind, enqueued by send and retry; nothing is scheduled, so no sources. */
export function deliveryBackground(deps: AppDeps): Background {
  return { definitions: [deliverySendJob(deps)] };
}
