import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import {
  clearedSessionCookie,
  isOwnOrigin,
  presentedSessionToken,
  requestOrigin,
  servedOverHttps,
  sessionCookie,
} from '../../http/credentials';
import { clientAddressOf } from '../../http/request-context';
import { authErrors, dataOf, ErrorEnvelope, withConflict } from '../../http/schemas';
import { DomainError } from '../../shared/errors';
import { findAccountWithPlan } from '../accounts';
import { findWorkspace, presentMember } from '../workspaces';
import { emailInvitation, invitationLanguage } from './invitation-email';
import { linkUrl } from './links';
import {
  AcceptInvitationBody,
  ChangePasswordBody,
  Invitation,
  InvitationView,
  InviteBody,
  presentUser,
  Session,
  SignInBody,
  User,
} from './model';
import { SignInThrottle } from './sign-in-throttle';
import { acceptInvitation } from './use-cases/accept-invitation';
import { changePassword } from './use-cases/change-password';
import { inviteMember } from './use-cases/invite-member';
import { readInvitation } from './use-cases/read-invitation';
import { ABSOLUTE_MS, endSession, IDLE_MS, sessionOf } from './use-cases/session-of';
import { type SignedIn, signIn } from './use-cases/sign-in';

const detail = (summary: string, extra: Record<string, unknown> = {}) => ({
  summary,
  tags: ['Identity'],
  ...extra,
});
const publicErrors = { 400: ErrorEnvelope, 403: ErrorEnvelope, 422: ErrorEnvelope, 500: ErrorEnvelope };
const tokenParams = t.Object({ token: t.String({ maxLength: 200 }) });

/**
 * Sign-in, sign-out and the pages' writes that carry no cookie yet: a foreign Origin (or Referer) is
 * refused, so another site cannot sign a browser in to an account of its choosing; programs send neither.
 */
function refuseForeignOrigin(request: Request, publicBaseUrl: string | null): void {
  const origin = requestOrigin(request);
  if (origin !== null && !isOwnOrigin(origin, request, publicBaseUrl)) {
    throw new DomainError('forbidden', `Requests from ${origin} may not sign in or out here`, { origin });
  }
}

const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

function presentSession(signed: SignedIn) {
  return {
    id: signed.session.id,
    user: presentUser(signed.user),
    created_at: signed.session.createdAt,
    idle_expires_at: plus(signed.session.lastSeenAt, IDLE_MS),
    expires_at: plus(signed.session.createdAt, ABSOLUTE_MS),
  };
}

