import { defineModule } from '../../module';
import { complianceAccess } from './access';
import { complianceRoutes } from './routes';

export const complianceModule = defineModule({
  name: 'compliance',
  routes: complianceRoutes,
  access: complianceAccess,
  isolation: { queries: { 'GET /api/v1/documents/{document_id}/xml': '?profile=xrechnung_ubl' } },
});
