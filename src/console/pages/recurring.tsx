// Recurring invoices (/api/v1/recurring-invoices): the schedules with their next date and state; one
// schedule's page is its form (recurring-form.tsx), its next date and the invoices it made.
import { get, list } from '../api';
import type { RecurringInvoice } from '../api-types';
import { formatDate, t } from '../i18n';
import { canWrite } from '../permissions';
import { href, navigate } from '../router';
import { useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading } from '../ui/notice';
import { useCustomers } from './documents/customers';
import { RecurringForm } from './recurring-form';
import { GeneratedInvoices } from './recurring-invoices';
import { frequencyText, RECURRING_STATES } from './recurring-model';

export function RecurringPage({ route }: { route: string[] }) {
  const [id] = route;
  if (id === 'new') return <RecurringForm />;
  if (id) return <RecurringEditor id={id} />;
  return <RecurringList />;
}

function RecurringList() {
  const schedules = useLoad(() => list<RecurringInvoice>('/recurring-invoices', { limit: 100 }), []);
  const customers = useCustomers();
  const nameOf = (id: string) => customers.data?.find((c) => c.id === id)?.name ?? id;
  return (
    <section>
      <div class="page-head">
        <h1>{t('Recurring invoices')}</h1>
        {canWrite() ? (
          <button type="button" class="primary" onClick={() => navigate('recurring', 'new')}>
            {t('New recurring invoice')}
          </button>
        ) : null}
      </div>
      <ErrorNotice error={schedules.error} />
      {schedules.loading && !schedules.data ? <Loading /> : null}
      {schedules.data?.data.length === 0 ? <p>{t('No recurring invoices yet.')}</p> : null}
      {schedules.data && schedules.data.data.length > 0 ? (
        // A narrow window scrolls the table, not the page.
        <div class="table-scroll">
          <table class="list">
            <thead>
              <tr>
                <th scope="col">{t('Customer')}</th>
                <th scope="col">{t('Every')}</th>
                <th scope="col">{t('Next invoice')}</th>
                <th scope="col">{t('Invoices issued')}</th>
                <th scope="col">{t('Status')}</th>
              </tr>
            </thead>
            <tbody>
              {schedules.data.data.map((schedule) => (
                <tr key={schedule.id}>
                  <td>
                    <a href={href('recurring', schedule.id)}>{nameOf(schedule.customer_id)}</a>
                  </td>
                  <td>{frequencyText(schedule.frequency, schedule.interval)}</td>
                  {/* None to come (complete, cancelled): a dash, not an empty cell. */}
                  <td>{schedule.next_occurrence_date ? formatDate(schedule.next_occurrence_date) : '—'}</td>
                  <td>
                    {schedule.max_occurrences
                      ? t('{count} of {max}', {
                          count: schedule.occurrences_created,
                          max: schedule.max_occurrences,
                        })
                      : schedule.occurrences_created}
                  </td>
                  <td>
                    <Badge tone={isRunning(schedule) ? 'finalized' : 'draft'}>
                      {isComplete(schedule)
                        ? t('Complete')
                        : t(RECURRING_STATES[schedule.status] ?? schedule.status)}
                    </Badge>
                    {schedule.last_error ? <Badge tone="void">{t('Blocked')}</Badge> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/**
 * An active schedule with nothing left to make (its `max_occurrences` or `end_date` reached): the API keeps
 * it `active` (docs/recurring-invoices.md), but the contract is over, and "Active" would say it still runs.
 * A blocked one has a next date, so it is not taken for one.
 */
const isComplete = (schedule: RecurringInvoice) =>
  schedule.status === 'active' && !schedule.next_occurrence_date && !schedule.last_error;
const isRunning = (schedule: RecurringInvoice) => schedule.status === 'active' && !isComplete(schedule);

function RecurringEditor({ id }: { id: string }) {
  const loaded = useLoad(() => get<RecurringInvoice>(`/recurring-invoices/${encodeURIComponent(id)}`), [id]);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  return (
    <>
      <RecurringForm key={`${id}-${loaded.data.status}`} existing={loaded.data} onChanged={loaded.reload} />
      <GeneratedInvoices schedule={loaded.data} />
    </>
  );
}
