import type { DbOrTx } from '../db/client';
import type { Clock } from './clock';

/**
 * Who is acting: an API key or a signed-in user's session over HTTP, a background job, or the admin CLI. `memberId` is the workspace
 * member the work is done for (a member's key, or a job working for a member's schedule); rows created
 * then record it as `created_by` (docs/roles.md).
 */
export type Actor =
  | { kind: 'api_key'; keyId: string; memberId?: string | null }
  | { kind: 'session'; sessionId: string; userId: string; memberId?: string | null }
  | { kind: 'job'; jobId: string; memberId?: string | null }
  | { kind: 'cli' };

/** What every use-case gets: storage, time, and (for account work) the account and actor. */
export interface SystemCtx {
  db: DbOrTx;
  clock: Clock;
}

export interface AccountCtx extends SystemCtx {
  accountId: string;
  actor: Actor;
}

/** The `created_by` of a row this context creates: the acting workspace member, or null. */
export function creatorOf(ctx: SystemCtx | AccountCtx): string | null {
  const actor = 'actor' in ctx ? ctx.actor : undefined;
  return actor && actor.kind !== 'cli' ? (actor.memberId ?? null) : null;
}
