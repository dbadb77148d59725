// "Send reminder" on an overdue invoice, and the reminders sent so far (docs/dunning.md). The API picks
// the next level of the dunning policy, draws the letter and e-mails it with the invoice.
import { useState } from 'preact/hooks';
import { type ApiError, list, post } from '../../api';
import type { Reminder } from '../../api-types';
import { formatDate, formatMoney, t } from '../../i18n';
import { Field } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Notice } from '../../ui/notice';
import type { StoredDocument } from './model';

export function Reminders({ document, onSent }: { document: StoredDocument; onSent: () => void }) {
  const reminders = useLoad(
    () => list<Reminder>(`/documents/${document.id}/reminders`).then((page) => page.data),
    [document.id, document.updated_at],
  );
  const [to, setTo] = useState(document.data.buyer?.email ?? '');
  const [sent, setSent] = useState(false);
  const action = useAction();
  const overdue = (document.days_overdue ?? 0) > 0;
  const rows = reminders.data ?? [];
  if (!overdue && rows.length === 0) return null;
  const send = async (event: Event) => {
    event.preventDefault();
    const body = to.trim() ? { to: to.split(/[,;\s]+/).filter(Boolean) } : {};
    const reminder = await action.run(() => post(`/documents/${document.id}/reminders`, body));
    if (reminder) {
      setSent(true);
      reminders.reload();
      onSent();
    }
  };
  return (
    <section class="card" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">{t('Reminders')}</h2>
      {overdue ? <p>{t('{days} days overdue.', { days: document.days_overdue ?? 0 })}</p> : null}
      {rows.length > 0 ? (
        <ul class="plain" aria-label={t('Reminders sent')}>
          {rows.map((reminder) => (
            <li key={reminder.id}>
              {t('Level {level}', { level: reminder.level })} · {formatDate(reminder.created_at)} ·{' '}
              {t('fee {fee}', { fee: formatMoney(reminder.fee, reminder.currency) })} ·{' '}
              {t('pay by {date}', { date: formatDate(reminder.pay_by) })}
            </li>
          ))}
        </ul>
      ) : null}
      {overdue ? (
        <form onSubmit={send} aria-label={t('Send reminder')}>
          <Field
            label={t('Reminder recipient')}
            type="email"
            value={to}
            onInput={setTo}
            path="to"
            error={action.error as ApiError | null}
          />
          <button type="submit" disabled={action.busy}>
            {t('Send reminder')}
          </button>
        </form>
      ) : null}
      <ErrorNotice error={action.error} />
      {sent ? <Notice kind="ok">{t('Reminder queued for sending.')}</Notice> : null}
    </section>
  );
}
