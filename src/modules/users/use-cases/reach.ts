import type { DbOrTx } from '../../../db/client';
import { type ActingMember, memberForUser } from '../../workspaces';
import { hasJoined, joinedAccounts, usersJoinedTo } from '../repo';
import type { UserRow } from '../schema';

/** One account a user reaches, and the member they act as there (their highest role in it). */
export interface Reach {
  accountId: string;
  member: ActingMember;
  joinedAt: string;
  lastUsedAt: string | null;
}

/**
 * The member a user acts as in an account: they joined it and still hold a workspace membership there
 * (docs/office.md). Undefined otherwise: a removed member or a user who left reaches nothing, at once.
 */
export async function memberInAccount(
  db: DbOrTx,
  user: UserRow,
  accountId: string,
): Promise<ActingMember | undefined> {
  if (!(await hasJoined(db, user.id, accountId))) return undefined;
  return await memberForUser(db, accountId, user.email);
}

/** Every account the user reaches now: their own first, then in the order they joined. */
export async function reachableAccounts(db: DbOrTx, user: UserRow): Promise<Reach[]> {
  const reach: Reach[] = [];
  for (const joined of await joinedAccounts(db, user)) {
    const member = await memberForUser(db, joined.accountId, user.email);
    if (member) {
      reach.push({
        accountId: joined.accountId,
        member,
        joinedAt: joined.joinedAt,
        lastUsedAt: joined.lastUsedAt,
      });
    }
  }
  return reach;
}

/**
 * The people who run an office's clients (docs/office.md): every user who reaches the office now as an
 * owner or admin there (the roles holding `clients:create`), oldest joined first.
 */
export async function officeRunners(db: DbOrTx, officeId: string): Promise<UserRow[]> {
  const runners: UserRow[] = [];
  for (const user of await usersJoinedTo(db, officeId)) {
    const member = await memberForUser(db, officeId, user.email);
    if (member && (member.role === 'owner' || member.role === 'admin')) runners.push(user);
  }
  return runners;
}
