import { defineModule, madeId } from '../../module';
import { complianceDepsOf, finalizeCheckOf } from '../compliance';
import { documentsAccess } from './access';
import { documentRoutes } from './routes';

export const documentsModule = defineModule({
  name: 'documents',
  routes: (auth, deps, links) =>
    documentRoutes(auth, deps, finalizeCheckOf(complianceDepsOf(deps)), links.to('documents')),
  access: documentsAccess,
  idPrefixes: ['doc'],
  isolation: {
    // A draft and a finalized document (the last): the modules after this one act on the finalized one.
    make: async (api, made) => {
      const body = (n: number) => ({
        number: `ISO-${Date.now()}-${n}`,
        issue_date: '2026-11-02',
        due_date: '2026-12-02',
        currency: 'EUR',
        business_profile_id: madeId(made, '/api/v1/business-profiles/{id}'),
        customer_id: madeId(made, '/api/v1/customers/{id}'),
        line_items: [
          { name: 'Consulting', quantity: '10', unit_price: '9.99', taxes: [{ rate: '19', category: 'S' }] },
        ],
      });
      const draft = await api.call('POST', '/api/v1/documents', body(1));
      const final = await api.call('POST', '/api/v1/documents', body(2));
      await api.call('POST', `/api/v1/documents/${final.id}/finalize`);
      return { '/api/v1/documents/{document_id}': [draft.id, final.id] };
    },
    bodies: { 'PATCH /api/v1/documents/{document_id}': { notes: 'stolen' } },
  },
});
