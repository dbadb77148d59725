// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const accountsAccess: AccessRules = {
  'PATCH /api/v1/account': access.permission('account:edit'),
};
