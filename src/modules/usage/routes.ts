import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf } from '../../http/schemas';
import { readPageRequest, toPage } from '../../shared/pagination';
import { Overage } from './model';
import { monthKey, monthOf } from './period';
import { listEvents, madeInMonth } from './repo';
import { describeOverage } from './use-cases/describe-overage';

const detail = (summary: string) => ({ summary, tags: ['Usage'] });
const UsageEvent = t.Object({ id: t.String(), render_id: t.String(), created_at: t.String() });

export function usageRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/usage' })
    .use(auth)
    .get(
      '',
      async ({ ctx, principal }) => {
        const period = monthOf(ctx.clock.now());
        const used = (await madeInMonth(ctx.db, ctx.accountId, monthKey(period.start))).renders;
        return { data: { period, renders: { used, quota: principal.monthlyRenderQuota } } };
      },
      {
        auth: true,
        response: {
          200: dataOf(
            t.Object({
              period: t.Object({ start: t.String(), end: t.String() }),
              renders: t.Object({ used: t.Integer(), quota: t.Integer() }),
            }),
          ),
          ...authErrors,
        },
        detail: detail('Renders used this calendar month (UTC) against the plan quota'),
      },
    )
    .get(
      '/events',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        return toPage(
          await listEvents(ctx.db, ctx.accountId, page),
          page,
          (r) => r.id,
          (r) => ({
            id: r.id,
            render_id: r.renderId,
            created_at: r.createdAt,
          }),
        );
      },
      {
        auth: true,
        query: t.Object(PageQuery),
        response: { 200: pageOf(UsageEvent), ...authErrors },
        detail: detail('Usage events, one per PDF produced, newest first'),
      },
    )
    .get(
      '/limits',
      async ({ ctx, principal }) => {
        const now = ctx.clock.now();
        const used = (await madeInMonth(ctx.db, ctx.accountId, monthKey(monthOf(now).start))).renders;
        const limit = principal.monthlyRenderQuota;
        return {
          data: {
            renders: { used, limit, remaining: Math.max(0, limit - used) },
            rate_limit: { requests_per_second: principal.requestsPerSecond },
            overage: await describeOverage(ctx.db, {
              accountId: ctx.accountId,
              planId: principal.planId,
              now,
            }),
          },
        };
      },
      {
        auth: true,
        response: {
          200: dataOf(
            t.Object({
              renders: t.Object({ used: t.Integer(), limit: t.Integer(), remaining: t.Integer() }),
              rate_limit: t.Object({ requests_per_second: t.Integer() }),
              overage: Overage,
            }),
          ),
          ...authErrors,
        },
        detail: detail('Render quota, rate limit and overage (off until PATCH /billing/overage turns it on)'),
      },
    );
}
