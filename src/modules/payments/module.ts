import { defineModule, madeId } from '../../module';
import { paymentsAccess } from './access';
import { paymentRoutes } from './routes';

export const paymentsModule = defineModule({
  name: 'payments',
  // mark-paid and mark-unpaid answer a document: with the fields other modules link to documents.
  routes: (auth, deps, links) => paymentRoutes(auth, deps, links.to('documents')),
  access: paymentsAccess,
  idPrefixes: ['pay'],
  isolation: {
    make: async (api, made) => {
      const document = madeId(made, '/api/v1/documents/{document_id}', -1);
      const body = { amount: '10.00', date: '2026-11-05' };
      const payment = await api.call('POST', `/api/v1/documents/${document}/payments`, body);
      return { '/api/v1/payments/{payment_id}': [payment.id] };
    },
    bodies: { 'POST /api/v1/documents/{document_id}/payments': { amount: '1.00', date: '2026-11-05' } },
  },
});
