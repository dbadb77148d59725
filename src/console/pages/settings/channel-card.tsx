// One channel in Settings → Networks: opt in (enabled), the provider's API, the settings it takes, its
// secrets (written, never shown back), Save, Test connection, a webhook URL where the channel takes
// pushes, and Remove.

import { useState } from 'preact/hooks';
import { type ApiError, post, put, remove } from '../../api';
import type { Channel, ChannelTest } from '../../api-types';
import { formatDate, t } from '../../i18n';
import { channelName, networkLabel, profileName, reasonText } from '../../networks';
import { can } from '../../permissions';
import { useUnsavedGuard } from '../../router';
import { Checkbox, Field, Fieldset } from '../../ui/form';
import { useAction } from '../../ui/hooks';
import { Badge, ErrorNotice, Notice } from '../../ui/notice';
import { bodyOf, type ChannelForm, formOf, KNOWN_SETTINGS, SECRET_LABELS } from './channel-fields';

export function ChannelStatus({ channel }: { channel: Channel }) {
  if (!channel.connected) return <Badge>{t('Not connected')}</Badge>;
  return channel.enabled ? (
    <Badge tone="ok">{t('Enabled')}</Badge>
  ) : (
    <Badge tone="warn">{t('Disabled')}</Badge>
  );
}

export function ChannelCard({ channel, onChanged }: { channel: Channel; onChanged: () => void }) {
  const [initial] = useState(() => formOf(channel));
  const [form, setForm] = useState<ChannelForm>(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const release = useUnsavedGuard(dirty);
  const action = useAction();
  const [tested, setTested] = useState<ChannelTest | null>(null);
  const [webhook, setWebhook] = useState<string | null>(null);
  const error = action.error as ApiError | null;
  const id = channel.channel;
  const path = `/channels/${encodeURIComponent(id)}` as const;
  const change = (next: Partial<ChannelForm>) => setForm((current) => ({ ...current, ...next }));
  // A channel not connected shows only what it is and "Set up": the forms of unused channels stay out of the way.
  const [open, setOpen] = useState(channel.connected);

  const save = async (event: Event) => {
    event.preventDefault();
    setTested(null);
    if (await action.run(() => put<Channel>(path, bodyOf(channel, form)))) {
      release();
      onChanged();
    }
  };
  const test = async () => {
    setTested(null);
    const answer = await action.run(() => post<ChannelTest>(`${path}/test`));
    if (answer) setTested(answer);
  };
  const makeWebhook = async () => {
    const made = await action.run(() => post<{ url: string }>(`${path}/webhook`));
    if (made) setWebhook(made.url);
  };
  const disconnect = async () => {
    if (
      !confirm(
        t('Remove the connection to {name}? Its settings and secrets are deleted.', {
          name: channelName(channel),
        }),
      )
    )
      return;
    if ((await action.run(() => remove(path))) !== undefined) {
      release();
      onChanged();
    }
  };
  const headingId = `channel-${id}-heading`;
  return (
    <section class="card channel" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {channelName(channel)} <ChannelStatus channel={channel} />
      </h2>
      <p class="hint">
        {t('{network}; sends {profiles}.', {
          network: networkLabel(channel.network),
          profiles: channel.profiles.map(profileName).join(', '),
        })}{' '}
        {channel.connected
          ? channel.last_polled_at
            ? t('Statuses and received documents last fetched {date}.', {
                date: formatDate(channel.last_polled_at),
              })
            : t('No statuses or received documents fetched yet.')
          : null}
      </p>
      {channel.last_poll_error ? (
        <Notice kind="warn">{t('The last fetch failed: {error}', { error: channel.last_poll_error })}</Notice>
      ) : null}
      {/* Connecting a network speaks for the whole account: owners' and admins' (docs/roles.md). */}
      {open || !can('resources:write_all') ? null : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('Set up {name}', { name: channelName(channel) })}
        >
          {t('Set up')}
        </button>
      )}
      <form onSubmit={save} noValidate hidden={!open}>
        <Checkbox
          label={t('Enabled: send and receive over {name}', { name: channelName(channel) })}
          checked={form.enabled}
          onChange={(enabled) => change({ enabled })}
        />
        <Field
          label={t('Base URL')}
          hint={t('The provider’s API; its sandbox while you try it out')}
          type="url"
          value={form.baseUrl}
          onInput={(baseUrl) => change({ baseUrl })}
          path="base_url"
          error={error}
        />
        <SettingsFields form={form} change={change} error={error} />
        {channel.secret_names.length > 0 ? (
          <Fieldset legend={t('Secrets')} class="channel-secrets">
            <p class="hint">
              {t('Stored sealed; never shown again. Leave a field empty to keep what is set.')}
            </p>
            <div class="grid">
              {channel.secret_names.map((name) => (
                <SecretField
                  key={name}
                  channel={channel}
                  name={name}
                  form={form}
                  change={change}
                  error={error}
                />
              ))}
            </div>
          </Fieldset>
        ) : null}
        <div class="actions">
          <button type="submit" class="primary" disabled={action.busy}>
            {t('Save')}
          </button>
          {channel.connected ? (
            <button
              type="button"
              disabled={action.busy || dirty}
              onClick={test}
              title={dirty ? t('Save your changes first') : undefined}
            >
              {t('Test connection')}
            </button>
          ) : (
            <button
              type="button"
              onClick={() => {
                setForm(initial);
                setOpen(false);
              }}
            >
              {t('Cancel')}
            </button>
          )}
          {channel.connected && (channel.receive === 'webhook' || channel.receive === 'both') ? (
            <button type="button" disabled={action.busy} onClick={makeWebhook}>
              {channel.webhook ? t('New webhook URL') : t('Make a webhook URL')}
            </button>
          ) : null}
          {channel.connected ? (
            <button type="button" class="danger" disabled={action.busy} onClick={disconnect}>
              {t('Remove')}
            </button>
          ) : null}
        </div>
        {dirty && channel.connected ? <p class="hint">{t('Save your changes first to test them.')}</p> : null}
      </form>
      <div aria-live="polite">
        {tested ? (
          <Notice kind={tested.ok ? 'ok' : 'warn'}>
            <strong>{tested.ok ? t('The connection works.') : t('The connection does not work.')}</strong>{' '}
            {reasonText(tested.reason) ?? (tested.ok ? null : tested.message)}
            {/* The provider's own words (English), beside what the console says of them. */}
            {reasonText(tested.reason) !== null || tested.ok ? (
              <span class="hint provider-words">
                {' '}
                {t('The provider says:')} <span lang="en">{tested.message}</span>
              </span>
            ) : null}
          </Notice>
        ) : null}
      </div>
      {webhook ? (
        <Notice kind="warn">
          <p>{t('The webhook URL for the provider, shown only now:')}</p>
          <p>
            <code class="secret">{webhook}</code>
          </p>
        </Notice>
      ) : null}
      <ErrorNotice error={action.error} names={(loc) => loc.replace(/^body\./, '')} />
    </section>
  );
}

