import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope } from '../../http/schemas';
import type { SystemCtx } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { findAccountWithPlan, presentAccount } from '../accounts';
import { emailInvitation, invitationLanguage, linkUrl } from '../users';
import { CreateClientBody, CreatedClient, LeftAccount, Me, ReachedAccount, SwitchAccountBody } from './model';
import { createClient } from './use-cases/create-client';
import { leaveAccount } from './use-cases/leave-account';
import { accountsReached } from './use-cases/reach';
import { switchAccount } from './use-cases/switch-account';

const detail = (summary: string, tag = 'Identity') => ({ summary, tags: [tag] });
const withErrors = { ...authErrors, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope };

/**
 * Who is calling and where they may act (docs/office.md): /auth/me with every account a signed-in user
 * reaches, switching the session's account, an office's clients (create, list, leave).
 */
export function officeRoutes(auth: Auth, deps: AppDeps) {
  const system: SystemCtx = { db: deps.db, clock: deps.clock };
  async function me(principal: Parameters<typeof accountsReached>[1], accountId: string) {
    const account = await findAccountWithPlan(deps.db, accountId);
    if (!account) throw notFound('Account');
    const { session, member } = principal;
    return {
      account: presentAccount(account),
      user: session ? { id: session.userId, email: session.email, name: session.name } : null,
      member: member ? { id: member.id, workspace_id: member.workspaceId, role: member.role } : null,
      accounts: await accountsReached(system, principal),
    };
  }
  return new Elysia({ prefix: '/api/v1' })
    .use(auth)
    .get('/auth/me', async ({ ctx, principal }) => ({ data: await me(principal, ctx.accountId) }), {
      auth: true,
      response: { 200: dataOf(Me), ...authErrors },
      detail: detail(
        'Who is calling: the account acted in, the signed-in user and member they act as, and every account they reach',
      ),
    })
    .get('/accounts', async ({ principal }) => ({ data: await accountsReached(system, principal) }), {
      auth: true,
      response: { 200: dataOf(t.Array(ReachedAccount)), ...authErrors },
      detail: detail(
        'The accounts the caller reaches (an office: its clients), each with their role there',
        'Office',
      ),
    })
    .post(
      '/sessions/current/account',
      async ({ principal, body }) => {
        const member = await switchAccount(system, principal, body.account_id);
        const switched = {
          ...principal,
          accountId: body.account_id,
          member: { ...member, viaSession: true },
        };
        return { data: await me(switched, body.account_id) };
      },
      {
        auth: true,
        body: SwitchAccountBody,
        response: { 200: dataOf(Me), ...withErrors },
        detail: detail(
          "Act in another account the signed-in user reaches from the next request on (a request's `Account` header does so for that request)",
        ),
      },
    )
    .post(
      '/accounts',
      async ({ ctx, principal, body, request, set }) => {
        const created = await createClient(ctx, principal, body);
        const url = linkUrl(deps.ownOrigin(), created.owner.token);
        const emailed = await emailInvitation(deps.smtpUrl, deps.logger, {
          to: created.owner.email,
          name: created.owner.name,
          accountName: created.accountName,
          workspaceName: created.workspaceName,
          url,
          invitationId: created.owner.invitationId,
          language: invitationLanguage(body.language, request.headers.get('accept-language')),
        });
        const reached = (await accountsReached(system, principal)).find((a) => a.id === created.accountId);
        set.status = 201;
        set.headers['cache-control'] = 'no-store';
        return {
          data: {
            account: reached ?? (await clientSummary(created.accountId, body)),
            invitation: {
              email: created.owner.email,
              url,
              expires_at: created.owner.expiresAt,
              emailed,
              existing_user: created.owner.existingUser,
            },
          },
        };
      },
      {
        auth: true,
        body: CreateClientBody,
        response: { 201: dataOf(CreatedClient), ...withErrors },
        detail: detail(
          "Create a client account (an office's owners and admins): its owner invited by e-mail, the caller a member",
          'Office',
        ),
      },
    )
    .post(
      '/accounts/:account_id/leave',
      async ({ principal, params }) => ({ data: await leaveAccount(system, principal, params.account_id) }),
      {
        auth: true,
        params: t.Object({ account_id: t.String() }),
        response: { 200: dataOf(LeftAccount), ...withErrors },
        detail: detail(
          'Leave an account (an office leaving a client): the memberships there end at once, with their keys',
          'Office',
        ),
      },
    );

  /** A client made by an account-level key (no user): how it looks, though the key does not reach it. */
  async function clientSummary(accountId: string, body: CreateClientBody) {
    const found = await findAccountWithPlan(deps.db, accountId);
    if (!found) throw notFound('Account');
    return {
      id: accountId,
      name: found.account.name,
      role: 'owner' as const,
      office: false,
      consultant_number: body.consultant_number ?? null,
      client_number: body.client_number ?? null,
      current: false,
      disabled: false,
      last_used_at: null,
    };
  }
}
