import { inTransaction } from '../../../db/transaction';
import { emailKey } from '../../../http/email-format';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { conflict, DomainError, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findAccountWithPlan } from '../../accounts';
import {
  can,
  ensureMember,
  findMemberByEmail,
  memberForKey,
  memberForUser,
  outranks,
} from '../../workspaces';
import { hashPassword, passwordProblem } from '../password';
import { findUser, findUserByEmail, findUsersByEmail, insertUser, joinAccount, useInvitation } from '../repo';
import type { InvitationRow, UserRow } from '../schema';
import type { SignInThrottle } from '../sign-in-throttle';
import { openLink } from './read-invitation';
import { setPassword } from './set-password';
import { tooManyTries, userWithPassword } from './sign-in';

export interface Acceptance {
  token: string;
  /** A new user's password; for someone who signs in already, their own (unless signed in as them). */
  password?: string;
  /** The user the request's session cookie signs in, if any: they accept without their password. */
  signedInUserId?: string | null;
  /** The caller's address, for the wrong-password limits of sign-in. */
  address?: string | null;
  name?: string;
  /** Only the first owner's set-up asks for it; other links name their email. */
  email?: string;
}

const gone = () => new DomainError('not_found', 'This link is unknown, used or expired');

/**
 * Opens a one-time link: a new user with their name and password (an invitation, the first owner's
 * set-up), a new password for an existing one (ending their sessions), or, for someone who signs in
 * already, joining the invitation's account (docs/office.md). The link then stops working.
 */
export async function acceptInvitation({
  ctx,
  input,
  throttle,
}: {
  ctx: SystemCtx;
  input: Acceptance;
  /** Sign-in's wrong-password limits: someone joining with their password is counted as a sign-in. */
  throttle: SignInThrottle;
}): Promise<UserRow> {
  const invited = await openLink(ctx, input.token);
  // The mailbox in any spelling (docs/sign-in.md): someone who signs in already joins, never a second user.
  const existing =
    invited?.kind === 'member' && invited.email ? await findUsersByEmail(ctx.db, invited.email) : [];
  if (existing.length > 0) return await joinInvitedAccount(ctx, existing, input, throttle);
  if (input.password === undefined) {
    throw validationError([{ loc: 'body.password', msg: 'password is required', type: 'missing' }]);
  }
  const problem = await passwordProblem(input.password, { email: input.email });
  if (problem) throw validationError([{ loc: 'body.password', msg: `password ${problem}`, type: 'invalid' }]);
  const opened = await openLink(ctx, input.token);
  if (!opened) throw gone();
  // The link names the person's e-mail (all but the first owner's set-up): not their password either.
  const own = opened.email ? await passwordProblem(input.password, { email: opened.email }) : null;
  if (own) throw validationError([{ loc: 'body.password', msg: `password ${own}`, type: 'invalid' }]);
  const passwordHash = await hashPassword(input.password);
  return await inTransaction(ctx, async (tx) => {
    // Read again inside the transaction: a second request with the same link may have used it meanwhile.
    const link = await openLink(tx, input.token);
    if (!link || !(await useInvitation(tx.db, link.id, isoNow(ctx.clock)))) throw gone();
    if (link.kind === 'password') {
      const user = link.userId === null ? undefined : await findUser(tx.db, link.userId);
      if (!user) throw gone();
      await setPassword({ ctx: tx, input: { user, passwordHash, name: input.name?.trim() || undefined } });
      return (await findUser(tx.db, user.id)) ?? user;
    }
    return await newUser(tx, link, input, passwordHash);
  });
}

/**
 * Someone who signs in already accepts an invitation to another account: with their own password, or
 * signed in as themselves, never a second password. The link's page was opened by whoever holds the
 * token (the inviter sees it too), so the token alone never makes anyone a member of another account.
 */
