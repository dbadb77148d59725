import { defineModule } from '../../module';
import { exportsAccess } from './access';
import { exportRoutes } from './routes';

export const exportsModule = defineModule({
  name: 'exports',
  routes: exportRoutes,
  access: exportsAccess,
});
