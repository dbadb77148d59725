import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { closed } from '../../domain/schema-parts';
import type { Auth } from '../../http/auth';
import { dataOf, withNotFound } from '../../http/schemas';
import { Account, presentAccount } from './model';
import { renameAccount } from './use-cases/rename-account';

export function accountRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia()
    .use(auth)
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
