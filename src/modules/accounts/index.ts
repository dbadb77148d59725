export { Account, presentAccount } from './model';
export {
  type AccountWithPlan,
  countAccounts,
  findAccountWithPlan,
  findKeyWithAccount,
  officesAmong,
  onlyAccountId,
  setAccountOffice,
  setAccountPlanId,
} from './repo';
export {
  type AccountFieldNames,
  type CreatedAccount,
  createAccount,
  insertNewAccount,
  REQUEST_FIELDS,
} from './use-cases/create-account';
export { setAccountEnabled } from './use-cases/set-account-enabled';
export { setAccountPlan } from './use-cases/set-account-plan';
