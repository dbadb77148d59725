import { defineModule } from '../../module';
import { apiKeysAccess } from './access';
import { apiKeyRoutes } from './routes';

export const apiKeysModule = defineModule({
  name: 'api-keys',
  routes: apiKeyRoutes,
  access: apiKeysAccess,
  idPrefixes: ['key'],
  isolation: {
    make: async (api) => {
      const key = await api.call('POST', '/api/v1/api-keys', { name: 'second' });
      return { '/api/v1/api-keys/{api_key_id}': [key.id, api.keyId] };
    },
    bodies: { 'PATCH /api/v1/api-keys/{api_key_id}': { name: 'stolen' } },
  },
});
