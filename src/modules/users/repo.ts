import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailSpellings } from '../../http/email-format';
import {
  type InvitationRow,
  invitations,
  type SessionRow,
  sessions,
  type UserAccountRow,
  type UserRow,
  userAccounts,
  users,
} from './schema';

// Users are found by email or id across accounts (sign-in names no account); everything a user then does
// is scoped by the account their row names.

/**
 * The users stored for one mailbox, in any of its spellings (case, the domain in its own letters or IDNA's
 * ASCII form: docs/sign-in.md): one, unless an older version stored it twice in two spellings. The one
 * that has a password comes first, the most recently set first, then the newest.
 */
export async function findUsersByEmail(db: DbOrTx, email: string): Promise<UserRow[]> {
  return await db
    .select()
    .from(users)
    .where(inArray(users.email, emailSpellings(email)))
    .orderBy(
      sql`case when ${users.passwordHash} is null then 1 else 0 end`,
      desc(sql`coalesce(${users.passwordChangedAt}, '')`),
      desc(users.createdAt),
      asc(users.id),
    )
    .all();
}

/** The user of a mailbox in any spelling (the first of findUsersByEmail's). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return (await findUsersByEmail(db, email))[0];
}

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return await db.select().from(users).where(eq(users.id, id)).get();
}

/** A new user, who has joined the account their row names. */
export async function insertUser(db: DbOrTx, row: UserRow): Promise<UserRow> {
  const user = await db.insert(users).values(row).returning().get();
  await joinAccount(db, user.id, user.accountId, row.createdAt);
  return user;
}

/** The user joins an account (nothing when they have already). */
export async function joinAccount(db: DbOrTx, userId: string, accountId: string, at: string): Promise<void> {
  await db.insert(userAccounts).values({ userId, accountId, joinedAt: at }).onConflictDoNothing().run();
}

/** The user leaves an account: their sessions acting there forget it. */
export async function leaveAccountRow(db: DbOrTx, userId: string, accountId: string): Promise<void> {
  await db
    .delete(userAccounts)
    .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)))
    .run();
  await db
    .update(sessions)
    .set({ accountId: null })
    .where(and(eq(sessions.userId, userId), eq(sessions.accountId, accountId)))
    .run();
}

/** The accounts a user has joined: their own first, then the most recently used, then by joining. */
export async function joinedAccounts(db: DbOrTx, user: UserRow): Promise<UserAccountRow[]> {
  return await db
    .select()
    .from(userAccounts)
    .where(eq(userAccounts.userId, user.id))
    .orderBy(
      sql`case when ${userAccounts.accountId} = ${user.accountId} then 0 else 1 end`,
      asc(userAccounts.joinedAt),
      asc(userAccounts.accountId),
    )
    .all();
}

/** The users who have joined an account (whether they still belong to a workspace there or not). */
export async function usersJoinedTo(db: DbOrTx, accountId: string): Promise<UserRow[]> {
  return (
    await db
      .select({ user: users })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(eq(userAccounts.accountId, accountId))
      .orderBy(asc(userAccounts.joinedAt), asc(users.id))
      .all()
  ).map((row) => row.user);
}

export async function hasJoined(db: DbOrTx, userId: string, accountId: string): Promise<boolean> {
  return (
    (await db
      .select({ id: userAccounts.accountId })
      .from(userAccounts)
      .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)))
      .get()) !== undefined
  );
}

/** The session acts in `accountId` from now on, and the user's switcher lists it first. */
export async function switchSessionAccount(
  db: DbOrTx,
  session: { id: string; userId: string },
  accountId: string,
  at: string,
): Promise<void> {
  await db.update(sessions).set({ accountId }).where(eq(sessions.id, session.id)).run();
  await db
    .update(userAccounts)
    .set({ lastUsedAt: at })
    .where(and(eq(userAccounts.userId, session.userId), eq(userAccounts.accountId, accountId)))
    .run();
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'passwordHash' | 'passwordChangedAt' | 'updatedAt'>>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id)).run();
}

export async function insertSession(db: DbOrTx, row: SessionRow): Promise<void> {
  await db.insert(sessions).values(row).run();
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  return await db.select().from(sessions).where(eq(sessions.id, id)).get();
}

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string): Promise<SessionRow | undefined> {
  return await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).get();
}

export async function touchSession(db: DbOrTx, id: string, at: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)).run();
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id)).run();
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<number> {
  return (await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }).all())
    .length;
}

/** Sessions past their idle or absolute limit: unusable already, deleted to keep the table small. */
export async function deleteStaleSessions(
  db: DbOrTx,
  idleBefore: string,
  createdBefore: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
    .run();
}

export async function insertInvitation(db: DbOrTx, row: InvitationRow): Promise<void> {
  await db.insert(invitations).values(row).run();
}

export async function findInvitationByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).get();
}

/** Marks a link used; false when another request used it first (a link works once). */
export async function useInvitation(db: DbOrTx, id: string, at: string): Promise<boolean> {
  return (
    (
      await db
        .update(invitations)
        .set({ usedAt: at })
        .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
        .returning({ id: invitations.id })
        .all()
    ).length > 0
  );
}

/** Ends the open links of one kind for an email in a workspace (or of a user): a new link replaces them. */
export async function retireOpenLinks(
  db: DbOrTx,
  accountId: string,
  match: { email: string; workspaceId: string } | { userId: string },
  at: string,
): Promise<void> {
  const which =
    'userId' in match
      ? eq(invitations.userId, match.userId)
      : and(
          inArray(invitations.email, emailSpellings(match.email)),
          eq(invitations.workspaceId, match.workspaceId),
        );
  await db
    .update(invitations)
    .set({ usedAt: at })
    .where(and(eq(invitations.accountId, accountId), isNull(invitations.usedAt), which))
    .run();
}
