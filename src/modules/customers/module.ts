import { defineModule } from '../../module';
import { customersAccess } from './access';
import { customerRoutes } from './routes';

export const customersModule = defineModule({
  name: 'customers',
  routes: customerRoutes,
  access: customersAccess,
  idPrefixes: ['cus'],
  isolation: {
    make: async (api) => {
      const customer = await api.call('POST', '/api/v1/customers', {
        name: 'Acme Ltd',
        email: 'ap@acme.example',
        billing_address: { line1: '1 Main St', country: 'GB' },
      });
      return { '/api/v1/customers/{id}': [customer.id] };
    },
    bodies: { 'PATCH /api/v1/customers/{id}': { name: 'Stolen Ltd' } },
  },
});
