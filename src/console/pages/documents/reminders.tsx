// "Send reminder" on an overdue invoice, and the reminders sent so far (docs/dunning.md). The console names
// the letter that goes next (the policy's level after the highest one sent, as the API picks it) with its
// fee, asks before sending it, and sends that level by number: a second click meanwhile is a 409, never a
// silent escalation to the level after.
import { useState } from 'preact/hooks';
import { ApiError, get, list, post } from '../../api';
import type { BusinessProfile, Delivery, DunningPolicy, Reminder } from '../../api-types';
import { currentLanguage, formatDate, formatMoney, t } from '../../i18n';
import { canChange } from '../../permissions';
import { focusAfterAction } from '../../ui/focus-kept';
import { Field } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Said } from '../../ui/notice';
import { letterMailState, letterName } from './dunning-letters';
import type { StoredDocument } from './model';

const isZero = (amount: string) => !/[1-9]/.test(amount);

/** The default levels as the API words them for an English invoice (docs/dunning.md). */
const ENGLISH_DEFAULT_NAMES = ['Payment reminder', 'Second reminder', 'Final reminder'];

export function Reminders({ document, onSent }: { document: StoredDocument; onSent: () => void }) {
  const reminders = useLoad(
    () => list<Reminder>(`/documents/${document.id}/reminders`).then((page) => page.data),
    [document.id, document.updated_at],
  );
  // The levels' names and fees; without them (a refused read) the button says "Send reminder" as before.
  const policy = useLoad(() => get<DunningPolicy>('/dunning-policy').catch(() => null), []);
  // Each reminder's e-mail (a delivery of this document): whether it went out.
  const mails = useLoad(
    () =>
      list<Delivery>(`/documents/${document.id}/deliveries`, { limit: 100 })
        .then((page) => page.data)
        .catch(() => [] as Delivery[]),
    [document.id, document.updated_at, reminders.data?.length],
  );
  const [to, setTo] = useState(document.data.buyer?.email ?? '');
  // The letter last queued (its name, or '') and how many were (each said again).
  const [sent, setSent] = useState<{ name: string; round: number } | null>(null);
  const action = useAction();
  const overdue = (document.days_overdue ?? 0) > 0;
  const rows = reminders.data ?? [];
  // The letter's language as the service picks it: the invoice's, else its business profile's, else English
  // (src/modules/deliveries/email/compose.ts emailLocale); the profile is read only when the invoice names none
  // and there are letters to name.
  const asksProfile = !document.locale && (overdue || rows.length > 0);
  const profileLocale = useLoad(
    () =>
      !asksProfile
        ? Promise.resolve(null)
        : get<BusinessProfile>(`/business-profiles/${encodeURIComponent(document.business_profile_id)}`)
            .then((profile) => profile.default_locale ?? null)
            .catch(() => null),
    [asksProfile, document.business_profile_id],
  );
  if (!overdue && rows.length === 0) return null;
  const letterLocale = document.locale ?? profileLocale.data ?? 'en-US';
  const levels = policy.data?.levels;
  // The defaults' subjects are German; an English invoice gets them in English until a policy is saved.
  const englishDefaults = policy.data?.updated_at === null && /^en/i.test(letterLocale);
  const nameOf = (level: number): string | null => {
    const known = levels?.[level - 1];
    if (!known) return null;
    return englishDefaults ? (ENGLISH_DEFAULT_NAMES[level - 1] ?? null) : letterName(known, level);
  };
  // A reminder whose letter never arrived (every e-mail of it, retries too, bounced or failed) does not
  // count, as the service counts it: its level is the one to send again.
  const mailsOf = (deliveryId: string): Delivery[] => {
    const all = mails.data ?? [];
    const chain = all.filter((d) => d.id === deliveryId);
    for (let i = 0; i < chain.length; i++) {
      for (const retry of all)
        if (retry.retry_of === chain[i]?.id && !chain.includes(retry)) chain.push(retry);
    }
    return chain;
  };
  const arrived = (reminder: Reminder) => {
    const chain = mailsOf(reminder.delivery_id);
    return chain.length === 0 || chain.some((d) => d.status !== 'bounced' && d.status !== 'failed');
  };
  const next = rows.filter(arrived).reduce((highest, reminder) => Math.max(highest, reminder.level), 0) + 1;
  // A letter named in another language than the console's ("Payment reminder" in the German console) is
  // quoted as the letter's own name, so the sentence around it reads in the console's language. The default
  // names are English or German; a saved policy's are the firm's own words, taken as they are.
  const namesLanguage = policy.data?.updated_at === null ? (englishDefaults ? 'en' : 'de') : null;
  const foreign = namesLanguage !== null && namesLanguage !== currentLanguage();
  const nextLevel = levels?.[next - 1];
  const nextName = nameOf(next);
  const nextFee = nextLevel && !isZero(nextLevel.fee) ? formatMoney(nextLevel.fee, document.currency) : null;
  const allSent = levels !== undefined && reminders.data !== undefined && !nextLevel;
  // The customer has no e-mail address and none was typed: the service's English words said in the console's.
  const error =
    action.error instanceof ApiError &&
    action.error.fields.some((f) => f.loc === 'body.to' && /no e-mail address/.test(f.msg))
      ? new ApiError(action.error.status, action.error.code, action.error.message, [
          {
            loc: 'body.to',
            msg: t('The customer has no e-mail address: enter the recipient here.'),
          },
        ])
      : action.error;
  const send = async (event: Event) => {
    event.preventDefault();
    const recipients = to.split(/[,;\s]+/).filter(Boolean);
    const who = recipients.join(', ') || t('the customer’s e-mail address');
    const question = !nextName
      ? t('Send a reminder to {to}?', { to: who })
      : nextFee
        ? t(
            foreign
              ? 'Send the letter “{letter}” with a fee of {fee} to {to}?'
              : 'Send {letter} with a fee of {fee} to {to}?',
            {
              letter: nextName,
              fee: nextFee,
              to: who,
            },
          )
        : t(foreign ? 'Send the letter “{letter}” to {to}?' : 'Send {letter} to {to}?', {
            letter: nextName,
            to: who,
          });
    if (!confirm(question)) return;
    const body = {
      ...(recipients.length > 0 ? { to: recipients } : {}),
      ...(nextLevel ? { level: next } : {}),
    };
    const reminder = await action.run(() => post<Reminder>(`/documents/${document.id}/reminders`, body));
    if (reminder) {
      setSent((last) => ({ name: nameOf(reminder.level) ?? '', round: (last?.round ?? 0) + 1 }));
      // The form goes once the last letter is sent: the focus goes to what was said.
      focusAfterAction(() => window.document.getElementById('reminder-sent'));
      reminders.reload();
      onSent();
    }
  };
  return (
    <section class="card" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">{t('Reminders')}</h2>
      {overdue ? (
        <p>
          {document.days_overdue === 1
            ? t('1 day overdue.')
            : t('{days} days overdue.', { days: document.days_overdue ?? 0 })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul class="plain" aria-label={t('Reminders sent')}>
          {rows.map((reminder) => {
            const mail = letterMailState(mails.data?.find((d) => d.id === reminder.delivery_id));
            return (
              <li key={reminder.id}>
                <strong>{nameOf(reminder.level) ?? t('Level {level}', { level: reminder.level })}</strong> ·{' '}
                {formatDate(reminder.created_at)}
                {isZero(reminder.fee)
                  ? null
                  : ` · ${t('fee {fee}', { fee: formatMoney(reminder.fee, reminder.currency) })}`}{' '}
                · {t('pay by {date}', { date: formatDate(reminder.pay_by) })}
                {mail ? ` · ${mail}` : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {overdue && allSent ? (
        <p class="hint">{t('Every level of the dunning policy has been sent for this invoice.')}</p>
      ) : null}
      {/* Sending is a change of the invoice: read-only for a role that can never send (an accountant). */}
      {overdue && !allSent && canChange(document) ? (
        <form onSubmit={send} aria-label={t('Send reminder')}>
          <Field
            label={t('Reminder recipient')}
            type="email"
            value={to}
            onInput={setTo}
            path="to"
            error={error as ApiError | null}
          />
          <button
            type="submit"
            disabled={action.busy || reminders.loading || policy.loading || profileLocale.loading}
          >
            {nextName
              ? t(foreign ? 'Send the letter “{letter}”' : 'Send {letter}', { letter: nextName })
              : t('Send reminder')}
          </button>
          {nextName ? (
            <p class="hint">
              {nextFee ? t('Fee of this letter: {fee}', { fee: nextFee }) : t('No fee for this letter.')}
            </p>
          ) : null}
        </form>
      ) : null}
      <ErrorNotice error={error} />
      <Said
        id="reminder-sent"
        text={
          sent === null
            ? null
            : sent.name
              ? t(
                  foreign ? 'The letter “{letter}” was queued for sending.' : '{letter} queued for sending.',
                  {
                    letter: sent.name,
                  },
                )
              : t('Reminder queued for sending.')
        }
        round={sent?.round}
      />
    </section>
  );
}
