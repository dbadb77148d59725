import { defineModule } from '../../module';
import { reportRoutes } from './routes';

export const reportsModule = defineModule({
  name: 'reports',
  routes: reportRoutes,
});
