// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const complianceAccess: AccessRules = {
  'POST /api/v1/documents/validate-compliance': access.self,
  'POST /api/v1/documents/xml': access.self,
};
