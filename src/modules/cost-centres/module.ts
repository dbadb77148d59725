import { resourceIsolation } from '../../http/resource-kit';
import { defineModule } from '../../module';
import { costCentresAccess } from './access';
import { documentCostCentre } from './link';
import { costCentresRoutes } from './routes';

export const costCentresModule = defineModule({
  name: 'cost-centres',
  routes: costCentresRoutes,
  access: costCentresAccess,
  idPrefixes: ['cc'],
  isolation: resourceIsolation('/api/v1/cost-centres', { code: 'ISO1', name: 'Mine' }, { name: 'stolen' }),
  // Documents' cost_centre_id, kept in this module's cost_centre_documents table.
  links: [documentCostCentre],
});
