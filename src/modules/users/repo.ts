import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type InvitationRow, invitations, type SessionRow, sessions, type UserRow, users } from './schema';

// Users are found by email or id across accounts (sign-in names no account); everything a user then does
// is scoped by the account their row names.

export function findUserByEmail(db: DbOrTx, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function findUser(db: DbOrTx, id: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function insertUser(db: DbOrTx, row: UserRow): UserRow {
  return db.insert(users).values(row).returning().get();
}

export function updateUser(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'passwordHash' | 'passwordChangedAt' | 'updatedAt'>>,
): void {
  db.update(users).set(changes).where(eq(users.id, id)).run();
}

export function insertSession(db: DbOrTx, row: SessionRow): void {
  db.insert(sessions).values(row).run();
}

export function findSessionByTokenHash(db: DbOrTx, tokenHash: string): SessionRow | undefined {
  return db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).get();
}

export function touchSession(db: DbOrTx, id: string, at: string): void {
  db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)).run();
}

export function deleteSession(db: DbOrTx, id: string): void {
  db.delete(sessions).where(eq(sessions.id, id)).run();
}

export function deleteSessionsOfUser(db: DbOrTx, userId: string): number {
  return db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }).all().length;
}

/** Sessions past their idle or absolute limit: unusable already, deleted to keep the table small. */
export function deleteStaleSessions(db: DbOrTx, idleBefore: string, createdBefore: string): void {
  db.delete(sessions)
    .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
    .run();
}

export function insertInvitation(db: DbOrTx, row: InvitationRow): void {
  db.insert(invitations).values(row).run();
}

export function findInvitationByTokenHash(db: DbOrTx, tokenHash: string): InvitationRow | undefined {
  return db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).get();
}

/** Marks a link used; false when another request used it first (a link works once). */
export function useInvitation(db: DbOrTx, id: string, at: string): boolean {
  return (
    db
      .update(invitations)
      .set({ usedAt: at })
      .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
      .returning({ id: invitations.id })
      .all().length > 0
  );
}

/** Ends the open links of one kind for an email in a workspace (or of a user): a new link replaces them. */
export function retireOpenLinks(
  db: DbOrTx,
  accountId: string,
  match: { email: string; workspaceId: string } | { userId: string },
  at: string,
): void {
  const which =
    'userId' in match
      ? eq(invitations.userId, match.userId)
      : and(eq(invitations.email, match.email), eq(invitations.workspaceId, match.workspaceId));
  db.update(invitations)
    .set({ usedAt: at })
    .where(and(eq(invitations.accountId, accountId), isNull(invitations.usedAt), which))
    .run();
}
