import { Elysia } from 'elysia';
import { defineModule } from '../../module';
import { officeAccess } from './access';
import { officeBackground } from './background';
import { officeExportsAccess } from './exports-access';
import { officeExportRoutes } from './exports-routes';
import { officeOverviewRoutes } from './overview-routes';
import { officeRoutes } from './routes';

export const officeModule = defineModule({
  name: 'office',
  routes: (auth, deps) =>
    new Elysia()
      .use(officeRoutes(auth, deps))
      .use(officeOverviewRoutes(auth, deps))
      .use(officeExportRoutes(auth, deps)),
  access: { ...officeAccess, ...officeExportsAccess },
  // ofx: an office export of many clients' DATEV files.
  idPrefixes: ['ofx'],
  background: officeBackground,
  isolation: {
    // The owner's own account: another account's caller neither leaves it nor learns it exists (404). And
    // an API key's export of its own account, made by the job (its problem: no DATEV numbers set).
    make: async (api) => {
      const me = (await api.call('GET', '/api/v1/auth/me')) as unknown as { account: { id: string } };
      const period = { from: '2026-01-01', to: '2026-01-31' };
      const exported = await api.call('POST', '/api/v1/office/exports', period);
      await api.runJobs();
      return {
        '/api/v1/accounts/{account_id}': [me.account.id],
        '/api/v1/office/exports/{export_id}': [exported.id],
      };
    },
  },
});
