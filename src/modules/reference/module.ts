import { defineModule } from '../../module';
import { referenceRoutes } from './routes';

export const referenceModule = defineModule({
  name: 'reference',
  routes: referenceRoutes,
});
