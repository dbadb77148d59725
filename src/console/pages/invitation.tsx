import { useState } from 'preact/hooks';
import { ApiError, call, get } from '../api';
import type { Invitation, User } from '../api-types';
import { type Language, t } from '../i18n';
import { href } from '../router';
import { Field } from '../ui/form';
import { useLoad } from '../ui/hooks';
import { LanguageChooser } from '../ui/language';
import { ErrorNotice, Loading, Notice } from '../ui/notice';

interface Props {
  token: string;
  language: Language;
  onLanguage: (language: Language) => void;
}

function heading(invitation: Invitation): string {
  if (invitation.kind === 'owner_setup') return t('Set up the owner’s sign-in');
  if (invitation.kind === 'password') return t('Choose your password');
  return t('Join {workspace}', { workspace: invitation.workspace_name ?? invitation.account_name });
}

/**
 * The page a one-time link opens (`#/invitation/<token>`): the first owner chooses email, name and
 * password; an invited member their name and password; a user made by the CLI their password. Then they
 * sign in. The token stays in the URL's fragment, which the browser never sends to a server.
 */
export function InvitationPage({ token, language, onLanguage }: Props) {
  const invitation = useLoad(() => get<Invitation>(`/invitations/${token}`), [token]);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const found = invitation.data;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (password !== repeat) {
      setError(new Error(t('The two passwords differ.')));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, string> = { password };
      if (found?.kind !== 'password') body.name = name.trim();
      if (found?.kind === 'owner_setup') body.email = email.trim();
      const user = await call<{ data: User }>('POST', `/invitations/${token}/accept`, { body });
      setDone(user.data.email);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  let content = <Loading />;
  if (done) {
    content = (
      <>
        <h1>{t('You are all set')}</h1>
        <Notice kind="ok">{t('Your password is set. Sign in with {email}.', { email: done })}</Notice>
        <a class="button primary" href={href()}>
          {t('Go to sign-in')}
        </a>
      </>
    );
  } else if (invitation.error) {
    content = (
      <>
        <h1>{t('This link no longer works')}</h1>
        <p>{t('It was used already or has expired. Ask whoever sent it for a new one.')}</p>
        <a href={href()}>{t('Go to sign-in')}</a>
      </>
    );
  } else if (found) {
    const fieldError = error instanceof ApiError ? error : null;
    content = (
      <form class="sign-in-card-form" onSubmit={submit}>
        <h1>{heading(found)}</h1>
        <p>
          {found.email
            ? t('For {email} at {account}.', { email: found.email, account: found.account_name })
            : t('For the account {account}.', { account: found.account_name })}
        </p>
        {found.kind === 'owner_setup' ? (
          <Field
            label={t('Email')}
            type="email"
            value={email}
            onInput={setEmail}
            autoComplete="username"
            path="email"
            error={fieldError}
            required
          />
        ) : null}
        {found.kind !== 'password' ? (
          <Field
            label={t('Your name')}
            value={name}
            onInput={setName}
            autoComplete="name"
            path="name"
            error={fieldError}
            required
          />
        ) : null}
        <Field
          label={t('New password')}
          type="password"
          value={password}
          onInput={setPassword}
          autoComplete="new-password"
          path="password"
          error={fieldError}
          required
        />
        <p class="hint">{t('At least 8 characters; a few words are easy to remember and hard to guess.')}</p>
        <Field
          label={t('Repeat the password')}
          type="password"
          value={repeat}
          onInput={setRepeat}
          autoComplete="new-password"
          required
        />
        <ErrorNotice error={error} />
        <button type="submit" class="primary" disabled={busy || password === '' || repeat === ''}>
          {t('Set password')}
        </button>
      </form>
    );
  }
  return (
    <main class="sign-in">
      <div class="card sign-in-card">
        {content}
        <LanguageChooser language={language} onLanguage={onLanguage} />
      </div>
    </main>
  );
}
