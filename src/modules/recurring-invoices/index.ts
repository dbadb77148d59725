export { recurringInvoicesAccess } from './access';
export { findRecurring as findRecurringInvoice } from './repo';
