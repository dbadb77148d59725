import { defineModule } from '../../module';
import { accountsAccess } from './access';
import { accountRoutes } from './routes';

export const accountsModule = defineModule({
  name: 'accounts',
  routes: accountRoutes,
  access: accountsAccess,
  idPrefixes: ['acc'],
});
