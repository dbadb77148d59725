import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { Account, presentAccount } from './model';
import { findAccountWithPlan } from './repo';

export function accountRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/auth' }).use(auth).get(
    '/me',
    ({ ctx }) => {
      const account = findAccountWithPlan(ctx.db, ctx.accountId);
      if (!account) throw notFound('Account');
      return { data: { account: presentAccount(account) } };
    },
    {
      auth: true,
      response: { 200: dataOf(t.Object({ account: Account })), ...authErrors },
      detail: { summary: 'The account the presented key belongs to', tags: ['Identity'] },
    },
  );
}
