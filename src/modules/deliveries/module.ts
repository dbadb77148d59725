import { defineModule, madeId } from '../../module';
import { deliveriesAccess } from './access';
import { deliveryBackground } from './background';
import { deliveryRoutes } from './routes';

export const deliveriesModule = defineModule({
  name: 'deliveries',
  routes: deliveryRoutes,
  access: deliveriesAccess,
  idPrefixes: ['dlv'],
  background: deliveryBackground,
  isolation: {
    make: async (api, made) => {
      const document = madeId(made, '/api/v1/documents/{document_id}', -1);
      const delivery = await api.call('POST', `/api/v1/documents/${document}/send`, {
        to: ['ap@acme.example'],
      });
      return { '/api/v1/deliveries/{delivery_id}': [delivery.id] };
    },
    bodies: { 'POST /api/v1/documents/{document_id}/send': { to: ['thief@example.com'] } },
  },
});
