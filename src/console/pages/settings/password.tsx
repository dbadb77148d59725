import { useState } from 'preact/hooks';
import { ApiError, post } from '../../api';
import { t } from '../../i18n';
import { Field } from '../../ui/form';
import { useAction } from '../../ui/hooks';
import { ErrorNotice, Notice } from '../../ui/notice';

/** A signed-in user's own password: every other session of theirs ends, this browser stays signed in. */
export function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const action = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    setDone(false);
    if (next !== repeat) {
      action.setError(new Error(t('The two passwords differ.')));
      return;
    }
    const changed = await action.run(() =>
      post('/auth/password', { current_password: current, new_password: next }),
    );
    if (changed !== undefined) {
      setCurrent('');
      setNext('');
      setRepeat('');
      setDone(true);
    }
  };
  const fieldError = action.error instanceof ApiError ? action.error : null;
  return (
    <section class="card" aria-labelledby="password-heading">
      <h2 id="password-heading">{t('Your password')}</h2>
      {done ? <Notice kind="ok">{t('Password changed. Your other sessions are signed out.')}</Notice> : null}
      <ErrorNotice error={action.error} />
      <form onSubmit={submit}>
        <Field
          label={t('Current password')}
          type="password"
          value={current}
          onInput={setCurrent}
          autoComplete="current-password"
          path="current_password"
          error={fieldError}
          required
        />
        <Field
          label={t('New password')}
          type="password"
          value={next}
          onInput={setNext}
          autoComplete="new-password"
          path="new_password"
          error={fieldError}
          required
        />
        <Field
          label={t('Repeat the password')}
          type="password"
          value={repeat}
          onInput={setRepeat}
          autoComplete="new-password"
          required
        />
        <button type="submit" disabled={action.busy || current === '' || next === '' || repeat === ''}>
          {t('Change password')}
        </button>
      </form>
    </section>
  );
}
