import { defineModule, madeId } from '../../module';
import { rendersAccess } from './access';
import { renderRoutes } from './routes';

export const rendersModule = defineModule({
  name: 'renders',
  routes: renderRoutes,
  access: rendersAccess,
  idPrefixes: ['rnd'],
  isolation: {
    make: async (api, made) => {
      const path = `/api/v1/documents/${madeId(made, '/api/v1/documents/{document_id}', -1)}/renders`;
      const renders = [await api.call('POST', path, { expires_in: 86_400 })];
      renders.push(await api.call('POST', path, { expires_in: 86_400 }));
      return { '/api/v1/renders/{render_id}': renders.map((r) => r.id) };
    },
    bodies: { 'POST /api/v1/documents/{document_id}/renders': { expires_in: 3600 } },
  },
});
