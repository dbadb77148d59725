import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import { deleteSessionsOfUser, findUsersByEmail, retireOpenLinks, updateUser } from '../repo';
import type { UserRow } from '../schema';

/**
 * A new password (already hashed) for a user: every session of theirs ends with the old one, and their
 * open set-password links stop working. Answers how many sessions ended.
 */
export async function setPassword({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { user: UserRow; passwordHash: string; name?: string };
}): Promise<number> {
  return await inTransaction(ctx, async (tx) => {
    const now = isoNow(ctx.clock);
    await updateUser(tx.db, input.user.id, {
      passwordHash: input.passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      ...(input.name ? { name: input.name } : {}),
    });
    await retireOpenLinks(tx.db, input.user.accountId, { userId: input.user.id }, now);
    return await deleteSessionsOfUser(tx.db, input.user.id);
  });
}

/** The CLI's `users set-password --email`: 404 for an unknown email (the operator may know). */
export async function setPasswordByEmail({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: { email: string; passwordHash: string };
}): Promise<{ user: UserRow; endedSessions: number }> {
  const typed = input.email.trim().toLowerCase();
  // Twins an older version stored in two spellings (docs/sign-in.md): the one spelt as typed, so the
  // operator reaches either; otherwise the mailbox's first.
  const found = await findUsersByEmail(ctx.db, typed);
  const user = found.find((row) => row.email === typed) ?? found[0];
  if (!user) throw notFound('User');
  return {
    user,
    endedSessions: await setPassword({ ctx, input: { user, passwordHash: input.passwordHash } }),
  };
}
