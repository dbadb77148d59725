import { defineModule } from '../../module';
import { reportRoutes } from './routes';

export const reportsModule = defineModule({
  name: 'reports',
  routes: reportRoutes,
  // A statement PDF is metered as a render: its usage event's render_id is a statement id (nothing stored).
  idPrefixes: ['stm'],
});
