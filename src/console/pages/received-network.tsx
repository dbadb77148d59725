// A received document that came over a network (docs/channels.md): its channel, the seller's participant
// id and the transport's identifiers, and the buyer's answer (accept, reject with its reason, paid) sent
// back to the seller over the same channel.
import { useState } from 'preact/hooks';
import { ApiError, get, post } from '../api';
import type { Channel, ReceivedDocument, ReceivedTransport } from '../api-types';
import { formatDate, t } from '../i18n';
import { channelNameOf, loadChannels, participant } from '../networks';
import { Field } from '../ui/form';
import { useAction, useLoad } from '../ui/hooks';
import { ErrorNotice, Notice } from '../ui/notice';

type Answer = 'accepted' | 'rejected' | 'paid';

const ANSWERS: Record<Answer, { label: string; done: string }> = {
  accepted: { label: 'Accept', done: 'Accepted' },
  rejected: { label: 'Reject', done: 'Rejected' },
  paid: { label: 'Mark paid', done: 'Paid' },
};

/** What may follow an answer (Peppol's Invoice Response: only paid after accepted, nothing after the rest). */
const NEXT: Record<string, readonly Answer[]> = {
  none: ['accepted', 'rejected', 'paid'],
  accepted: ['paid'],
  rejected: [],
  paid: [],
};

/** The transport of a network-sourced document; null for any other (or one the service has none of). */
export function useTransport(item: ReceivedDocument | undefined) {
  const id = item?.source === 'network' ? item.id : null;
  return useLoad(async () => {
    if (id === null) return null;
    try {
      return await get<ReceivedTransport>(`/received-documents/${encodeURIComponent(id)}/transport`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }, [id]);
}

export function NetworkOrigin({
  transport,
  credit,
  locked,
  onAnswered,
}: {
  transport: ReceivedTransport;
  /** Nothing is paid on it (a credit note, a negative invoice): `paid` is no answer (the service refuses it). */
  credit: boolean;
  /** Why the caller may not answer (a member on a document someone else took in): said instead. */
  locked?: string;
  onAnswered: () => void;
}) {
  const channels = useLoad(() => loadChannels().catch(() => [] as Channel[]), []);
  const name = channelNameOf(transport.channel, channels.data ?? []);
  const action = useAction();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const answered = transport.response;
  const allowed = locked
    ? []
    : (NEXT[answered?.state ?? 'none'] ?? []).filter((state) => !(credit && state === 'paid'));
  const answer = async (state: Answer) => {
    const body = state === 'rejected' ? { state, reason: reason.trim() } : { state };
    const done = await action.run(() =>
      post<ReceivedTransport>(
        `/received-documents/${encodeURIComponent(transport.received_id)}/response`,
        body,
      ),
    );
    if (done) {
      setRejecting(false);
      setReason('');
      onAnswered();
    }
  };
  return (
    <section class="card" aria-labelledby="network-origin-heading">
      <h2 id="network-origin-heading">{t('Received over a network')}</h2>
      <dl class="facts">
        <dt>{t('Channel')}</dt>
        <dd>{name}</dd>
        <dt>{t('Sender')}</dt>
        <dd class="mono">{participant(transport.sender) || '—'}</dd>
        <dt>{t('Provider reference')}</dt>
        <dd class="mono wrap">{transport.provider_ref}</dd>
        {Object.entries(transport.transport).map(([key, value]) => (
          <FactRow key={key} name={key} value={value} />
        ))}
      </dl>
      <h3>{t('Answer to the seller')}</h3>
      {answered ? (
        <Notice kind={answered.state === 'rejected' ? 'warn' : 'ok'}>
          <p>
            {t('Answer sent: {answer}, {date}.', {
              answer: t(ANSWERS[answered.state as Answer]?.done ?? answered.state),
              date: formatDate(answered.at),
            })}
          </p>
          {answered.reason ? <p>{t('Reason: {reason}', { reason: answered.reason })}</p> : null}
          {answered.receipt ? (
            <details class="receipt">
              <summary>{t('What the channel answered')}</summary>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long receipt scrolls, and the keyboard scrolls it too (WCAG 2.1.1) */}
              <pre tabIndex={0}>{answered.receipt}</pre>
            </details>
          ) : null}
        </Notice>
      ) : locked ? null : (
        <p class="hint">{t('The answer goes to the seller over {channel}.', { channel: name })}</p>
      )}
      {locked && (NEXT[answered?.state ?? 'none'] ?? []).length > 0 ? (
        <p class="hint not-yours">{locked}</p>
      ) : null}
      {allowed.length > 0 ? (
        <div class="toolbar" role="toolbar" aria-label={t('Answer to the seller')}>
          {allowed.map((state) => (
            <button
              key={state}
              type="button"
              class={state === 'accepted' ? 'primary' : ''}
              aria-expanded={state === 'rejected' ? rejecting : undefined}
              disabled={action.busy}
              onClick={() => (state === 'rejected' ? setRejecting(!rejecting) : answer(state))}
            >
              {t(ANSWERS[state].label)}
            </button>
          ))}
        </div>
      ) : null}
      {rejecting && allowed.includes('rejected') ? (
        <form
          class="reject"
          onSubmit={(event) => {
            event.preventDefault();
            answer('rejected');
          }}
        >
          <Field
            label={t('Reason for the rejection')}
            hint={t('The seller reads it: say what to correct.')}
            multiline
            required
            value={reason}
            onInput={setReason}
            path="reason"
            error={action.error as ApiError | null}
          />
          <div class="actions">
            <button type="submit" class="danger" disabled={action.busy || reason.trim() === ''}>
              {t('Send the rejection')}
            </button>
            <button type="button" onClick={() => setRejecting(false)}>
              {t('Cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <ErrorNotice error={action.error} />
    </section>
  );
}

/** `storecove_receive_guid` said as "Storecove receive guid": the channel's own name for its identifier. */
const keyName = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function FactRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{keyName(name)}</dt>
      <dd class="mono wrap">{value}</dd>
    </>
  );
}
