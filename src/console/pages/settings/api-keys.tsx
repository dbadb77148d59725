import { useState } from 'preact/hooks';
import { type ApiError, list, post, remove } from '../../api';
import type { ApiKey, NewApiKey } from '../../api-types';
import { formatDate, t } from '../../i18n';
import { Field } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { Badge, ErrorNotice, Notice } from '../../ui/notice';

export function SecretOnce({ secret }: { secret: string }) {
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

export function ApiKeys() {
  const keys = useLoad(() => list<ApiKey>('/api-keys', { limit: 100 }).then((page) => page.data), []);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    const made = await action.run(() =>
      post<NewApiKey>('/api-keys', name.trim() ? { name: name.trim() } : {}),
    );
    if (made?.api_key) {
      setSecret(made.api_key);
      setName('');
      keys.reload();
    }
  };
  const rotate = async (key: ApiKey) => {
    if (!confirm(t('Rotate {name}? The old secret stops working at once.', { name: key.name }))) return;
    const made = await action.run(() => post<NewApiKey>(`/api-keys/${key.id}/rotate`));
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
      <table class="list keys-list">
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
              <td class="key-name">{key.name}</td>
              <td>
                <code>…{key.last4}</code>
              </td>
              <td>{formatDate(key.created_at)}</td>
              <td class="key-status">
                {key.revoked_at ? (
                  <Badge tone="void">{t('Revoked')}</Badge>
                ) : (
                  <Badge tone="ok">{t('Active')}</Badge>
                )}
              </td>
              <td class="key-actions">
                {key.revoked_at ? null : (
                  <>
                    <button
                      type="button"
                      disabled={action.busy || keys.loading}
                      onClick={() => rotate(key)}
                      aria-label={t('Rotate {name}', { name: key.name })}
                    >
                      {t('Rotate')}
                    </button>{' '}
                    <button
                      type="button"
                      class="danger"
                      disabled={action.busy || keys.loading}
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
