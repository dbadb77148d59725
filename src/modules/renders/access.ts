// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const rendersAccess: AccessRules = {
  'POST /api/v1/documents/render': access.self,
  'POST /api/v1/documents/preview': access.self,
  'POST /api/v1/documents/:document_id/renders': access.self,
};
