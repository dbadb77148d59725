// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findCustomer } from './repo';

export const customersAccess: AccessRules = {
  'POST /api/v1/customers': access.write,
  'PATCH /api/v1/customers/:id': access.own('customer', 'id', findCustomer),
  'DELETE /api/v1/customers/:id': access.own('customer', 'id', findCustomer),
};
