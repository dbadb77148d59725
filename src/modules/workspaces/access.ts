// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';

export const workspacesAccess: AccessRules = {
  'POST /api/v1/workspaces': access.permission('workspace:create'),
  'PATCH /api/v1/workspaces/:workspace_id': access.inWorkspace('workspace:edit'),
  'DELETE /api/v1/workspaces/:workspace_id': access.permission('workspace:delete'),
  'POST /api/v1/workspaces/:workspace_id/members': access.inWorkspace('members:manage'),
  'PATCH /api/v1/workspaces/:workspace_id/members/:member_id': access.inWorkspace('members:manage'),
  'DELETE /api/v1/workspaces/:workspace_id/members/:member_id': access.inWorkspace('members:manage'),
};
