import { useState } from 'preact/hooks';
import { ApiError, get } from '../api';
import { type Language, t } from '../i18n';
import { keepKey } from '../session';
import { Checkbox, Field } from '../ui/form';
import { LanguageChooser } from '../ui/language';
import { ErrorNotice } from '../ui/notice';
import type { Account } from './shell';

interface Props {
  onSignedIn: (account: Account) => void;
  language: Language;
  onLanguage: (language: Language) => void;
}

export function SignIn({ onSignedIn, language, onLanguage }: Props) {
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const me = await get<{ account: Account }>('/auth/me', undefined, key.trim());
      keepKey(key.trim(), remember);
      onSignedIn(me.account);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? new Error(t('This API key is not valid. Check it, or ask your administrator for a new one.'))
          : caught,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <form class="card sign-in-card" onSubmit={submit}>
        <h1>{t('Invoice service')}</h1>
        <p>{t('Sign in with the API key the service printed when it first started, or one made for you.')}</p>
        <Field
          label={t('API key')}
          type="password"
          value={key}
          onInput={setKey}
          required
          autoComplete="current-password"
          placeholder="sk_…"
        />
        <Checkbox label={t('Remember on this device')} checked={remember} onChange={setRemember} />
        <ErrorNotice error={error} />
        <button type="submit" class="primary" disabled={busy || key.trim() === ''}>
          {t('Sign in')}
        </button>
        <LanguageChooser language={language} onLanguage={onLanguage} />
      </form>
    </main>
  );
}
