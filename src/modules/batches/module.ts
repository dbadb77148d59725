import { defineModule, FIXTURE_RENDER_DATA } from '../../module';
import { batchesAccess } from './access';
import { batchBackground } from './background';
import { batchRoutes } from './routes';

export const batchesModule = defineModule({
  name: 'batches',
  routes: batchRoutes,
  access: batchesAccess,
  idPrefixes: ['batch', 'bi'],
  background: batchBackground,
  isolation: {
    make: async (api) => {
      const items = [{ data: FIXTURE_RENDER_DATA }, { data: FIXTURE_RENDER_DATA }];
      return { '/api/v1/batches/{batch_id}': [(await api.call('POST', '/api/v1/batches', { items })).id] };
    },
  },
});
