import { type AccessRules, access } from '../../http/access';

// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.

export const officeAccess: AccessRules = {
  // The caller's own session and memberships: any role (the use-cases refuse API keys).
  'POST /api/v1/sessions/current/account': access.self,
  'POST /api/v1/accounts/:account_id/leave': access.self,
  // An office's owners and admins (the use-case also needs the account to be an office).
  'POST /api/v1/accounts': access.permission('clients:create'),
};
