export { type BillingSettings, billingSettingsOf, NO_BILLING } from './settings';
