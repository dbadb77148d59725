import type { DbOrTx } from '../db/client';
import type { Clock } from './clock';

/** Who is acting: an API key over HTTP, a background job, or the admin CLI. */
export type Actor = { kind: 'api_key'; keyId: string } | { kind: 'job'; jobId: string } | { kind: 'cli' };

/** What every use-case gets: storage, time, and (for account work) the account and actor. */
export interface SystemCtx {
  db: DbOrTx;
  clock: Clock;
}

export interface AccountCtx extends SystemCtx {
  accountId: string;
  actor: Actor;
}
