import { get, list, post } from '../../api';
import { formatDate, t } from '../../i18n';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Loading } from '../../ui/notice';

export function Usage() {
  const usage = useLoad(
    () =>
      get<{ period: { start: string; end: string }; renders: { used: number; quota: number | null } }>(
        '/usage',
      ),
    [],
  );
  const limits = useLoad(() => get<{ rate_limit: { requests_per_second: number } }>('/usage/limits'), []);
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
              end: formatDate(data.period.end.slice(0, 10)),
              used: data.renders.used,
              quota: data.renders.quota ?? t('unlimited'),
            })}
          </p>
          {data.renders.quota ? (
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
  const subscription = useLoad(() => get<Record<string, unknown>>('/billing/subscription'), []);
  const plans = useLoad(
    () =>
      list<{ id: string; name: string; price_id?: string }>('/billing/plans')
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
          {t('Plan')}: <strong>{String(sub.plan_name ?? sub.plan_id ?? '')}</strong> · {t('Status')}:{' '}
          {String(sub.status ?? '')}
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
