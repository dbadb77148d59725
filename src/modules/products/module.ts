import { resourceIsolation } from '../../http/resource-kit';
import { defineModule } from '../../module';
import { productsAccess } from './access';
import { productRoutes } from './routes';

export const productsModule = defineModule({
  name: 'products',
  routes: productRoutes,
  access: productsAccess,
  idPrefixes: ['prd'],
  isolation: resourceIsolation(
    '/api/v1/products',
    { name: 'Mine', unit_price: '10.00', tax_rate: '19', tax_category: 'S' },
    { name: 'stolen' },
  ),
});
