import { defineModule, madeId } from '../../module';
import { recurringInvoicesAccess } from './access';
import { recurringBackground } from './background';
import { recurringInvoiceRoutes } from './routes';

export const recurringInvoicesModule = defineModule({
  name: 'recurring-invoices',
  routes: recurringInvoiceRoutes,
  access: recurringInvoicesAccess,
  idPrefixes: ['rinv'],
  background: recurringBackground,
  isolation: {
    make: async (api, made) => {
      const recurring = await api.call('POST', '/api/v1/recurring-invoices', {
        business_profile_id: madeId(made, '/api/v1/business-profiles/{id}'),
        customer_id: madeId(made, '/api/v1/customers/{id}'),
        frequency: 'monthly',
        start_date: '2099-04-01',
        numbering_sequence_id: madeId(made, '/api/v1/numbering-sequences/{sequence_id}'),
        invoice_template: {
          currency: 'EUR',
          line_items: [
            { name: 'Hosting', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
          ],
        },
      });
      return { '/api/v1/recurring-invoices/{recurring_id}': [recurring.id] };
    },
    bodies: { 'PATCH /api/v1/recurring-invoices/{recurring_id}': { interval: 2 } },
  },
});
