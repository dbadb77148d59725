// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { resourceAccess } from '../../http/resource-kit';
import { findCustomer } from './repo';

export const customersAccess = resourceAccess('/api/v1/customers', 'customer', findCustomer);
