// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findProduct } from './repo';

export const productsAccess: AccessRules = {
  'POST /api/v1/products': access.write,
  'PATCH /api/v1/products/:id': access.own('product', 'id', findProduct),
  'DELETE /api/v1/products/:id': access.own('product', 'id', findProduct),
};
