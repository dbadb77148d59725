import type { AppDeps } from '../../app';
import type { Background } from '../../background';
import { deliverySendJob } from './job';

/** One job kind, enqueued by send and retry; nothing is scheduled, so no sources. */
export function deliveryBackground(deps: AppDeps): Background {
  return { definitions: [deliverySendJob(deps)] };
}
