import { useState } from 'preact/hooks';
import { ApiError, call, get } from '../api';
import type { Invitation, Me, User } from '../api-types';
import { type Language, t } from '../i18n';
import { mailboxOf } from '../mailbox';
import { href } from '../router';
import { signedInWithPassword } from '../session';
import { Field } from '../ui/form';
import { useLoad } from '../ui/hooks';
import { LanguageChooser } from '../ui/language';
import { ErrorNotice, Loading, Notice } from '../ui/notice';

interface Props {
  token: string;
  language: Language;
  onLanguage: (language: Language) => void;
  /** Someone signed in here joined another account: the console's list of their accounts is stale. */
  onJoined?: () => void;
}

/** Who this browser is signed in as with a password (the cookie proves them to the service), if anyone. */
async function signedInEmail(): Promise<string | null> {
  if (!signedInWithPassword()) return null;
  try {
    return (await get<Me>('/auth/me')).user?.email ?? null;
  } catch {
    return null;
  }
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
export function InvitationPage({ token, language, onLanguage, onJoined }: Props) {
  const invitation = useLoad(async () => {
    const found = await get<Invitation>(`/invitations/${token}`);
    // Someone who signs in already joins with their own password, or signed in as them, with a click.
    const signedInAs = found.existing_user ? await signedInEmail() : null;
    const same = signedInAs !== null && !!found.email && mailboxOf(signedInAs) === mailboxOf(found.email);
    return { ...found, signedIn: same };
  }, [token]);
  const [email, setEmail] = useState('');
  // null until typed: the name the inviter gave (an office naming its client's owner) fills the field.
  const [typedName, setName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const found = invitation.data;
  const name = typedName ?? found?.name ?? '';

  const join = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Signed in as the invited person: the cookie proves them, no password is sent.
      const body = found?.signedIn ? {} : { password };
      const user = await call<{ data: User }>('POST', `/invitations/${token}/accept`, { body });
      setDone(user.data.email);
      if (found?.signedIn) onJoined?.();
    } catch (caught) {
      // The service refuses a wrong password as not proving the person (403), not as a field problem.
      const wrong = caught instanceof ApiError && caught.status === 403 && !found?.signedIn;
      setError(
        wrong ? new Error(t('That is not the password of {email}.', { email: found?.email ?? '' })) : caught,
      );
    } finally {
      setBusy(false);
    }
  };

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
  if (done && found?.existing_user) {
    content = (
      <>
        <h1>{t('You are all set')}</h1>
        <Notice kind="ok">
          {found.signedIn
            ? t('You now also work in {account}: choose it in the header.', { account: found.account_name })
            : t('You now also work in {account}. Sign in with {email} and choose it in the header.', {
                account: found.account_name,
                email: done,
              })}
        </Notice>
        <a class="button primary" href={href(found.signedIn ? 'dashboard' : '')}>
          {found.signedIn ? t('Back to the console') : t('Go to sign-in')}
        </a>
      </>
    );
  } else if (done) {
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
  } else if (found?.existing_user) {
    const fieldError = error instanceof ApiError ? error : null;
    const account = found.workspace_name ?? found.account_name;
    content = (
      <form class="sign-in-card-form" onSubmit={join}>
        <h1>{heading(found)}</h1>
        {found.signedIn ? (
          <p>
            {t('You are signed in as {email}. Join {account} with this login?', {
              email: found.email ?? '',
              account,
            })}
          </p>
        ) : (
          <>
            <p>
              {t('You already have a login ({email}): enter your password to join {account}.', {
                email: found.email ?? '',
                account,
              })}
            </p>
            <Field
              label={t('Your password')}
              type="password"
              value={password}
              onInput={setPassword}
              autoComplete="current-password"
              path="password"
              error={fieldError}
              required
            />
          </>
        )}
        <ErrorNotice error={error} />
        <button type="submit" class="primary" disabled={busy || (!found.signedIn && password === '')}>
          {t('Join {account}', { account })}
        </button>
      </form>
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
