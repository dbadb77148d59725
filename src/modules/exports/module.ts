import { Elysia } from 'elysia';
import { defineModule } from '../../module';
import { exportsAccess } from './access';
import { auditRoutes } from './audit-routes';
import { exportsBackground } from './background';
import { exportRoutes } from './routes';

export const exportsModule = defineModule({
  name: 'exports',
  routes: (auth, deps) => new Elysia().use(exportRoutes(auth, deps)).use(auditRoutes(auth, deps)),
  access: exportsAccess,
  // exa: a background archive; dtv: a recorded DATEV download (datev_exports).
  idPrefixes: ['exa', 'dtv'],
  background: exportsBackground,
  isolation: {
    make: async (api) => {
      const body = { from: '2026-01-01', to: '2026-12-31' };
      const id = (await api.call('POST', '/api/v1/exports/archive', body)).id;
      await api.runJobs();
      return { '/api/v1/exports/archive/{archive_id}': [id] };
    },
    bodies: { 'POST /api/v1/exports/archive': { from: '2026-01-01', to: '2026-12-31' } },
  },
});