async function joinInvitedAccount(
  ctx: SystemCtx,
  candidates: UserRow[],
  input: Acceptance,
  throttle: SignInThrottle,
): Promise<UserRow> {
  // One user, or two an older version stored for the mailbox in two spellings: whichever proves it is them.
  const [first] = candidates;
  if (!first) throw gone();
  let proven = candidates.find((candidate) => candidate.id === input.signedInUserId);
  if (!proven && input.password !== undefined) {
    // The inviter holds the link too: their guesses at the person's password count as sign-in's do.
    const mailbox = emailKey(first.email);
    tooManyTries(throttle, mailbox, input.address ?? null);
    proven = await userWithPassword(candidates, input.password);
    if (proven) throttle.recordSuccess(mailbox, input.address ?? null);
  }
  const user = proven;
  if (!user) {
    throw new DomainError(
      'forbidden',
      `${first.email} signs in already: accept with their password, or signed in as them`,
    );
  }
  return await inTransaction(ctx, async (tx) => {
    const link = await openLink(tx, input.token);
    if (!link || !(await useInvitation(tx.db, link.id, isoNow(ctx.clock)))) throw gone();
    if (link.workspaceId === null || !(await findMemberByEmail(tx.db, link.workspaceId, user.email)))
      throw gone();
    await requireWithinInvitersReach(tx, link, user.email);
    await joinAccount(tx.db, user.id, link.accountId, isoNow(ctx.clock));
    return user;
  });
}

async function newUser(
  ctx: SystemCtx,
  link: InvitationRow,
  input: Acceptance,
  passwordHash: string,
): Promise<UserRow> {
  // No name given: the one the inviter gave (an office naming its client's owner), if any.
  const name = input.name?.trim() || link.name?.trim() || '';
  const fields = [];
  if (name === '' || name.length > 200) {
    fields.push({ loc: 'body.name', msg: 'name must be 1 to 200 characters', type: 'invalid' });
  }
  const email = (link.email ?? input.email ?? '').trim().toLowerCase();
  if (email === '') fields.push({ loc: 'body.email', msg: 'email is required', type: 'missing' });
  if (fields.length > 0) throw validationError(fields);
  if (await findUserByEmail(ctx.db, email))
    throw conflict(`A user with the email ${email} exists already: sign in`);
  if (link.kind === 'owner_setup') {
    const account = await findAccountWithPlan(ctx.db, link.accountId);
    if (!account) throw gone();
    await ensureMember({
      ctx: { ...ctx, accountId: link.accountId, actor: { kind: 'cli' } },
      input: { workspaceId: null, email, role: 'owner', workspaceName: account.account.name },
    });
  } else if (link.workspaceId === null || !(await findMemberByEmail(ctx.db, link.workspaceId, email))) {
    // The member was removed since the invitation: it invites to nothing any more.
    throw gone();
  } else await requireWithinInvitersReach(ctx, link, email);
  const now = isoNow(ctx.clock);
  return await insertUser(ctx.db, {
    id: newId('usr'),
    accountId: link.accountId,
    email,
    name,
    passwordHash,
    passwordChangedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Nobody gets, through a link they made, more than they could grant: the new user acts with the email's
 * highest role across the account, which may have risen since the invitation (an owner made them owner in
 * another workspace). A link made by an admin then stops short of it; one made by an owner or an
 * account-level key (no member) reaches every role.
 */
async function requireWithinInvitersReach(ctx: SystemCtx, link: InvitationRow, email: string): Promise<void> {
  if (link.createdBy === null) return;
  const highest = await memberForUser(ctx.db, link.accountId, email);
  if (!highest) return;
  const inviter = await memberForKey(ctx.db, link.accountId, link.createdBy);
  const reach = inviter?.role ?? link.role ?? 'member';
  if (can(reach, 'members:manage_owners') || !outranks(highest.role, reach)) return;
  throw conflict(
    `${email} holds the role '${highest.role}' in this account, more than whoever made this link may grant: ask an owner for a new link`,
  );
}
