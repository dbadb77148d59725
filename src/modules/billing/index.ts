export { billingAccess } from './access';
export { type BillingSettings, billingSettingsOf, NO_BILLING } from './settings';