/** People: sign in and out with email and password, one-time links, invitations (docs/sign-in.md). */
export function userRoutes(auth: Auth, deps: AppDeps) {
  const throttle = new SignInThrottle(deps.clock);
  const system = { db: deps.db, clock: deps.clock };
  return new Elysia()
    .post(
      '/api/v1/sessions',
      async ({ body, request, set }) => {
        refuseForeignOrigin(request, deps.publicBaseUrl);
        const signed = await signIn({
          ctx: system,
          input: {
            email: body.email,
            password: body.password,
            address: clientAddressOf(request),
            remember: body.remember ?? false,
          },
          throttle,
        });
        set.headers['set-cookie'] = sessionCookie(
          signed.token,
          servedOverHttps(request, deps.publicBaseUrl),
          signed.session.remember ? Math.floor(ABSOLUTE_MS / 1000) : null,
        );
        set.headers['cache-control'] = 'no-store';
        set.status = 201;
        return { data: presentSession(signed) };
      },
      {
        body: SignInBody,
        response: { 201: dataOf(Session), 401: ErrorEnvelope, 429: ErrorEnvelope, ...publicErrors },
        detail: detail('Sign in with email and password: sets the session cookie', { security: [] }),
      },
    )
    .delete(
      '/api/v1/sessions/current',
      async ({ request, set }) => {
        refuseForeignOrigin(request, deps.publicBaseUrl);
        set.headers['set-cookie'] = clearedSessionCookie(servedOverHttps(request, deps.publicBaseUrl));
        const token = presentedSessionToken(request.headers);
        const live = token === null ? null : await sessionOf(system, token);
        if (token === null || live === null) throw new DomainError('unauthorized', 'Not signed in');
        await endSession(system, token);
        return { data: { signed_out: true as const } };
      },
      {
        response: {
          200: dataOf(t.Object({ signed_out: t.Literal(true) })),
          401: ErrorEnvelope,
          ...publicErrors,
        },
        detail: detail('Sign out: ends the session of the cookie and clears it', {
          security: [{ sessionCookie: [] }],
        }),
      },
    )
    .get(
      '/api/v1/invitations/:token',
      async ({ params }) => ({ data: await readInvitation({ ctx: system, input: params }) }),
      {
        params: tokenParams,
        response: { 200: dataOf(InvitationView), 404: ErrorEnvelope, ...publicErrors },
        detail: detail('What a one-time link (invitation, owner set-up, set-password) is for', {
          security: [],
        }),
      },
    )
    .post(
      '/api/v1/invitations/:token/accept',
      async ({ params, body, request, set }) => {
        refuseForeignOrigin(request, deps.publicBaseUrl);
        const cookie = presentedSessionToken(request.headers);
        const signedIn = cookie === null ? null : await sessionOf(system, cookie);
        const user = await acceptInvitation({
          ctx: system,
          input: {
            token: params.token,
            ...body,
            signedInUserId: signedIn?.user.id ?? null,
            address: clientAddressOf(request),
          },
          throttle,
        });
        set.status = 201;
        return { data: presentUser(user) };
      },
      {
        params: tokenParams,
        body: AcceptInvitationBody,
        response: {
          201: dataOf(User),
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          ...publicErrors,
        },
        detail: detail(
          'Open a one-time link: set name and password (and, for the first owner, the email), or join another account as someone who signs in already; then sign in',
          { security: [] },
        ),
      },
    )
    .use(auth)
    .post(
      '/api/v1/auth/password',
      async ({ principal, body, request, set }) => {
        if (principal.session === null) {
          throw new DomainError(
            'forbidden',
            'Only a signed-in user has a password to change: sign in with email',
          );
        }
        const signed = await changePassword({
          ctx: system,
          input: {
            userId: principal.session.userId,
            sessionId: principal.session.id,
            currentPassword: body.current_password,
            newPassword: body.new_password,
            address: clientAddressOf(request),
          },
          throttle,
        });
        // Every session ended with the old password; this browser goes on with a new one, remembered (and
        // acting in the account) as the one it replaces.
        set.headers['set-cookie'] = sessionCookie(
          signed.token,
          servedOverHttps(request, deps.publicBaseUrl),
          signed.session.remember ? Math.floor(ABSOLUTE_MS / 1000) : null,
        );
        set.headers['cache-control'] = 'no-store';
        return { data: presentSession(signed) };
      },
      {
        auth: true,
        body: ChangePasswordBody,
        response: { 200: dataOf(Session), ...authErrors },
        detail: detail('Change the signed-in user’s password: every other session of theirs ends'),
      },
    )
    .post(
      '/api/v1/workspaces/:workspace_id/invitations',
      async ({ ctx, params, body, set, request }) => {
        const { language, ...invite } = body;
        const invited = await inviteMember({ ctx, input: { workspaceId: params.workspace_id, ...invite } });
        const url = invited.link ? linkUrl(deps.ownOrigin(), invited.link.token) : null;
        let emailed = false;
        if (invited.link && url) {
          emailed = await emailInvitation(deps.smtpUrl, deps.logger, {
            to: invited.member.email,
            accountName: (await findAccountWithPlan(ctx.db, ctx.accountId))?.account.name ?? '',
            workspaceName: (await findWorkspace(ctx.db, ctx.accountId, params.workspace_id))?.name ?? '',
            url,
            invitationId: invited.link.row.id,
            language: invitationLanguage(language, request.headers.get('accept-language')),
          });
        }
        set.status = 201;
        set.headers['cache-control'] = 'no-store';
        return {
          data: {
            member: presentMember(invited.member),
            url,
            expires_at: invited.link?.row.expiresAt ?? null,
            emailed,
          },
        };
      },
      {
        auth: true,
        params: t.Object({ workspace_id: t.String() }),
        body: InviteBody,
        response: { 201: dataOf(Invitation), ...withConflict },
        detail: {
          summary: 'Add a member and make their one-time invitation link (e-mailed when SMTP_URL is set)',
          tags: ['Workspaces'],
        },
      },
    );
}
