import { useState } from 'preact/hooks';
import { type ApiError, call, get, list, post, remove } from '../api';
import { formatDate, t } from '../i18n';
import { Checkbox, Field, Select } from '../ui/form';
import { useAction, useLoad } from '../ui/hooks';
import { Badge, ErrorNotice, Loading, Notice } from '../ui/notice';
import type { Account } from './shell';

interface ApiKey {
  id: string;
  name: string;
  last4: string;
  created_at: string;
  revoked_at: string | null;
  api_key?: string;
}

export function SettingsPage({ account }: { route: string[]; account: Account }) {
  return (
    <section class="settings">
      <div class="page-head">
        <h1>{t('Settings')}</h1>
      </div>
      <p>
        {t('Account')}: <strong>{account.name}</strong> · {t('Plan')}: {account.plan_name}
      </p>
      <ApiKeys />
      <Usage />
      <Plan />
      <BrandingProfiles />
      <Workspaces />
    </section>
  );
}

function SecretOnce({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Notice kind="warn">
      <p>{t('The new key, shown only now. Copy it and keep it safe:')}</p>
      <p>
        <code class="secret">{secret}</code>{' '}
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('Copied') : t('Copy')}
        </button>
      </p>
    </Notice>
  );
}

function ApiKeys() {
  const keys = useLoad(() => list<ApiKey>('/api-keys', { limit: 100 }).then((page) => page.data), []);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    const made = await action.run(() => post<ApiKey>('/api-keys', name.trim() ? { name: name.trim() } : {}));
    if (made?.api_key) {
      setSecret(made.api_key);
      setName('');
      keys.reload();
    }
  };
  const rotate = async (key: ApiKey) => {
    if (!confirm(t('Rotate {name}? The old secret stops working at once.', { name: key.name }))) return;
    const made = await action.run(() => post<ApiKey>(`/api-keys/${key.id}/rotate`));
    if (made?.api_key) {
      setSecret(made.api_key);
      keys.reload();
    }
  };
  const revoke = async (key: ApiKey) => {
    if (!confirm(t('Revoke {name}? Programs using it stop working.', { name: key.name }))) return;
    if ((await action.run(() => remove(`/api-keys/${key.id}`))) !== undefined) keys.reload();
  };
  return (
    <section class="card" aria-labelledby="keys-heading">
      <h2 id="keys-heading">{t('API keys')}</h2>
      {secret ? <SecretOnce secret={secret} /> : null}
      <ErrorNotice error={action.error ?? keys.error} />
      <table class="list">
        <thead>
          <tr>
            <th scope="col">{t('Name')}</th>
            <th scope="col">{t('Ends with')}</th>
            <th scope="col">{t('Created')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">
              <span class="visually-hidden">{t('Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(keys.data ?? []).map((key) => (
            <tr key={key.id}>
              <td>{key.name}</td>
              <td>
                <code>…{key.last4}</code>
              </td>
              <td>{formatDate(key.created_at)}</td>
              <td>
                {key.revoked_at ? (
                  <Badge tone="void">{t('Revoked')}</Badge>
                ) : (
                  <Badge tone="ok">{t('Active')}</Badge>
                )}
              </td>
              <td>
                {key.revoked_at ? null : (
                  <>
                    <button
                      type="button"
                      disabled={action.busy}
                      onClick={() => rotate(key)}
                      aria-label={t('Rotate {name}', { name: key.name })}
                    >
                      {t('Rotate')}
                    </button>{' '}
                    <button
                      type="button"
                      class="danger"
                      disabled={action.busy}
                      onClick={() => revoke(key)}
                      aria-label={t('Revoke {name}', { name: key.name })}
                    >
                      {t('Revoke')}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form class="inline" onSubmit={create}>
        <Field
          label={t('Key name')}
          value={name}
          onInput={setName}
          path="name"
          error={action.error as ApiError | null}
        />
        <button type="submit" disabled={action.busy}>
          {t('Create API key')}
        </button>
      </form>
    </section>
  );
}

function Usage() {
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

function Plan() {
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

interface Branding {
  id: string;
  name: string;
  is_default: boolean;
  primary_color: string;
  accent_color: string;
  footer_text: string | null;
}

function BrandingProfiles() {
  const profiles = useLoad(
    () => list<Branding>('/branding-profiles', { limit: 100 }).then((page) => page.data),
    [],
  );
  const [name, setName] = useState('');
  const [primary, setPrimary] = useState('#1f4e79');
  const [footer, setFooter] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const action = useAction();
  const error = action.error as ApiError | null;
  const create = async (event: Event) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      primary_color: primary,
      ...(footer ? { footer_text: footer } : {}),
      is_default: makeDefault,
    };
    if (await action.run(() => post('/branding-profiles', body))) {
      setName('');
      profiles.reload();
    }
  };
  const setDefault = async (profile: Branding) => {
    if (await action.run(() => post(`/branding-profiles/${profile.id}/default`))) profiles.reload();
  };
  const destroy = async (profile: Branding) => {
    if (!confirm(t('Delete the branding profile {name}?', { name: profile.name }))) return;
    if ((await action.run(() => call('DELETE', `/branding-profiles/${profile.id}`))) !== undefined)
      profiles.reload();
  };
  return (
    <section class="card" aria-labelledby="branding-heading">
      <h2 id="branding-heading">{t('Branding profiles')}</h2>
      <ErrorNotice error={action.error ?? profiles.error} />
      <ul class="plain">
        {(profiles.data ?? []).map((profile) => (
          <li key={profile.id}>
            <span class="swatch" style={{ background: profile.primary_color }} aria-hidden="true" />{' '}
            {profile.name} <code>{profile.primary_color}</code>{' '}
            {profile.is_default ? (
              <Badge tone="ok">{t('Default')}</Badge>
            ) : (
              <button type="button" disabled={action.busy} onClick={() => setDefault(profile)}>
                {t('Make default')}
              </button>
            )}{' '}
            <button
              type="button"
              class="danger"
              disabled={action.busy}
              onClick={() => destroy(profile)}
              aria-label={t('Delete {name}', { name: profile.name })}
            >
              {t('Delete')}
            </button>
          </li>
        ))}
      </ul>
      <form class="inline" onSubmit={create}>
        <Field label={t('Name')} value={name} onInput={setName} path="name" error={error} required />
        <Field
          label={t('Primary colour')}
          value={primary}
          onInput={setPrimary}
          path="primary_color"
          error={error}
        />
        <Field label={t('Footer text')} value={footer} onInput={setFooter} path="footer_text" error={error} />
        <Checkbox label={t('Default for new documents')} checked={makeDefault} onChange={setMakeDefault} />
        <button type="submit" disabled={action.busy || name.trim() === ''}>
          {t('New branding profile')}
        </button>
      </form>
    </section>
  );
}

interface Workspace {
  id: string;
  name: string;
}

interface Member {
  id: string;
  email: string;
  role: string;
}

function Workspaces() {
  const workspaces = useLoad(
    () => list<Workspace>('/workspaces', { limit: 100 }).then((page) => page.data),
    [],
  );
  const [name, setName] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    if (await action.run(() => post('/workspaces', { name: name.trim() }))) {
      setName('');
      workspaces.reload();
    }
  };
  return (
    <section class="card" aria-labelledby="workspaces-heading">
      <h2 id="workspaces-heading">{t('Workspaces and members')}</h2>
      <ErrorNotice error={action.error ?? workspaces.error} />
      <ul class="plain">
        {(workspaces.data ?? []).map((workspace) => (
          <li key={workspace.id}>
            <button
              type="button"
              class="link"
              aria-expanded={open === workspace.id}
              onClick={() => setOpen(open === workspace.id ? null : workspace.id)}
            >
              {workspace.name}
            </button>
            {open === workspace.id ? <Members workspace={workspace} /> : null}
          </li>
        ))}
      </ul>
      <form class="inline" onSubmit={create}>
        <Field
          label={t('Workspace name')}
          value={name}
          onInput={setName}
          path="name"
          error={action.error as ApiError | null}
          required
        />
        <button type="submit" disabled={action.busy || name.trim() === ''}>
          {t('New workspace')}
        </button>
      </form>
    </section>
  );
}

const ROLES = ['owner', 'admin', 'member'];

function Members({ workspace }: { workspace: Workspace }) {
  const path = `/workspaces/${workspace.id}/members` as const;
  const members = useLoad(() => list<Member>(path).then((page) => page.data), [path]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const action = useAction();
  const add = async (event: Event) => {
    event.preventDefault();
    if (await action.run(() => post(path, { email: email.trim(), role }))) {
      setEmail('');
      members.reload();
    }
  };
  const change = async (member: Member, next: string) => {
    if (
      (await action.run(() => call('PATCH', `${path}/${member.id}`, { body: { role: next } }))) !== undefined
    )
      members.reload();
  };
  const drop = async (member: Member) => {
    if (!confirm(t('Remove {email} from {workspace}?', { email: member.email, workspace: workspace.name })))
      return;
    if ((await action.run(() => remove(`${path}/${member.id}`))) !== undefined) members.reload();
  };
  return (
    <div class="members">
      <ErrorNotice error={action.error ?? members.error} />
      <table class="list">
        <tbody>
          {(members.data ?? []).map((member) => (
            <tr key={member.id}>
              <td>{member.email}</td>
              <td>
                <Select
                  label={t('Role of {email}', { email: member.email })}
                  value={member.role}
                  onChange={(next) => change(member, next)}
                  options={ROLES.map((value) => ({ value, label: t(value) }))}
                  class="compact"
                />
              </td>
              <td>
                <button
                  type="button"
                  class="danger"
                  onClick={() => drop(member)}
                  aria-label={t('Remove {email}', { email: member.email })}
                >
                  {t('Remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form class="inline" onSubmit={add}>
        <Field
          label={t('Email')}
          type="email"
          value={email}
          onInput={setEmail}
          path="email"
          error={action.error as ApiError | null}
          required
        />
        <Select
          label={t('Role')}
          value={role}
          onChange={setRole}
          options={ROLES.map((value) => ({ value, label: t(value) }))}
        />
        <button type="submit" disabled={action.busy || email.trim() === ''}>
          {t('Add member')}
        </button>
      </form>
    </div>
  );
}
