/**
 * The plans seeded on a fresh data dir. Operators change them with `plans set`; seeding never
 * overwrites an existing row, so those changes survive restarts.
 */
export const BUILT_IN_PLANS = [
  {
    id: 'plan_free',
    name: 'Free',
    monthlyRenderQuota: 100,
    requestsPerSecond: 5,
    overageCentsPerRender: null,
  },
  {
    id: 'plan_starter',
    name: 'Starter',
    monthlyRenderQuota: 2_000,
    requestsPerSecond: 20,
    overageCentsPerRender: '0.4',
  },
  {
    id: 'plan_pro',
    name: 'Pro',
    monthlyRenderQuota: 20_000,
    requestsPerSecond: 50,
    overageCentsPerRender: '0.25',
  },
] as const;

export const DEFAULT_PLAN_ID = 'plan_free';
