import { defineModule } from '../../module';
import { usageRoutes } from './routes';

export const usageModule = defineModule({
  name: 'usage',
  routes: usageRoutes,
  idPrefixes: ['evt'],
});
