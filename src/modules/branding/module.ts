import { defineModule } from '../../module';
import { brandingAccess } from './access';
import { brandingProfileRoutes } from './routes';

export const brandingModule = defineModule({
  name: 'branding',
  routes: brandingProfileRoutes,
  access: brandingAccess,
  idPrefixes: ['brnd'],
  isolation: {
    make: async (api) => {
      const branding = await api.call('POST', '/api/v1/branding-profiles', { name: 'Mine' });
      await api.upload(`/api/v1/branding-profiles/${branding.id}/logo`);
      return { '/api/v1/branding-profiles/{id}': [branding.id] };
    },
    bodies: { 'PATCH /api/v1/branding-profiles/{id}': { name: 'stolen' } },
    multipart: ['POST /api/v1/branding-profiles/{id}/logo'],
  },
});
