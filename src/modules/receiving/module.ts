import { Elysia } from 'elysia';
import { defineModule } from '../../module';
import { receivingAccess } from './access';
import { inboxBackground } from './background';
import { receivedDocumentRoutes } from './inbox-routes';
import { receivingRoutes } from './routes';

export const receivingModule = defineModule({
  name: 'receiving',
  routes: (auth, deps) =>
    new Elysia().use(receivingRoutes(auth, deps)).use(receivedDocumentRoutes(auth, deps)),
  access: receivingAccess,
  idPrefixes: ['rcv'],
  background: inboxBackground,
  isolation: {
    make: async (api) => {
      const received = await api.send('/api/v1/received-documents', 'application/xml', api.sampleXml());
      await api.runJobs();
      const body = { amount: '1.00', date: '2026-11-05' };
      const payment = await api.call('POST', `/api/v1/received-documents/${received.id}/payments`, body);
      return {
        '/api/v1/received-documents/{received_id}': [received.id],
        '/api/v1/received-documents/{received_id}/payments/{payment_id}': [payment.id],
      };
    },
    bodies: {
      'PATCH /api/v1/received-documents/{received_id}': { status: 'paid' },
      'POST /api/v1/received-documents/{received_id}/payments': { amount: '1.00', date: '2026-11-05' },
    },
  },
});
