import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findAccountWithPlan } from '../../accounts';
import { ensureMember, type Role, type WorkspaceMemberRow } from '../../workspaces';
import { type IssuedLink, issueLink } from '../links';
import { findUserByEmail, hasJoined, insertUser, joinAccount } from '../repo';
import type { UserRow } from '../schema';

export interface CreatedUser {
  user: UserRow;
  member: WorkspaceMemberRow;
  /** The one-time set-password link's token when no password was given. */
  link: IssuedLink | null;
}

/**
 * The admin CLI's `users create`: a user of the account, a member of the workspace (the account's first,
 * made when it has none) with the role, and either the password (already hashed) or a one-time link to
 * set one. Emails are unique across the service, compared as one mailbox (whatever the case, the domain in
 * its own letters or IDNA's ASCII form: docs/sign-in.md): sign-in names no account, so an email that signs
 * in already joins this account as well (with its own role here, its password unchanged).
 */
export async function createUser({
  ctx,
  input,
}: {
  ctx: SystemCtx;
  input: {
    accountId: string;
    email: string;
    name?: string;
    role: Role;
    workspaceId: string | null;
    passwordHash: string | null;
  };
}): Promise<CreatedUser> {
  const email = input.email.trim().toLowerCase();
  return await inTransaction(ctx, async (tx) => {
    const account = await findAccountWithPlan(tx.db, input.accountId);
    if (!account) throw notFound('Account');
    const existing = await findUserByEmail(tx.db, email);
    if (existing && (await hasJoined(tx.db, existing.id, input.accountId))) {
      throw conflict(`A user with the email ${email} exists already`);
    }
    if (existing && input.passwordHash !== null) {
      throw conflict(`A user with the email ${email} exists already: leave out the password to add them`);
    }
    const accountCtx = { ...tx, accountId: input.accountId, actor: { kind: 'cli' as const } };
    const member = await ensureMember({
      ctx: accountCtx,
      input: { workspaceId: input.workspaceId, email, role: input.role, workspaceName: account.account.name },
    });
    const now = isoNow(ctx.clock);
    if (existing) {
      await joinAccount(tx.db, existing.id, input.accountId, now);
      return { user: existing, member, link: null };
    }
    const user = await insertUser(tx.db, {
      id: newId('usr'),
      accountId: input.accountId,
      email,
      name: input.name?.trim() || email.split('@')[0] || email,
      passwordHash: input.passwordHash,
      passwordChangedAt: input.passwordHash === null ? null : now,
      createdAt: now,
      updatedAt: now,
    });
    const link =
      input.passwordHash === null
        ? await issueLink(tx, {
            accountId: input.accountId,
            kind: 'password',
            email,
            workspaceId: null,
            role: null,
            userId: user.id,
            createdBy: null,
          })
        : null;
    return { user, member, link };
  });
}
