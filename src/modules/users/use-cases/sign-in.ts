import { inTransaction } from '../../../db/transaction';
import { emailKey } from '../../../http/email-format';
import { isoNow } from '../../../shared/clock';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { newId, randomToken } from '../../../shared/ids';
import { sha256Hex } from '../../../shared/secrets';
import { findAccountWithPlan } from '../../accounts';
import { verifyPassword } from '../password';
import { findUsersByEmail, insertSession } from '../repo';
import type { SessionRow, UserRow } from '../schema';
import type { SignInThrottle } from '../sign-in-throttle';
import { reachableAccounts } from './reach';
import { dropExpiredSessions } from './session-of';

export const WRONG_CREDENTIALS = 'Invalid email or password';

export interface SignedIn {
  /** The cookie's secret; the database keeps only its SHA-256. */
  token: string;
  session: SessionRow;
  user: UserRow;
}

/**
 * Checks an email and password and opens a session. The email is the mailbox in any spelling (case, the
 * domain in its own letters or IDNA's ASCII form: docs/sign-in.md). Unknown emails, users without a
 * password yet and wrong passwords get the same 401 after the same argon2id work; ten wrong tries for a
 * mailbox (or fifty from an address) in 15 minutes answer 429 with Retry-After until the window frees a try.
 */
export async function signIn({
  ctx,
  input,
  throttle,
}: {
  ctx: SystemCtx;
  input: { email: string; password: string; address: string | null; remember?: boolean };
  throttle: SignInThrottle;
}): Promise<SignedIn> {
  // One count per mailbox, whichever spelling each try is typed in.
  const email = emailKey(input.email);
  // Counted before the password is checked: tries racing in parallel cannot pass the limit together.
  tooManyTries(throttle, email, input.address);
  const user = await userWithPassword(await findUsersByEmail(ctx.db, email), input.password);
  if (!user) throw new DomainError('unauthorized', WRONG_CREDENTIALS);
  throttle.recordSuccess(email, input.address);
  // Someone in several accounts (docs/office.md) signs in while one of them is enabled and theirs.
  const reached = await reachableAccounts(ctx.db, user);
  if (reached.length === 0) {
    throw new DomainError(
      'forbidden',
      'This user belongs to no workspace: ask an owner or admin to add them',
    );
  }
  for (const reach of reached) {
    const account = await findAccountWithPlan(ctx.db, reach.accountId);
    if (account && account.account.disabledAt === null) {
      return await openSession(ctx, user, reach.accountId, input.remember ?? false);
    }
  }
  throw new DomainError('forbidden', 'Account is disabled');
}

/**
 * Of a mailbox's users (one, or two an older version stored in two spellings: never merged), the one
 * whose password this is, the one with the most recently set password tried first; undefined for none.
 * Without any password, the same argon2id work is done on a hash nobody knows.
 */
export async function userWithPassword(
  candidates: UserRow[],
  password: string,
): Promise<UserRow | undefined> {
  const withPassword = candidates.filter((user) => user.passwordHash !== null);
  if (withPassword.length === 0) {
    await verifyPassword(password, null);
    return undefined;
  }
  for (const user of withPassword) {
    if (await verifyPassword(password, user.passwordHash)) return user;
  }
  return undefined;
}

/**
 * 429 with Retry-After while the email (or the address) is locked after wrong passwords; else the try is
 * counted now, before its password is checked (SignInThrottle.takeTry), and a right one takes it back.
 */
export function tooManyTries(throttle: SignInThrottle, email: string, address: string | null): void {
  const wait = throttle.takeTry(email, address);
  if (wait > 0) {
    throw new DomainError(
      'rate_limited',
      'Too many wrong passwords: try again later',
      { retry_after_seconds: wait },
      { 'Retry-After': String(wait) },
    );
  }
}

/**
 * A new session for the user: a fresh token, of which only the digest is stored. `remember`: signed in
 * with "Remember me" (the cookie outlives the browser).
 */
export async function openSession(
  ctx: SystemCtx,
  user: UserRow,
  accountId: string | null = null,
  remember = false,
): Promise<SignedIn> {
  const token = randomToken(32);
  const now = isoNow(ctx.clock);
  const session: SessionRow = {
    id: newId('ses'),
    userId: user.id,
    tokenHash: sha256Hex(token),
    accountId,
    createdAt: now,
    lastSeenAt: now,
    remember,
  };
  await inTransaction(ctx, async (tx) => {
    await dropExpiredSessions(tx);
    await insertSession(tx.db, session);
  });
  return { token, session, user };
}
