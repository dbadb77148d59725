import { defineModule } from '../../module';
import { accountRoutes } from './routes';

export const accountsModule = defineModule({
  name: 'accounts',
  routes: accountRoutes,
  idPrefixes: ['acc'],
});
