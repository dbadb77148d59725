// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const apiKeysAccess: AccessRules = {
  'POST /api/v1/api-keys': access.byModule,
  'PATCH /api/v1/api-keys/:api_key_id': access.byModule,
  'POST /api/v1/api-keys/:api_key_id/rotate': access.byModule,
  'DELETE /api/v1/api-keys/:api_key_id': access.byModule,
};
