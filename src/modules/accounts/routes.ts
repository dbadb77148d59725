import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { closed } from '../../domain/schema-parts';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { Account, presentAccount } from './model';
import { findAccountWithPlan } from './repo';
import { renameAccount } from './use-cases/rename-account';

const Me = t.Object({
  account: Account,
  user: t.Union([t.Object({ id: t.String(), email: t.String(), name: t.String() }), t.Null()], {
    description: 'The signed-in user (session cookie); null for an API key',
  }),
  member: t.Union(
    [
      t.Object({
        id: t.String(),
        workspace_id: t.String(),
        role: t.Union([t.Literal('owner'), t.Literal('admin'), t.Literal('member')]),
      }),
      t.Null(),
    ],
    { description: 'The workspace member the key or user acts as, with their role; null = account level' },
  ),
});

export function accountRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia()
    .use(auth)
    .use(meRoute(auth))
    .patch(
      '/api/v1/account',
      async ({ ctx, body }) => ({ data: presentAccount(await renameAccount({ ctx, input: body })) }),
      {
        auth: true,
        body: t.Object({ name: t.String({ minLength: 1, maxLength: 200 }) }, closed),
        response: { 200: dataOf(Account), ...withNotFound },
        detail: { summary: 'Rename the account the caller acts in (owner only)', tags: ['Identity'] },
      },
    );
}

function meRoute(auth: Auth) {
  return new Elysia({ prefix: '/api/v1/auth' }).use(auth).get(
    '/me',
    async ({ ctx, principal }) => {
      const account = await findAccountWithPlan(ctx.db, ctx.accountId);
      if (!account) throw notFound('Account');
      const { session, member } = principal;
      return {
        data: {
          account: presentAccount(account),
          user: session ? { id: session.userId, email: session.email, name: session.name } : null,
          member: member ? { id: member.id, workspace_id: member.workspaceId, role: member.role } : null,
        },
      };
    },
    {
      auth: true,
      response: { 200: dataOf(Me), ...authErrors },
      detail: {
        summary: 'Who is calling: the account, and the signed-in user and member they act as',
        tags: ['Identity'],
      },
    },
  );
}
