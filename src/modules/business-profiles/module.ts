import { defineModule } from '../../module';
import { businessProfilesAccess } from './access';
import { businessProfileRoutes } from './routes';

export const businessProfilesModule = defineModule({
  name: 'business-profiles',
  routes: businessProfileRoutes,
  access: businessProfilesAccess,
  idPrefixes: ['biz'],
  isolation: {
    make: async (api) => {
      const profile = await api.call('POST', '/api/v1/business-profiles', {
        legal_name: 'Müller & Söhne GmbH',
        address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' },
      });
      return { '/api/v1/business-profiles/{id}': [profile.id] };
    },
    bodies: { 'PATCH /api/v1/business-profiles/{id}': { legal_name: 'Stolen GmbH' } },
  },
});
