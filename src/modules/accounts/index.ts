export { type Account, presentAccount } from './model';
export { type AccountWithPlan, findAccountWithPlan, onlyAccountId, setAccountPlanId } from './repo';
export { type CreatedAccount, createAccount } from './use-cases/create-account';
export { setAccountEnabled } from './use-cases/set-account-enabled';
export { setAccountPlan } from './use-cases/set-account-plan';
