import { defineModule } from '../../module';
import { numberingSequencesAccess } from './access';
import { numberingSequenceRoutes } from './routes';

export const numberingSequencesModule = defineModule({
  name: 'numbering-sequences',
  routes: numberingSequenceRoutes,
  access: numberingSequencesAccess,
  idPrefixes: ['seq', 'gap'],
  isolation: {
    make: async (api) => {
      const sequence = await api.call('POST', '/api/v1/numbering-sequences', { name: 'Mine' });
      return { '/api/v1/numbering-sequences/{sequence_id}': [sequence.id] };
    },
    bodies: { 'PATCH /api/v1/numbering-sequences/{sequence_id}': { name: 'stolen' } },
  },
});
