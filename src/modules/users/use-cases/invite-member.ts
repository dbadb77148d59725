import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { notFound } from '../../../shared/errors';
import {
  actingMemberOf,
  addMember,
  findMemberByEmail,
  findWorkspace,
  memberForUser,
  type Role,
  requireRoleWithinReach,
  type WorkspaceMemberRow,
} from '../../workspaces';
import { type IssuedLink, issueLink } from '../links';
import { findUserByEmail, hasJoined, retireOpenLinks } from '../repo';

export interface Invited {
  member: WorkspaceMemberRow;
  /** Null when the person already signs in to this account: the membership is theirs at once. */
  link: IssuedLink | null;
}

/**
 * Adds a member (as `POST /workspaces/{id}/members` does, with its role checks) and makes the one-time
 * link whose page sets their name and password. For someone already a member, a new link replaces the
 * open one. The inviter sees the link and could open it themselves, so a link is only made for a role
 * within the inviter's reach (an admin never gets one for an owner), counting every membership the email
 * holds in the account, since a session acts with the highest of them. The email is compared as one
 * mailbox (case, the domain in its own letters or IDNA's ASCII form: docs/sign-in.md): a member or user
 * stored in another spelling is that person, and the link names the member's own spelling.
 */
export async function inviteMember({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { workspaceId: string; email: string; role?: Role };
}): Promise<Invited> {
  const email = input.email.trim().toLowerCase();
  return await inTransaction(ctx, async (tx) => {
    if (!(await findWorkspace(tx.db, tx.accountId, input.workspaceId))) throw notFound('Workspace');
    const user = await findUserByEmail(tx.db, email);
    let member = await findMemberByEmail(tx.db, input.workspaceId, email);
    if (member) requireRoleWithinReach(await actingMemberOf(tx), member.role, 'invite');
    else {
      await addMember({ ctx: tx, input: { workspaceId: input.workspaceId, email, role: input.role } });
      member = await findMemberByEmail(tx.db, input.workspaceId, email);
      if (!member) throw new Error('member vanished inside its own transaction');
    }
    // Whoever opens the link acts with the email's highest role across the account (docs/roles.md), not
    // only this workspace's: the inviter must be able to grant that one.
    const highest = await memberForUser(tx.db, tx.accountId, email);
    if (highest) requireRoleWithinReach(await actingMemberOf(tx), highest.role, 'invite');
    // Someone who reaches this account already has the membership at once; someone who signs in to
    // other accounts only accepts the link with their own password (docs/office.md).
    if (user && (await hasJoined(tx.db, user.id, tx.accountId))) return { member, link: null };
    await retireOpenLinks(
      tx.db,
      tx.accountId,
      { email: member.email, workspaceId: input.workspaceId },
      isoNow(ctx.clock),
    );
    const link = await issueLink(tx, {
      accountId: tx.accountId,
      kind: 'member',
      email: member.email,
      workspaceId: input.workspaceId,
      role: member.role,
      userId: null,
      createdBy: creatorOf(tx),
    });
    return { member, link };
  });
}
