import { defineModule } from '../../module';
import { productsAccess } from './access';
import { productRoutes } from './routes';

export const productsModule = defineModule({
  name: 'products',
  routes: productRoutes,
  access: productsAccess,
  idPrefixes: ['prd'],
  isolation: {
    make: async (api) => {
      const product = await api.call('POST', '/api/v1/products', {
        name: 'Mine',
        unit_price: '10.00',
        tax_rate: '19',
        tax_category: 'S',
      });
      return { '/api/v1/products/{id}': [product.id] };
    },
    bodies: { 'PATCH /api/v1/products/{id}': { name: 'stolen' } },
  },
});
