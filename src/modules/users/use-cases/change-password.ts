import { emailKey } from '../../../http/email-format';
import type { SystemCtx } from '../../../shared/context';
import { DomainError, validationError } from '../../../shared/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../password';
import { findSession, findUser } from '../repo';
import type { SignInThrottle } from '../sign-in-throttle';
import { setPassword } from './set-password';
import { openSession, type SignedIn, tooManyTries } from './sign-in';

/**
 * A signed-in user changes their own password: the current one is checked (a wrong one counts towards
 * the lockout like a wrong sign-in), every session of theirs ends, and a fresh one replaces the one
 * asking, so this browser stays signed in and any other is out.
 */
export async function changePassword({
  ctx,
  input,
  throttle,
}: {
  ctx: SystemCtx;
  input: {
    userId: string;
    /** The session asking: the one opened in its place acts in its account and is remembered as it was. */
    sessionId: string | null;
    currentPassword: string;
    newPassword: string;
    address: string | null;
  };
  throttle: SignInThrottle;
}): Promise<SignedIn> {
  const user = await findUser(ctx.db, input.userId);
  if (!user) throw new DomainError('unauthorized', 'Invalid credentials');
  const problem = await passwordProblem(input.newPassword, { email: user.email });
  if (problem) {
    throw validationError([{ loc: 'body.new_password', msg: `new_password ${problem}`, type: 'invalid' }]);
  }
  tooManyTries(throttle, emailKey(user.email), input.address);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw validationError([
      { loc: 'body.current_password', msg: 'current_password is not the password', type: 'invalid' },
    ]);
  }
  throttle.recordSuccess(emailKey(user.email), input.address);
  const asking = input.sessionId === null ? undefined : await findSession(ctx.db, input.sessionId);
  const passwordHash = await hashPassword(input.newPassword);
  await setPassword({ ctx, input: { user, passwordHash } });
  const fresh = (await findUser(ctx.db, user.id)) ?? user;
  return await openSession(ctx, fresh, asking?.accountId ?? null, asking?.remember ?? false);
}
