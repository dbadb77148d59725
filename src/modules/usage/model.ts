import { t } from 'elysia';

export const Overage = t.Object({
  enabled: t.Boolean({
    description: 'Renders beyond the quota are accepted now (turned on, and the plan has a price)',
  }),
  cap: t.Union([t.Integer(), t.Null()], {
    description: 'Most renders beyond the quota per month; null = no cap',
  }),
  cents_per_render: t.Union([t.String(), t.Null()], {
    description: "The plan's price of one render beyond the quota, in cents; null = the plan has no overage",
  }),
  renders: t.Integer({ description: 'Renders beyond the quota this month' }),
  estimated_cost_cents: t.Integer({ description: 'renders x cents_per_render, rounded up to a whole cent' }),
});
export type Overage = typeof Overage.static;

export const OverageBody = t.Object(
  {
    enabled: t.Optional(t.Boolean()),
    cap: t.Optional(t.Union([t.Integer({ minimum: 1, maximum: 100_000_000 }), t.Null()])),
  },
  { additionalProperties: false },
);
export type OverageBody = typeof OverageBody.static;
