import { defineModule } from '../../module';
import { workspacesAccess } from './access';
import { workspaceRoutes } from './routes';

export const workspacesModule = defineModule({
  name: 'workspaces',
  routes: workspaceRoutes,
  access: workspacesAccess,
  idPrefixes: ['wsp', 'wsm'],
  isolation: {
    make: async (api) => {
      const workspace = await api.call('POST', '/api/v1/workspaces', { name: 'Mine' });
      const path = `/api/v1/workspaces/${workspace.id}/members`;
      const member = await api.call('POST', path, { email: 'ann@example.com' });
      return {
        '/api/v1/workspaces/{workspace_id}': [workspace.id],
        '/api/v1/workspaces/{workspace_id}/members/{member_id}': [member.id],
      };
    },
    bodies: {
      'PATCH /api/v1/workspaces/{workspace_id}': { name: 'stolen' },
      'POST /api/v1/workspaces/{workspace_id}/members': { email: 'thief@example.com' },
      'PATCH /api/v1/workspaces/{workspace_id}/members/{member_id}': { role: 'owner' },
    },
  },
});
