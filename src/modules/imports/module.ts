import { defineModule } from '../../module';
import { importsAccess } from './access';
import { importBackground } from './background';
import { importRoutes } from './routes';

export const importsModule = defineModule({
  name: 'imports',
  routes: importRoutes,
  access: importsAccess,
  idPrefixes: ['imp'],
  background: importBackground,
  isolation: {
    make: async (api) => {
      const body = { source_format: 'json', data: [{ name: 'Imported Ltd' }] };
      return { '/api/v1/imports/{import_id}': [(await api.call('POST', '/api/v1/imports', body)).id] };
    },
  },
});
