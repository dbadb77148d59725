export { findRecurring as findRecurringInvoice } from './repo';
