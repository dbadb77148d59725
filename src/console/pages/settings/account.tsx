import { useState } from 'preact/hooks';
import { ApiError, get, list, patch, post } from '../../api';
import type { AccountUsage, BillingPlan, Subscription, UsageLimits } from '../../api-types';
import { formatDate, lastDayOf, locale, t } from '../../i18n';
import type { Account } from '../../me';
import { Field } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Loading, Said } from '../../ui/notice';

/** A plan's quota this large is no limit (the Self-hosted plan's): shown as "unlimited", not as a number. */
const UNLIMITED = 1_000_000_000;

/**
 * The firm's name: a first start calls the account "Default account"; it is shown in the header, on the
 * setup page and in invitations. Only an owner (or an account-level key) may change it.
 */
export function AccountName({
  account,
  editable,
  onRenamed,
}: {
  account: Account;
  editable: boolean;
  onRenamed: (account: Account) => void;
}) {
  const [name, setName] = useState(account.name);
  const [done, setDone] = useState(false);
  const action = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setDone(false);
    const renamed = await action.run(() => patch<Account>('/account', { name }));
    if (renamed) {
      setDone(true);
      onRenamed(renamed);
      // "Rename" stays disabled for the name it now has: the focus it had (lost while it was disabled)
      // goes to the name, not to the top of the page.
      const active = document.activeElement;
      if (!active || active === document.body || form.contains(active))
        form.querySelector<HTMLInputElement>('input')?.focus();
    }
  };
  return (
    <section class="card" aria-labelledby="account-heading">
      <h2 id="account-heading">{t('Account')}</h2>
      <p>
        {t('Plan')}: {account.plan_name}
      </p>
      {editable ? (
        <form onSubmit={submit}>
          <Field
            label={t('Name of the firm or account')}
            value={name}
            onInput={setName}
            path="name"
            error={action.error instanceof ApiError ? action.error : null}
            required
          />
          <button type="submit" disabled={action.busy || name.trim() === '' || name === account.name}>
            {t('Rename')}
          </button>
        </form>
      ) : (
        <p>
          <strong>{account.name}</strong>
        </p>
      )}
      <Said text={done ? t('The account is renamed.') : null} />
      <ErrorNotice error={action.error} />
    </section>
  );
}

export function Usage() {
  const usage = useLoad(() => get<AccountUsage>('/usage'), []);
  const limits = useLoad(() => get<UsageLimits>('/usage/limits'), []);
  const data = usage.data;
  return (
    <section class="card" aria-labelledby="usage-heading">
      <h2 id="usage-heading">{t('Usage and quota')}</h2>
      <ErrorNotice error={usage.error} />
      {data ? (
        <>
          <p>
            {t('Renders this period ({start} – {end}): {used} of {quota}', {
              start: formatDate(data.period.start.slice(0, 10)),
              // The period ends where the next begins (midnight): its last day is the one before.
              end: formatDate(lastDayOf(data.period.end)),
              used: new Intl.NumberFormat(locale()).format(data.renders.used),
              quota:
                data.renders.quota === null || data.renders.quota >= UNLIMITED
                  ? t('unlimited')
                  : new Intl.NumberFormat(locale()).format(data.renders.quota),
            })}
          </p>
          {data.renders.quota && data.renders.quota < UNLIMITED ? (
            <progress max={data.renders.quota} value={data.renders.used} aria-label={t('Renders used')} />
          ) : null}
          {limits.data ? (
            <p>{t('Requests per second: {n}', { n: limits.data.rate_limit.requests_per_second })}</p>
          ) : null}
        </>
      ) : (
        <Loading />
      )}
    </section>
  );
}

export function Plan() {
  const subscription = useLoad(() => get<Subscription>('/billing/subscription'), []);
  const plans = useLoad(
    () =>
      list<BillingPlan>('/billing/plans')
        .then((page) => page.data)
        .catch(() => []),
    [],
  );
  const action = useAction();
  const open = (step: () => Promise<{ url: string }>) =>
    action.run(async () => {
      const { url } = await step();
      location.assign(url);
    });
  const sub = subscription.data;
  return (
    <section class="card" aria-labelledby="plan-heading">
      <h2 id="plan-heading">{t('Plan and billing')}</h2>
      <ErrorNotice error={subscription.error} />
      {sub ? (
        <p>
          {t('Plan')}: <strong>{String(sub.plan_name ?? sub.plan_id ?? '')}</strong>
          {/* A self-hosted service has no subscription and so no status to show. */}
          {sub.status ? ` · ${t('Status')}: ${t(String(sub.status))}` : null}
        </p>
      ) : null}
      {(plans.data ?? []).length > 0 ? (
        <div class="toolbar">
          {(plans.data ?? []).map((plan) => (
            <button
              key={plan.id}
              type="button"
              disabled={action.busy}
              onClick={() =>
                open(() => post('/billing/checkout-session', { price_id: plan.price_id ?? plan.id }))
              }
            >
              {t('Change to {name}', { name: plan.name })}
            </button>
          ))}
          <button
            type="button"
            disabled={action.busy}
            onClick={() => open(() => post('/billing/portal-session'))}
          >
            {t('Billing portal')}
          </button>
        </div>
      ) : (
        <p class="hint">{t('No payment provider is configured on this installation.')}</p>
      )}
      <ErrorNotice error={action.error} />
    </section>
  );
}
