// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const einvoicesAccess: AccessRules = {
  // Reading a received file changes nothing shared: any role may.
  'POST /api/v1/einvoices/parse': access.write,
};
