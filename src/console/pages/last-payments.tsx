// The dashboard's last payments: by the payment's own date (newest first), each with the invoice it paid.
// GET /payments lists in the order payments were entered and filters by payment date (docs/payments.md), so
// the console asks for the last month's payments by date and sorts those; with fewer than five there it
// takes the newest hundred entered instead. The invoices' numbers and buyers are read one by one (five at most).
import { get, list } from '../api';
import type { Payment } from '../api-types';
import { formatDate, formatMoney, localToday, t } from '../i18n';
import { href } from '../router';
import { useLoad } from '../ui/hooks';
import { Loading } from '../ui/notice';
import type { StoredDocument } from './documents/model';

const SHOWN = 5;

/** Newest payment date first; on one day, the one entered last first. */
export const byPaymentDate = (a: Payment, b: Payment) =>
  b.date.localeCompare(a.date) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

async function loadLastPayments(): Promise<{ payments: Payment[]; documents: Map<string, StoredDocument> }> {
  const monthAgo = new Date(`${localToday()}T00:00:00Z`);
  monthAgo.setUTCDate(monthAgo.getUTCDate() - 31);
  const recent = await list<Payment>('/payments', {
    limit: 100,
    date_from: monthAgo.toISOString().slice(0, 10),
  });
  let found = recent.data;
  if (found.length < SHOWN) {
    const entered = await list<Payment>('/payments', { limit: 100 });
    const seen = new Set(found.map((p) => p.id));
    found = [...found, ...entered.data.filter((p) => !seen.has(p.id))];
  }
  const payments = [...found].sort(byPaymentDate).slice(0, SHOWN);
  const ids = [...new Set(payments.map((p) => p.document_id))];
  const documents = new Map<string, StoredDocument>();
  await Promise.all(
    ids.map((id) =>
      get<StoredDocument>(`/documents/${encodeURIComponent(id)}`).then(
        (document) => documents.set(id, document),
        () => undefined,
      ),
    ),
  );
  return { payments, documents };
}

export function LastPayments() {
  const loaded = useLoad(loadLastPayments, []);
  const payments = loaded.data?.payments ?? [];
  return (
    <section class="card" aria-labelledby="payments-heading">
      <h2 id="payments-heading">{t('Last payments')}</h2>
      {loaded.loading && !loaded.data ? (
        <Loading />
      ) : payments.length === 0 ? (
        <p class="empty">{t('No payments yet.')}</p>
      ) : (
        <div class="table-scroll">
          <table class="list last-payments stack-phone">
            <thead>
              <tr>
                <th scope="col">{t('Date')}</th>
                <th scope="col">{t('Invoice')}</th>
                <th scope="col" class="num">
                  {t('Amount')}
                </th>
                <th scope="col">{t('Reference')}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => {
                const document = loaded.data?.documents.get(p.document_id);
                return (
                  <tr key={p.id}>
                    <td data-label={t('Date')}>{formatDate(p.date)}</td>
                    <td>
                      <a class="row-link" href={href('documents', p.document_id)}>
                        {document?.number ?? t('Invoice')}
                      </a>
                      {document?.data.buyer?.name ? <div class="hint">{document.data.buyer.name}</div> : null}
                    </td>
                    <td class="num side row-1">{formatMoney(p.amount, p.currency)}</td>
                    <td data-label={t('Reference')} data-empty={p.reference ? undefined : ''}>
                      {p.reference ?? ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
