import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { deleteSessionsOfUser, findUserByEmail, retireOpenLinks, updateUser } from '../repo';
import type { UserRow } from '../schema';

/**
 * A new password (already hashed) for a user: every session of theirs ends with the old one, and their
 * open set-password links stop working. Answers how many sessions ended.
 */
export function setPassword({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { user: UserRow; passwordHash: string; name?: string };
}): number {
  return inTransaction(ctx, (tx) => {
    const now = isoNow(ctx.clock);
    updateUser(tx.db, input.user.id, {
      passwordHash: input.passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      ...(input.name ? { name: input.name } : {}),
    });
    retireOpenLinks(tx.db, input.user.accountId, { userId: input.user.id }, now);
    return deleteSessionsOfUser(tx.db, input.user.id);
  });
}

/** The CLI's `users set-password --email`: 404 for an unknown email (the operator may know). */
export function setPasswordByEmail({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { email: string; passwordHash: string };
}): { user: UserRow; endedSessions: number } {
  const user = findUserByEmail(ctx.db, input.email.trim().toLowerCase());
  if (!user) throw notFound('User');
  return { user, endedSessions: setPassword({ ctx, input: { user, passwordHash: input.passwordHash } }) };
}
