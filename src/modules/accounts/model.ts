import { t } from 'elysia';
import type { AccountWithPlan } from './repo';

export const Account = t.Object({
  id: t.String(),
  name: t.String(),
  plan_id: t.String(),
  plan_name: t.String(),
});
export type Account = typeof Account.static;

export function presentAccount(a: AccountWithPlan): Account {
  return { id: a.account.id, name: a.account.name, plan_id: a.account.planId, plan_name: a.planName };
}
