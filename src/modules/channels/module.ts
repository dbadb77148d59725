import { defineModule } from '../../module';
import { channelsAccess } from './access';
import { channelsBackground } from './background';
import { channelRoutes } from './routes';

export const channelsModule = defineModule({
  name: 'channels',
  routes: channelRoutes,
  access: channelsAccess,
  idPrefixes: ['chc', 'ndl', 'nde', 'nrc'],
  background: channelsBackground,
  isolation: {
    // A channel's id names a provider, not anything of the account: one that does not exist is a 404 for
    // every caller. A delivery and a received transport of the owner's need a provider on loopback
    // (test/http/channels-*.test.ts prove their isolation there); here ids nobody has.
    make: async () => ({
      '/api/v1/channels/{channel}': ['no-such-channel'],
      '/api/v1/channels/webhooks/{token}': ['nobodys-webhook-token-000000000000000000000'],
      '/api/v1/network-deliveries/{delivery_id}': ['ndl_01nobody0000000000000000000'],
    }),
    bodies: {
      'PUT /api/v1/channels/{channel}': { enabled: true },
      'POST /api/v1/channels/{channel}/lookup': { scheme: '0088', value: '1234567890123' },
      'POST /api/v1/documents/{document_id}/network-deliveries': {},
      'POST /api/v1/received-documents/{received_id}/response': { state: 'rejected', reason: 'stolen' },
    },
  },
});
