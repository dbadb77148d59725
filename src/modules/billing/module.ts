import { defineModule } from '../../module';
import { billingAccess } from './access';
import { billingRoutes } from './routes';

export const billingModule = defineModule({
  name: 'billing',
  routes: billingRoutes,
  access: billingAccess,
});
