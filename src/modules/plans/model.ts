import { t } from 'elysia';
import type { PlanRow } from './schema';

export const Plan = t.Object({
  id: t.String(),
  name: t.String(),
  price_id: t.Union([t.String(), t.Null()]),
  monthly_render_quota: t.Integer(),
  requests_per_second: t.Integer(),
  overage_cents_per_render: t.Union([t.String(), t.Null()], {
    description: 'Price of one render beyond the quota while overage is on, in cents (decimal string)',
  }),
});
export type Plan = typeof Plan.static;

export function presentPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    price_id: row.priceId,
    monthly_render_quota: row.monthlyRenderQuota,
    requests_per_second: row.requestsPerSecond,
    overage_cents_per_render: row.overageCentsPerRender,
  };
}
