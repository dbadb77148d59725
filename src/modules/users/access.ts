// Who may make each write of this module's routes (http/access.ts).
import { type AccessRules, access } from '../../http/access';

export const usersAccess: AccessRules = {
  // Signing in, out and opening a one-time link need no key: the password, the cookie or the link's
  // token is the credential (checked by the use-cases).
  'POST /api/v1/sessions': access.public,
  'DELETE /api/v1/sessions/current': access.public,
  'POST /api/v1/invitations/:token/accept': access.public,
  // Any role changes their own password (the route refuses an API key: it has none).
  'POST /api/v1/auth/password': access.self,
  'POST /api/v1/workspaces/:workspace_id/invitations': access.inWorkspace('members:manage'),
};
