import { Elysia } from 'elysia';
import { defineModule, FIXTURE_RENDER_DATA } from '../../module';
import { templatesAccess } from './access';
import { customTemplateRoutes } from './custom-routes';
import { templateRoutes } from './routes';
import { templateVersionRoutes } from './version-routes';

export const templatesModule = defineModule({
  name: 'templates',
  routes: (auth, deps) =>
    new Elysia()
      .use(customTemplateRoutes(auth, deps))
      .use(templateVersionRoutes(auth, deps))
      .use(templateRoutes(auth, deps)),
  access: templatesAccess,
  idPrefixes: ['ctpl', 'tv'],
  isolation: {
    make: async (api) => {
      const template = await api.call('POST', '/api/v1/templates/custom', { name: 'Mine' });
      await api.call('POST', `/api/v1/templates/${template.id}/versions`, { label: 'v1' });
      return {
        '/api/v1/templates/{template_id}': [template.id],
        '/api/v1/templates/custom/{template_id}': [template.id],
        '/api/v1/templates/builtin/{template_id}': [template.id],
        '/api/v1/templates/{template_id}/versions/{version}': ['1'],
      };
    },
    bodies: {
      'PATCH /api/v1/templates/custom/{template_id}': { name: 'stolen' },
      'POST /api/v1/templates/{template_id}/versions': { label: 'stolen' },
      'POST /api/v1/templates/{template_id}/preview': { data: FIXTURE_RENDER_DATA },
    },
  },
});
