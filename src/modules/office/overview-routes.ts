import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf } from '../../http/schemas';
import { Overview, OverviewQuery } from './overview-model';
import { officeOverview } from './use-cases/overview';

/**
 * The office overview (docs/office.md): a read, open to every role; what it lists is what the
 * caller reaches, whatever account the request acts in.
 */
export function officeOverviewRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1' })
    .use(auth)
    .get(
      '/office/overview',
      async ({ ctx, principal, query }) => ({ data: await officeOverview({ ctx, principal, input: query }) }),
      {
        auth: true,
        query: OverviewQuery,
        response: { 200: dataOf(Overview), ...authErrors },
        detail: {
          summary:
            'Every account the caller reaches at a glance: receivables per currency (open, overdue, ageing), drafts, received documents waiting for approval, the last DATEV exports and what is not exported yet',
          tags: ['Office'],
        },
      },
    );
}
