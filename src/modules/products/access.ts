// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { resourceAccess } from '../../http/resource-kit';
import { findProduct } from './repo';

export const productsAccess = resourceAccess('/api/v1/products', 'product', findProduct);
