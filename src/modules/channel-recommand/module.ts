import { defineModule } from '../../module';
import { recommandAdapter } from './adapter';

/** The Recommand Peppol access point as a delivery channel (docs/channel-recommand.md). */
export const channelRecommandModule = defineModule({
  name: 'channel-recommand',
  channels: [recommandAdapter],
});
