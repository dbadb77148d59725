// The dashboard: what is open and overdue (with its ageing), revenue this month and this year, the last
// payments and the received invoices waiting for approval. Figures come from the reports API
// (docs/reports.md) as exact decimal strings; the charts are the console's own SVG (ui/charts.tsx).
import { get, list } from '../api';
import type { ReceivablesFigures, ReceivablesReport, ReceivedDocument, RevenueReport } from '../api-types';
import { formatDate, formatMoney, locale, t } from '../i18n';
import { href } from '../router';
import { ageingSegments } from '../ui/ageing';
import { BarChart, StackedBar } from '../ui/charts';
import { useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading } from '../ui/notice';
import { LastPayments } from './last-payments';
import { differingFiles, kindOf, signedDue } from './received-kind';
import { SmallBusinessCard } from './small-business-limits';

const monthName = (month: string) =>
  new Intl.DateTimeFormat(locale(), { month: 'short', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export function DashboardPage() {
  const loaded = useLoad(
    () =>
      Promise.all([
        get<ReceivablesReport>('/reports/receivables'),
        get<RevenueReport>('/reports/revenue'),
        list<ReceivedDocument>('/received-documents', { limit: 5, status: 'received' }),
      ]),
    [],
  );
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  const [receivables, revenue, waiting] = loaded.data;
  return (
    <section class="dashboard">
      <div class="page-head">
        <h1>{t('Dashboard')}</h1>
      </div>
      <Receivables figures={receivables.currencies} />
      <RevenueCards revenue={revenue} />
      <SmallBusinessCard revenue={revenue} />
      <div class="dashboard-lists">
        <LastPayments />
        <Waiting received={waiting.data} />
      </div>
    </section>
  );
}

function Receivables({ figures }: { figures: ReceivablesFigures[] }) {
  return (
    <section class="card" aria-labelledby="receivables-heading">
      <h2 id="receivables-heading">{t('Open and overdue')}</h2>
      {figures.length === 0 ? <p class="empty">{t('No invoice is open.')}</p> : null}
      {figures.map((f) => {
        const money = (amount: string) => formatMoney(amount, f.currency);
        const segments = ageingSegments(f);
        return (
          <div key={f.currency} class="currency-block">
            <dl class="figures">
              <div>
                <dt class="figure-label">{t('Open ({currency})', { currency: f.currency })}</dt>
                <dd class="figure-value">{money(f.open)}</dd>
              </div>
              <div>
                <dt class="figure-label">{t('Overdue ({currency})', { currency: f.currency })}</dt>
                <dd class={/^0(\.0+)?$/.test(f.overdue) ? 'figure-value' : 'figure-value alert'}>
                  {money(f.overdue)}
                </dd>
              </div>
              <div>
                <dt class="figure-label">{t('Open invoices')}</dt>
                <dd class="figure-value">{f.open_items}</dd>
              </div>
            </dl>
            {/* Credits (credit notes and overpayments no invoice absorbed) are taken off the parts: shown as
                their own line, with the open amount they add up to. */}
            <StackedBar
              id={`ageing-${f.currency}`}
              title={t('Ageing of receivables ({currency})', { currency: f.currency })}
              valueHead={t('Amount')}
              segments={segments}
              less={
                /[1-9]/.test(f.credits)
                  ? [{ label: t('Credits of customers'), value: f.credits, shown: money(`-${f.credits}`) }]
                  : []
              }
              total={{
                label: t('Open ({currency})', { currency: f.currency }),
                value: f.open,
                shown: money(f.open),
              }}
            />
          </div>
        );
      })}
    </section>
  );
}

function RevenueCards({ revenue }: { revenue: RevenueReport }) {
  return (
    <section class="card" aria-labelledby="revenue-heading">
      <h2 id="revenue-heading">{t('Revenue')}</h2>
      <p class="hint">{t('Net, by issue date: invoices less credit notes.')}</p>
      {revenue.currencies.length === 0 ? <p class="empty">{t('No revenue this year yet.')}</p> : null}
      {revenue.currencies.map((c) => {
        const thisMonth = c.months.at(-1);
        const money = (amount: string) => formatMoney(amount, c.currency);
        return (
          <div key={c.currency} class="currency-block">
            <dl class="figures">
              <div>
                <dt class="figure-label">{t('This month ({currency})', { currency: c.currency })}</dt>
                <dd class="figure-value">{money(thisMonth?.net ?? '0')}</dd>
              </div>
              <div>
                <dt class="figure-label">{t('This year ({currency})', { currency: c.currency })}</dt>
                <dd class="figure-value">{money(c.net)}</dd>
              </div>
            </dl>
            <BarChart
              id={`revenue-${c.currency}`}
              title={t('Revenue per month ({currency})', { currency: c.currency })}
              valueHead={t('Net')}
              bars={c.months.map((m) => ({ label: monthName(m.month), value: m.net, shown: money(m.net) }))}
            />
          </div>
        );
      })}
    </section>
  );
}

function Waiting({ received }: { received: ReceivedDocument[] }) {
  return (
    <section class="card" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">{t('Waiting for approval')}</h2>
      {received.length === 0 ? (
        <p class="empty">{t('No received invoice is waiting.')}</p>
      ) : (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t('Seller')}</th>
              <th scope="col">{t('Due')}</th>
              <th scope="col" class="num">
                {t('Amount due')}
              </th>
            </tr>
          </thead>
          <tbody>
            {received.map((r) => (
              <tr key={r.id}>
                <td>
                  <a href={href('received', r.id)}>{r.seller.name ?? r.invoice_number ?? r.id}</a>
                  {r.duplicate_of ? <Badge tone="warn">{t('Duplicate file')}</Badge> : null}
                  {differingFiles(r).length > 0 ? <Badge tone="warn">{t('Amounts differ')}</Badge> : null}
                  {kindOf(r) === 'Invoice' ? null : <div class="hint">{t(kindOf(r))}</div>}
                </td>
                <td>{formatDate(r.due_date)}</td>
                {/* Another file of an invoice is due once, on the file that counts; a credit is owed to the firm. */}
                <td class="num">{r.duplicate_of ? '—' : formatMoney(signedDue(r), r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
