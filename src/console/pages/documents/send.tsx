// "Send" on an issued document: over a network the account connected (Peppol through an access point, a
// French platform: docs/channels.md) or by e-mail. Left to the service, the channel is the one it would
// choose for the buyer's electronic address; a buyer no network reaches is said plainly, with e-mail
// offered instead.
import { useId, useState } from 'preact/hooks';
import { ApiError, get, post } from '../../api';
import type { Channel, Customer, NetworkDelivery } from '../../api-types';
import { t } from '../../i18n';
import { channelName, networkLabel, participant } from '../../networks';
import { href } from '../../router';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Notice } from '../../ui/notice';
import type { StoredDocument } from './model';
import { SendForm } from './outputs';

/** The service's choice (no `channel` sent), one channel by its id, or e-mail. */
const AUTOMATIC = '';
const EMAIL = 'email';

interface Props {
  document: StoredDocument;
  /** The connected and enabled channels (none: the e-mail form alone, as before any was connected). */
  channels: Channel[];
  /** A delivery was made (by e-mail or over a network). */
  onSent: () => void;
}

export function SendPanel({ document, channels, onSent }: Props) {
  const customer = useLoad(
    () => get<Customer>(`/customers/${encodeURIComponent(document.customer_id)}`).catch(() => null),
    [document.customer_id],
  );
  const what = emailContents(document, customer.data?.einvoice_profile);
  if (channels.length === 0)
    return (
      <section class="card send" aria-labelledby="send-heading">
        <h2 id="send-heading">{t('Send by email')}</h2>
        <p class="hint">{what}</p>
        <SendForm
          document={document}
          onSent={onSent}
          bare
          einvoiceProfile={customer.data?.einvoice_profile}
        />
      </section>
    );
  return (
    <SendChoice
      document={document}
      channels={channels}
      onSent={onSent}
      emailHint={what}
      einvoiceProfile={customer.data?.einvoice_profile}
    />
  );
}

/**
 * What the e-mail carries: the PDF, and for a buyer whose profile asks for an e-invoice (an authority's
 * XRechnung) that e-invoice too (docs/deliveries.md: invoices and credit notes only): the XML beside the
 * PDF, or for Factur-X inside it.
 */
export function emailContents(
  document: Pick<StoredDocument, 'document_type'>,
  profile: Customer['einvoice_profile'] | null | undefined,
): string {
  const einvoiced = document.document_type === 'invoice' || document.document_type === 'credit_note';
  if (!profile || !einvoiced) return t('The PDF, to the addresses you enter');
  if (profile === 'factur_x_en16931')
    return t('The PDF with the e-invoice inside (Factur-X/ZUGFeRD), to the addresses you enter');
  const format = profile === 'peppol_bis_billing_3' ? 'Peppol BIS' : 'XRechnung';
  return t('The PDF and the e-invoice ({format} XML), to the addresses you enter', { format });
}

