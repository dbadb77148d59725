// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findRecurring as findRecurringInvoice } from './repo';

export const recurringInvoicesAccess: AccessRules = {
  'POST /api/v1/recurring-invoices': access.write,
  'PATCH /api/v1/recurring-invoices/:recurring_id': access.own(
    'recurring_invoice',
    'recurring_id',
    findRecurringInvoice,
  ),
  'POST /api/v1/recurring-invoices/:recurring_id/pause': access.own(
    'recurring_invoice',
    'recurring_id',
    findRecurringInvoice,
  ),
  'POST /api/v1/recurring-invoices/:recurring_id/resume': access.own(
    'recurring_invoice',
    'recurring_id',
    findRecurringInvoice,
  ),
  'DELETE /api/v1/recurring-invoices/:recurring_id': access.own(
    'recurring_invoice',
    'recurring_id',
    findRecurringInvoice,
  ),
};
