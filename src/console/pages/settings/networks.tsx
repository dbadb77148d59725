// Settings → Networks (`#/settings/networks`): the channels this installation offers (Peppol through an
// access point, French approved platforms), each connected, tested and removed here (docs/channels.md).
import { useState } from 'preact/hooks';
import type { Channel } from '../../api-types';
import { t } from '../../i18n';
import { channelName, loadChannels, networkLabel } from '../../networks';
import { href } from '../../router';
import { useLoad } from '../../ui/hooks';
import { ErrorNotice, Loading } from '../../ui/notice';
import { ChannelCard, ChannelStatus } from './channel-card';

/** The card on the settings page: each channel's state, and the way to its settings. */
export function NetworksSummary() {
  const channels = useLoad(loadChannels, []);
  return (
    <section class="card" aria-labelledby="networks-heading">
      <h2 id="networks-heading">{t('Networks')}</h2>
      <p class="hint">
        {t(
          'Send and receive e-invoices over Peppol or a French platform, through a provider you have an account with.',
        )}
      </p>
      <ErrorNotice error={channels.error} />
      {channels.data && channels.data.length > 0 ? (
        <ul class="plain">
          {channels.data.map((channel) => (
            <li key={channel.channel}>
              {channelName(channel)} <span class="hint">· {networkLabel(channel.network)}</span>{' '}
              <ChannelStatus channel={channel} />
            </li>
          ))}
        </ul>
      ) : channels.data ? (
        <p>{t('This installation offers no network channel.')}</p>
      ) : null}
      <a href={href('settings', 'networks')}>{t('Set up networks')}</a>
    </section>
  );
}

export function NetworksPage() {
  const channels = useLoad(loadChannels, []);
  // A card starts again from what the service stored once it saved or removed (a secret typed and saved
  // leaves the channel's answer unchanged: its stamp still moves).
  const [stamps, setStamps] = useState<Record<string, number>>({});
  const changed = (id: string) => {
    setStamps((current) => ({ ...current, [id]: (current[id] ?? 0) + 1 }));
    channels.reload();
  };
  return (
    <section class="settings networks-settings">
      <div class="page-head">
        <h1>{t('Networks')}</h1>
        <a href={href('settings')}>{t('Back to settings')}</a>
      </div>
      <p class="hint">
        {t(
          'Each channel is a provider’s API your account uses with its own credentials. Nothing is sent over a channel until you enable it; e-mail stays available for every document.',
        )}
      </p>
      <ErrorNotice error={channels.error} />
      {!channels.data ? channels.error ? null : <Loading /> : null}
      {channels.data?.length === 0 ? <p>{t('This installation offers no network channel.')}</p> : null}
      {(channels.data ?? []).map((channel: Channel) => (
        <ChannelCard
          key={`${stamps[channel.channel] ?? 0}-${JSON.stringify(channel)}`}
          channel={channel}
          onChanged={() => changed(channel.channel)}
        />
      ))}
    </section>
  );
}
