import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { sha256Hex } from '../../../shared/secrets';
import { deleteSession, deleteStaleSessions, findSessionByTokenHash, findUser, touchSession } from '../repo';
import type { SessionRow, UserRow } from '../schema';

/** A session ends after 12 hours without a request, and 30 days after sign-in whatever happens. */
export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute: a read request should not always be a write. */
const TOUCH_MS = 60 * 1000;

/** The live session a cookie's token names, with its user; null when unknown, expired or ended. */
export async function sessionOf(
  ctx: SystemCtx,
  token: string,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const session = await findSessionByTokenHash(ctx.db, sha256Hex(token));
  if (!session) return null;
  const now = ctx.clock.now();
  const idle = now.getTime() - new Date(session.lastSeenAt).getTime();
  const age = now.getTime() - new Date(session.createdAt).getTime();
  if (idle >= IDLE_MS || age >= ABSOLUTE_MS) {
    await deleteSession(ctx.db, session.id);
    return null;
  }
  const user = await findUser(ctx.db, session.userId);
  if (!user) return null;
  if (idle >= TOUCH_MS) await touchSession(ctx.db, session.id, isoNow(ctx.clock));
  return { session, user };
}

/** Deletes the sessions nobody can present any more (run at each sign-in: the table stays small). */
export async function dropExpiredSessions(ctx: SystemCtx): Promise<void> {
  const now = ctx.clock.now().getTime();
  await deleteStaleSessions(
    ctx.db,
    new Date(now - IDLE_MS).toISOString(),
    new Date(now - ABSOLUTE_MS).toISOString(),
  );
}

/** Ends the session a cookie's token names (signing out); nothing when there is none. */
export async function endSession(ctx: SystemCtx, token: string): Promise<void> {
  const session = await findSessionByTokenHash(ctx.db, sha256Hex(token));
  if (session) await deleteSession(ctx.db, session.id);
}
