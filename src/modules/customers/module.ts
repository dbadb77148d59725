import { resourceIsolation } from '../../http/resource-kit';
import { defineModule } from '../../module';
import { customersAccess } from './access';
import { customerRoutes } from './routes';

export const customersModule = defineModule({
  name: 'customers',
  routes: customerRoutes,
  access: customersAccess,
  idPrefixes: ['cus'],
  isolation: resourceIsolation(
    '/api/v1/customers',
    { name: 'Acme Ltd', email: 'ap@acme.example', billing_address: { line1: '1 Main St', country: 'GB' } },
    { name: 'Stolen Ltd' },
  ),
});