function SendChoice({
  document,
  channels,
  onSent,
  emailHint,
  einvoiceProfile,
}: Props & { emailHint: string; einvoiceProfile: Customer['einvoice_profile'] | null | undefined }) {
  const [choice, setChoice] = useState(AUTOMATIC);
  const name = useId();
  const options = [
    {
      value: AUTOMATIC,
      label: t('Over the network the buyer is on'),
      hint: t('Peppol, or a French platform for a SIREN or SIRET'),
    },
    ...channels.map((channel) => ({
      value: channel.channel,
      label: channelName(channel),
      hint: networkLabel(channel.network),
    })),
    { value: EMAIL, label: t('By e-mail'), hint: emailHint },
  ];
  return (
    <section class="card send" aria-labelledby="send-heading">
      <h2 id="send-heading">{t('Send')}</h2>
      <fieldset class="choices">
        <legend>{t('Send by')}</legend>
        {options.map((option) => (
          <label key={option.value} class="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            <span>
              {option.label}
              <small class="hint choice-hint">{option.hint}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === EMAIL ? (
        <SendForm document={document} onSent={onSent} bare einvoiceProfile={einvoiceProfile} />
      ) : (
        <NetworkSend
          key={choice}
          document={document}
          channel={choice === AUTOMATIC ? null : (channels.find((c) => c.channel === choice) ?? null)}
          channels={channels}
          onSent={onSent}
          onEmail={() => setChoice(EMAIL)}
        />
      )}
    </section>
  );
}

/** What the service said when no network takes the document: the buyer unreachable, no address, no channel. */
function refusalText(error: ApiError, buyer: string, channels: Channel[]): string {
  const details = error.details;
  if (details.reason === 'unreachable') {
    const channel = channels.find((c) => c.channel === details.channel);
    return channel
      ? t('{buyer} cannot receive this document over {channel}.', { buyer, channel: channelName(channel) })
      : t('{buyer} cannot receive this document over this network.', { buyer });
  }
  if (details.network === 'fr-pa')
    return t('No French platform is connected, and {buyer} has a French identifier.', { buyer });
  if (details.network === 'peppol') return t('No Peppol channel is enabled.');
  return t('{buyer} has no electronic address (BT-49), so no network can reach them.', { buyer });
}

const offersEmail = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  Array.isArray(error.details.alternatives) &&
  (error.details.alternatives as unknown[]).includes('email');

function NetworkSend({
  document,
  channel,
  channels,
  onSent,
  onEmail,
}: {
  document: StoredDocument;
  channel: Channel | null;
  channels: Channel[];
  onSent: () => void;
  onEmail: () => void;
}) {
  const customer = useLoad(
    () => get<Customer>(`/customers/${encodeURIComponent(document.customer_id)}`).catch(() => null),
    [document.customer_id],
  );
  const action = useAction();
  const [sent, setSent] = useState<NetworkDelivery | null>(null);
  const address = customer.data?.electronic_address ?? null;
  // Only a customer read and found without an address says so; one that could not be read leaves it to the service.
  const noAddress = !!customer.data && !address;
  const buyer = document.data.buyer?.name ?? t('The buyer');
  const deliver = async (resend: boolean) => {
    setSent(null);
    const made = await action.run(() =>
      post<NetworkDelivery>(`/documents/${document.id}/network-deliveries`, {
        ...(channel ? { channel: channel.channel } : {}),
        ...(resend ? { resend: true } : {}),
      }),
    );
    if (made) {
      setSent(made);
      onSent();
    }
  };
  const send = async (event: Event) => {
    event.preventDefault();
    await deliver(false);
  };
  const refused = offersEmail(action.error) ? action.error : null;
  // Sent already (a delivery not failed): again only when asked, since the buyer gets it twice.
  const sentBefore =
    action.error instanceof ApiError && typeof action.error.details.delivery_id === 'string'
      ? action.error
      : null;
  return (
    <form class="send-network" onSubmit={send} aria-label={t('Send over a network')}>
      {address ? (
        <p>
          {t('To {address}', { address: participant(address) })}{' '}
          <a href={href('customers', document.customer_id)}>{t('Check reachability')}</a>
        </p>
      ) : noAddress ? (
        <Notice kind="warn">
          {t('{buyer} has no electronic address (BT-49), so no network can reach them.', { buyer })}{' '}
          <button type="button" class="link" onClick={onEmail}>
            {t('Send by e-mail instead')}
          </button>
        </Notice>
      ) : null}
      {/* Once handed over, not again by a second click: a second send is a second delivery. */}
      <button type="submit" class="primary" disabled={action.busy || sent !== null || noAddress}>
        {t('Send')}
      </button>
      {refused ? (
        <div class="notice notice-warn" role="alert">
          <p>
            <strong title={refused.message}>{refusalText(refused, buyer, channels)}</strong>
          </p>
          <p>
            <button type="button" onClick={onEmail}>
              {t('Send by e-mail instead')}
            </button>
          </p>
        </div>
      ) : sentBefore ? (
        <div class="notice notice-warn" role="alert">
          <p>
            <strong title={sentBefore.message}>
              {t('{buyer} was sent this document over the network already: sent again, they get it twice.', {
                buyer,
              })}
            </strong>
          </p>
          <p>
            <button type="button" disabled={action.busy} onClick={() => deliver(true)}>
              {t('Send again')}
            </button>
          </p>
        </div>
      ) : (
        <ErrorNotice error={action.error} />
      )}
      {sent ? (
        <Notice kind="ok">{t('Handed over for sending: its progress shows under “Delivery”.')}</Notice>
      ) : null}
    </form>
  );
}
