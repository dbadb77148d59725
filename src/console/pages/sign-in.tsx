import { useState } from 'preact/hooks';
import { ApiError, call, get } from '../api';
import { type Language, t } from '../i18n';
import type { Me } from '../me';
import { keepKey, markSignedInWithPassword } from '../session';
import { Checkbox, Field } from '../ui/form';
import { LanguageChooser } from '../ui/language';
import { ErrorNotice } from '../ui/notice';

interface Props {
  onSignedIn: (me: Me) => void;
  language: Language;
  onLanguage: (language: Language) => void;
}

/** Why a sign-in was refused, in the console's words. */
function refusal(caught: unknown, withKey: boolean): unknown {
  if (!(caught instanceof ApiError)) return caught;
  if (withKey && caught.status === 401) {
    return new Error(t('This API key is not valid. Check it, or ask your administrator for a new one.'));
  }
  if (caught.status === 401) return new Error(t('The email or the password is wrong.'));
  if (caught.status === 429) {
    const seconds = Number(caught.details.retry_after_seconds ?? 900);
    return new Error(
      t('Too many wrong passwords. Try again in {minutes} minutes.', {
        minutes: Math.max(1, Math.ceil(seconds / 60)),
      }),
    );
  }
  return caught;
}

/**
 * Email and password: the service sets its HttpOnly session cookie. An operator may give an API key
 * instead (the field below): then the key is kept in this tab, or on this device when asked.
 */
export function SignIn({ onSignedIn, language, onLanguage }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const withKey = key.trim() !== '';

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (withKey) {
        const me = await get<Me>('/auth/me', undefined, key.trim());
        keepKey(key.trim(), remember);
        onSignedIn(me);
      } else {
        await call('POST', '/sessions', { body: { email: email.trim(), password, remember }, once: true });
        markSignedInWithPassword();
        onSignedIn(await get<Me>('/auth/me'));
      }
    } catch (caught) {
      setError(refusal(caught, withKey));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <form class="card sign-in-card" onSubmit={submit}>
        <h1>{t('Invoice service')}</h1>
        <p>{t('Sign in with your email and password.')}</p>
        <Field label={t('Email')} type="email" value={email} onInput={setEmail} autoComplete="username" />
        <Field
          label={t('Password')}
          type="password"
          value={password}
          onInput={setPassword}
          autoComplete="current-password"
        />
        <fieldset class="operator-key">
          <legend>{t('Operators: an API key instead')}</legend>
          <p class="hint">
            {t('Sign in with the API key the service printed when it first started, or one made for you.')}
          </p>
          <Field label={t('API key')} type="password" value={key} onInput={setKey} placeholder="sk_…" />
        </fieldset>
        <Checkbox label={t('Remember on this device')} checked={remember} onChange={setRemember} />
        <ErrorNotice error={error} />
        <button
          type="submit"
          class="primary"
          disabled={busy || (!withKey && (email.trim() === '' || password === ''))}
        >
          {t('Sign in')}
        </button>
        <LanguageChooser language={language} onLanguage={onLanguage} />
      </form>
    </main>
  );
}
