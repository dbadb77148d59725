import { defineModule } from '../../module';
import { storecoveAdapter } from './adapter';

/** Storecove, a Peppol access point (docs/channel-storecove.md): a delivery channel and nothing else. */
export const channelStorecoveModule = defineModule({
  name: 'channel-storecove',
  channels: [storecoveAdapter],
});
