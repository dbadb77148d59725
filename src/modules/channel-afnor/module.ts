import { defineModule } from '../../module';
import { afnorPaAdapter } from './adapter';

export const channelAfnorModule = defineModule({
  name: 'channel-afnor',
  channels: [afnorPaAdapter],
});
