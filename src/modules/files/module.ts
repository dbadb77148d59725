import { defineModule } from '../../module';
import { filesAccess } from './access';
import { fileRoutes } from './routes';

export const filesModule = defineModule({
  name: 'files',
  routes: fileRoutes,
  access: filesAccess,
  idPrefixes: ['fil'],
  isolation: {
    make: async (api) => ({ '/api/v1/files/{file_id}': [(await api.upload('/api/v1/files')).id] }),
  },
});
