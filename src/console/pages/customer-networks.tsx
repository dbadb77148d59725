// "Networks" on a customer with an electronic address: whether invoices and credit notes reach it over
// Peppol (the service's own SML and SMP lookup) and over each channel the account connected.
import { useState } from 'preact/hooks';
import { formatDate, t } from '../i18n';
import { channelName, customerNetworks, networkLabel, participant } from '../networks';
import { href } from '../router';
import { useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';

const YesNo = ({ yes }: { yes: boolean }) =>
  yes ? <Badge tone="ok">{t('Yes')}</Badge> : <Badge tone="bad">{t('No')}</Badge>;

export function NetworksCard({ customerId }: { customerId: string }) {
  // The first look takes the service's last answer (a day at most); "Check again" asks the network now.
  const [round, setRound] = useState(0);
  const loaded = useLoad(() => customerNetworks(customerId, round > 0), [customerId, round]);
  const found = loaded.data;
  const peppol = found?.peppol ?? null;
  return (
    <section class="card networks" aria-labelledby="customer-networks-heading" aria-busy={loaded.loading}>
      <h2 id="customer-networks-heading">{t('Networks')}</h2>
      <ErrorNotice error={loaded.error} />
      {!found && loaded.loading ? <Loading /> : null}
      {found ? (
        <>
          <p class="hint">
            {t('Where e-invoices to {address} can go.', {
              address: participant(found.electronic_address),
            })}
          </p>
          <h3>{t('Peppol')}</h3>
          {found.must_use_peppol && peppol && !peppol.invoice ? (
            <Notice kind="warn">
              {t(
                'This customer takes e-invoices over Peppol (its e-invoice profile says so), but cannot receive invoices there now: check the address with the customer, or send by e-mail.',
              )}
            </Notice>
          ) : found.must_use_peppol ? (
            <p class="hint">
              {t('This customer takes e-invoices over Peppol (its e-invoice profile says so).')}
            </p>
          ) : null}
          {peppol === null && found.peppol_error ? (
            <Notice kind="warn">
              {t('The Peppol lookup gave no answer: {error}', { error: found.peppol_error })}
            </Notice>
          ) : peppol === null ? (
            <p>{t('Not looked up in Peppol: the address is not a Peppol identifier.')}</p>
          ) : (
            <dl class="facts">
              <dt>{t('Registered in Peppol')}</dt>
              <dd>
                <YesNo yes={peppol.registered} />
              </dd>
              <dt>{t('Receives Peppol BIS invoices')}</dt>
              <dd>
                <YesNo yes={peppol.invoice} />
              </dd>
              <dt>{t('Receives Peppol BIS credit notes')}</dt>
              <dd>
                <YesNo yes={peppol.credit_note} />
              </dd>
              <dt>{t('Checked')}</dt>
              <dd>{formatDate(peppol.checked_at) || '—'}</dd>
            </dl>
          )}
          <h3>{t('Connected channels')}</h3>
          {found.channels.length === 0 ? (
            <p>
              {t('No channel is connected.')}{' '}
              <a href={href('settings', 'networks')}>{t('Connect a network')}</a>
            </p>
          ) : (
            <table class="list">
              <thead>
                <tr>
                  <th scope="col">{t('Channel')}</th>
                  <th scope="col">{t('Reachable')}</th>
                  <th scope="col">{t('Invoices')}</th>
                  <th scope="col">{t('Credit notes')}</th>
                  <th scope="col">{t('Checked')}</th>
                </tr>
              </thead>
              <tbody>
                {found.channels.map((channel) => (
                  <tr key={channel.channel}>
                    <td>
                      {channelName(channel)}
                      <div class="hint">
                        {networkLabel(channel.network)}
                        {channel.detail ? ` · ${channel.detail}` : ''}
                      </div>
                      {channel.error ? (
                        <div class="problem">{t('The lookup failed: {error}', { error: channel.error })}</div>
                      ) : null}
                    </td>
                    <td>
                      <YesNo yes={channel.reachable} />
                    </td>
                    <td>
                      <YesNo yes={channel.invoice} />
                    </td>
                    <td>
                      <YesNo yes={channel.credit_note} />
                    </td>
                    <td>{formatDate(channel.checked_at) || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
      <button type="button" disabled={loaded.loading} onClick={() => setRound((n) => n + 1)}>
        {loaded.loading && round > 0 ? t('Checking…') : t('Check again')}
      </button>
    </section>
  );
}
