import { resourceIsolation } from '../../http/resource-kit';
import { defineModule } from '../../module';
import { businessProfilesAccess } from './access';
import { businessProfileRoutes } from './routes';

export const businessProfilesModule = defineModule({
  name: 'business-profiles',
  routes: businessProfileRoutes,
  access: businessProfilesAccess,
  idPrefixes: ['biz'],
  isolation: resourceIsolation(
    '/api/v1/business-profiles',
    { legal_name: 'Müller & Söhne GmbH', address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' } },
    { legal_name: 'Stolen GmbH' },
  ),
});
