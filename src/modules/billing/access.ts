// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const billingAccess: AccessRules = {
  'POST /api/v1/billing/checkout-session': access.permission('billing:manage'),
  'POST /api/v1/billing/portal-session': access.permission('billing:manage'),
  'PATCH /api/v1/billing/overage': access.permission('billing:manage'),
  'POST /api/v1/billing/webhook': access.public,
};
