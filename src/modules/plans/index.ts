export { BUILT_IN_PLANS, DEFAULT_PLAN_ID, SELF_HOSTED_PLAN_ID } from './built-in';
export { Plan, presentPlan } from './model';
export { findPlan, findPlanByPriceId, listPlans, listPurchasablePlans } from './repo';
export { plans } from './schema';
export { seedPlans } from './use-cases/seed-plans';
export { setPlan } from './use-cases/set-plan';