interface Part {
  form: ChannelForm;
  change: (next: Partial<ChannelForm>) => void;
  error: ApiError | null;
}

function SettingsFields({ form, change, error }: Part) {
  const setExtra = (index: number, field: 'key' | 'value', value: string) =>
    change({ extra: form.extra.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)) });
  return (
    <Fieldset legend={t('Settings')}>
      <div class="grid">
        {Object.entries(form.known).map(([key, value]) => {
          const spec = KNOWN_SETTINGS[key];
          return (
            <Field
              key={key}
              label={t(spec?.label ?? key)}
              hint={spec?.hint ? t(spec.hint) : undefined}
              type={spec?.type}
              inputMode={spec?.integer ? 'numeric' : undefined}
              value={value}
              onInput={(text) => change({ known: { ...form.known, [key]: text } })}
              path={`settings.${key}`}
              error={error}
            />
          );
        })}
      </div>
      {form.extra.map((entry, index) => (
        <div key={index} class="setting-row">
          <Field
            label={t('Setting name')}
            value={entry.key}
            onInput={(text) => setExtra(index, 'key', text)}
          />
          <Field
            label={t('Value of {name}', { name: entry.key || '…' })}
            hint={t('Text; JSON for numbers, lists and objects')}
            value={entry.value}
            onInput={(text) => setExtra(index, 'value', text)}
            path={`settings.${entry.key}`}
            error={error}
          />
          <button
            type="button"
            class="setting-remove"
            onClick={() => change({ extra: form.extra.filter((_, i) => i !== index) })}
            aria-label={t('Remove the setting {name}', { name: entry.key })}
          >
            {t('Remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        class="link"
        onClick={() => change({ extra: [...form.extra, { key: '', value: '' }] })}
      >
        {t('Add a setting')}
      </button>
    </Fieldset>
  );
}

function SecretField({ channel, name, form, change, error }: Part & { channel: Channel; name: string }) {
  const set = channel.secrets[name] === true;
  const forgetting = form.forget[name] === true;
  return (
    <div class="secret-field">
      <Field
        label={t(SECRET_LABELS[name] ?? name)}
        type="password"
        autoComplete="new-password"
        hint={
          forgetting
            ? t('Removed when you save.')
            : set
              ? t('Set. Type a new one to replace it.')
              : t('Not set.')
        }
        value={form.secrets[name] ?? ''}
        onInput={(value) => change({ secrets: { ...form.secrets, [name]: value } })}
        disabled={forgetting}
        path={`secrets.${name}`}
        error={error}
      />
      {set ? (
        <Checkbox
          label={t('Remove {secret}', { secret: t(SECRET_LABELS[name] ?? name) })}
          checked={forgetting}
          onChange={(on) => change({ forget: { ...form.forget, [name]: on } })}
        />
      ) : null}
    </div>
  );
}
