// The invoices a recurring invoice made (GET /recurring-invoices/{id}/invoices, newest first), each a link
// to its document.
import { list } from '../api';
import type { GeneratedInvoice, RecurringInvoice } from '../api-types';
import { formatDate, formatMoney, t } from '../i18n';
import { href } from '../router';
import { useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading } from '../ui/notice';
import { STATUS_LABELS } from './documents/model';
import { sendErrorText } from './recurring-model';

const SHOWN = 10;

/**
 * The invoice's e-mail: its delivery's status, or why it was not sent (the delivery's reason: its page);
 * an invoice of a schedule that e-mails with neither is still waiting for its turn.
 */
function mailState(invoice: GeneratedInvoice, autoSend: boolean) {
  const reason = sendErrorText(invoice);
  if (reason) {
    // The console's words; the service's own sentence on hover.
    return (
      <>
        <Badge tone="failed">{t('Not sent')}</Badge>{' '}
        <small class="hint" title={reason.technical ?? undefined}>
          {reason.text}
        </small>
      </>
    );
  }
  if (invoice.delivery_status) {
    return <Badge tone={invoice.delivery_status}>{t(invoice.delivery_status)}</Badge>;
  }
  return <span class="hint">{autoSend ? t('Being sent') : t('Not sent')}</span>;
}

export function GeneratedInvoices({ schedule }: { schedule: RecurringInvoice }) {
  const invoices = useLoad(
    () =>
      list<GeneratedInvoice>(`/recurring-invoices/${encodeURIComponent(schedule.id)}/invoices`, {
        limit: SHOWN,
      }),
    [schedule.id, schedule.occurrences_created],
  );
  const rows = invoices.data?.data ?? [];
  // With auto_send (or once it was on): whether each invoice was e-mailed, or why not.
  const mailed = schedule.auto_send === true || rows.some((r) => r.delivery_status || r.send_error);
  return (
    <section class="card" aria-labelledby="generated-heading">
      <h2 id="generated-heading">{t('Invoices made so far')}</h2>
      <ErrorNotice error={invoices.error} />
      {invoices.loading && !invoices.data ? <Loading /> : null}
      {invoices.data && rows.length === 0 ? <p>{t('No invoice made yet.')}</p> : null}
      {rows.length > 0 ? (
        <div class="table-scroll">
          <table class="list generated-invoices">
            <thead>
              <tr>
                <th scope="col">{t('Number')}</th>
                <th scope="col">{t('Date')}</th>
                <th scope="col">{t('Status')}</th>
                <th scope="col" class="num">
                  {t('Total')}
                </th>
                {mailed ? <th scope="col">{t('E-mail')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    <a href={href('documents', invoice.id)}>{invoice.number}</a>
                  </td>
                  <td>{formatDate(invoice.issue_date)}</td>
                  <td>
                    <Badge tone={invoice.status}>{t(STATUS_LABELS[invoice.status] ?? invoice.status)}</Badge>
                  </td>
                  <td class="num">
                    {formatMoney(invoice.totals.total.amount, invoice.totals.total.currency)}
                  </td>
                  {mailed ? <td>{mailState(invoice, schedule.auto_send === true)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {invoices.data?.pagination.has_more ? (
        <p class="hint">
          {t('The newest {shown} of {count} invoices.', {
            shown: SHOWN,
            count: schedule.occurrences_created,
          })}
        </p>
      ) : null}
    </section>
  );
}
