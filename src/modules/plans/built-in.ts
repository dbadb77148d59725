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
  {
    // A self-hosted install's own account (the one its first start creates): the operator's server, so no
    // quota worth the name and no service credit on the PDFs (docs/billing.md).
    id: 'plan_self_hosted',
    name: 'Self-hosted',
    monthlyRenderQuota: 1_000_000_000,
    requestsPerSecond: 1_000,
    overageCentsPerRender: null,
  },
] as const;

/** What `accounts create` and the billing provider's downgrades give an account (SPEC's free plan). */
export const DEFAULT_PLAN_ID = 'plan_free';
/** The plan of the account a fresh data dir's first start creates; hosting for others keeps DEFAULT_PLAN_ID. */
export const SELF_HOSTED_PLAN_ID = 'plan_self_hosted';
