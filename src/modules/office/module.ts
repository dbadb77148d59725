import { defineModule } from '../../module';
import { officeAccess } from './access';
import { officeRoutes } from './routes';

export const officeModule = defineModule({
  name: 'office',
  routes: officeRoutes,
  access: officeAccess,
  idPrefixes: [],
});
