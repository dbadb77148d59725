import { defineModule } from '../../module';
import { usersAccess } from './access';
import { userRoutes } from './routes';

export const usersModule = defineModule({
  name: 'users',
  routes: userRoutes,
  access: usersAccess,
  idPrefixes: ['usr', 'ses', 'inv'],
  isolation: {
    // A link's token is a credential of its own, not an id of the account: one that is nobody's is a 404.
    make: async () => ({ '/api/v1/invitations/{token}': ['nobodys-link-token-0000000000000000000000000'] }),
    bodies: {
      'POST /api/v1/workspaces/{workspace_id}/invitations': { email: 'thief@example.com' },
      'POST /api/v1/invitations/{token}/accept': {
        name: 'Thief',
        email: 'thief@example.com',
        password: 'stolen password',
      },
    },
  },
});
