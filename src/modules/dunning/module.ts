import { defineModule } from '../../module';
import { dunningAccess } from './access';
import { dunningBackground } from './background';
import { dunningRoutes } from './routes';

export const dunningModule = defineModule({
  name: 'dunning',
  routes: dunningRoutes,
  access: dunningAccess,
  idPrefixes: ['rem'],
  background: dunningBackground,
  isolation: {
    bodies: {
      'POST /api/v1/documents/{document_id}/reminders': { level: 1, to: ['thief@example.com'] },
      'PUT /api/v1/documents/{document_id}/dispute': { note: 'stolen' },
    },
  },
});
