// "Delivery": each network delivery of a document as a timeline, every state with its time and reason and
// the channel's receipt as it came (a provider's answer, a Peppol status, a French lifecycle message; only
// its first 64 KiB when the service cut it), and why a queued one waits (its last attempt's error).
// Asked again while a delivery is under way, so a send is watched to its end without reloading.
import { useEffect, useRef } from 'preact/hooks';
import { get } from '../../api';
import type { Channel, NetworkDelivery, NetworkDeliveryEvent } from '../../api-types';
import { formatDate, t } from '../../i18n';
import {
  channelNameOf,
  DELIVERY_STATES,
  networkLabel,
  participant,
  profileName,
  reasonText,
  receiptKind,
  refreshAfterMs,
} from '../../networks';
import { useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice } from '../../ui/notice';

export function StateBadge({ state }: { state: NetworkDelivery['state'] }) {
  const shown = DELIVERY_STATES[state];
  return <Badge tone={shown?.tone}>{t(shown?.label ?? state)}</Badge>;
}

export function DeliveryTimeline({
  documentId,
  channels,
  round,
  onMoved,
}: {
  documentId: string;
  channels: Channel[];
  /** Changed when a delivery was made here: asked again at once. */
  round: number;
  /** A delivery's state moved (handing it over marks the document sent). */
  onMoved: () => void;
}) {
  const loaded = useLoad(
    () => get<NetworkDelivery[]>(`/documents/${encodeURIComponent(documentId)}/network-deliveries`),
    [documentId, round],
  );
  // A failed look keeps what was shown (useLoad drops it) and tries again.
  const shown = useRef<NetworkDelivery[]>([]);
  if (loaded.data) shown.current = loaded.data;
  const deliveries = shown.current;
  const states = deliveries.map((delivery) => delivery.state).join(',');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current !== null && seen.current !== states) onMoved();
    seen.current = states;
  }, [states]);
  const wait = refreshAfterMs(deliveries.map((delivery) => delivery.state));
  useEffect(() => {
    if (loaded.loading || wait === null) return;
    const timer = setTimeout(loaded.reload, wait);
    return () => clearTimeout(timer);
  }, [loaded.loading, wait]);

  if (deliveries.length === 0) return loaded.error ? <ErrorNotice error={loaded.error} /> : null;
  const nameOf = (id: string) => channelNameOf(id, channels);
  return (
    <section class="card deliveries" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">{t('Delivery')}</h2>
      <ErrorNotice error={loaded.error} />
      {deliveries.map((delivery) => (
        <article key={delivery.id} class="delivery" aria-label={nameOf(delivery.channel)}>
          <p class="delivery-head">
            <strong>{nameOf(delivery.channel)}</strong> <StateBadge state={delivery.state} />
          </p>
          <dl class="facts compact">
            <dt>{t('Network')}</dt>
            <dd>{networkLabel(delivery.network)}</dd>
            <dt>{t('To')}</dt>
            <dd class="mono">{participant(delivery.receiver)}</dd>
            <dt>{t('Format')}</dt>
            <dd>{profileName(delivery.profile)}</dd>
            {delivery.provider_ref ? (
              <>
                <dt>{t('Provider reference')}</dt>
                <dd class="mono wrap">{delivery.provider_ref}</dd>
              </>
            ) : null}
          </dl>
          {delivery.state === 'queued' && delivery.last_error ? (
            <p class="timeline-reason">
              {t('Waiting: {reason}', {
                reason: reasonText(delivery.last_error_code) ?? delivery.last_error,
              })}
              <ProviderWords code={delivery.last_error_code} words={delivery.last_error} />
            </p>
          ) : null}
          <ol class="timeline" aria-label={t('Timeline')}>
            {delivery.events.map((event, index) => (
              <TimelineEvent key={`${event.at}-${index}`} event={event} />
            ))}
          </ol>
        </article>
      ))}
      {wait !== null && wait < 10_000 ? (
        <p class="hint" role="status">
          {t('Under way: this updates itself.')}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The provider's (or the buyer's) own words beside a reason the console says in its language: kept as
 * they came, marked as a quote in their language (English from the providers, the buyer's own).
 */
function ProviderWords({ code, words }: { code: string | undefined; words: string | null | undefined }) {
  if (!words || reasonText(code) === null) return null;
  // The provider's own words are English (or whatever it wrote): marked so, the label in the console's.
  return (
    <span class="hint provider-words">
      {' '}
      {t('Detail:')} <span lang="en">{words}</span>
    </span>
  );
}

function TimelineEvent({ event }: { event: NetworkDeliveryEvent }) {
  return (
    <li>
      <div class="timeline-head">
        <StateBadge state={event.state} />
        <time dateTime={event.at}>{formatDate(event.at)}</time>
      </div>
      {event.reason || event.detail ? (
        <p class="timeline-reason">
          {reasonText(event.reason_code) ?? event.reason}
          <ProviderWords
            code={event.reason_code}
            words={event.detail ?? (reasonText(event.reason_code) === null ? null : event.reason)}
          />
        </p>
      ) : null}
      {event.receipt ? (
        <details class="receipt">
          <summary title={event.receipt.content_type}>
            {t('Receipt ({type})', { type: receiptKind(event.receipt.content_type) })}
            {event.receipt.truncated ? ` · ${t('cut short: only the first 64 KiB')}` : null}
          </summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long receipt scrolls, and the keyboard scrolls it too (WCAG 2.1.1) */}
          <pre tabIndex={0}>{event.receipt.body}</pre>
        </details>
      ) : null}
    </li>
  );
}
