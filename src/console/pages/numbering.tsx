// Numbering sequences (/api/v1/numbering-sequences): a list, and one form to make or change a sequence. A
// German firm's first sequence is offered as RE-{YYYY}-{NNNN}, counting from 1 again each year.

import { useState } from 'preact/hooks';
import { type ApiError, get, list, patch, post, remove } from '../api';
import type { NumberingSequence } from '../api-types';
import { currentLanguage, t } from '../i18n';
import { canWrite } from '../permissions';
import { href, navigate, useUnsavedGuard } from '../router';
import { announce } from '../ui/announce';
import { Field, Select } from '../ui/form';
import { useAction, useLoad } from '../ui/hooks';
import { ErrorNotice, Loading } from '../ui/notice';
import { Editable, WriteActions } from '../ui/write-actions';

const RESETS = [
  { value: 'yearly', label: 'Every year (from 1 on 1 January)' },
  { value: 'never', label: 'Never' },
];

export function NumberingPage({ route }: { route: string[] }) {
  const [id] = route;
  if (id === 'new') return <SequenceForm />;
  if (id) return <SequenceEditor id={id} />;
  return <SequenceList />;
}

function SequenceList() {
  const sequences = useLoad(() => list<NumberingSequence>('/numbering-sequences', { limit: 100 }), []);
  return (
    <section>
      <div class="page-head">
        <h1>{t('Numbering sequences')}</h1>
        {canWrite() ? (
          <button type="button" class="primary" onClick={() => navigate('numbering', 'new')}>
            {t('New numbering sequence')}
          </button>
        ) : null}
      </div>
      <p class="hint">
        {t(
          'Invoices numbered without gaps, e.g. RE-2026-0001. Pick a sequence in a recurring invoice, or name it when creating documents through the API.',
        )}
      </p>
      <ErrorNotice error={sequences.error} />
      {sequences.loading && !sequences.data ? <Loading /> : null}
      {sequences.data?.data.length === 0 ? <p>{t('No numbering sequences yet.')}</p> : null}
      {sequences.data && sequences.data.data.length > 0 ? (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Next number')}</th>
              <th scope="col">{t('Starts again')}</th>
            </tr>
          </thead>
          <tbody>
            {sequences.data.data.map((sequence) => (
              <tr key={sequence.id}>
                <td>
                  <a href={href('numbering', sequence.id)}>{sequence.name}</a>
                </td>
                <td>
                  <code>{sequence.next_preview}</code>
                </td>
                <td>{t(RESETS.find((r) => r.value === sequence.reset)?.label ?? sequence.reset)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function SequenceEditor({ id }: { id: string }) {
  const loaded = useLoad(
    () => get<NumberingSequence>(`/numbering-sequences/${encodeURIComponent(id)}`),
    [id],
  );
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  return <SequenceForm key={id} existing={loaded.data} />;
}

interface Values {
  name: string;
  prefix: string;
  pattern: string;
  reset: string;
  next_number: string;
}

function SequenceForm({ existing }: { existing?: NumberingSequence }) {
  const german = currentLanguage() === 'de';
  const [initial] = useState<Values>(() =>
    existing
      ? { ...existing, next_number: String(existing.next_number) }
      : {
          name: german ? 'Rechnungen' : 'Invoices',
          prefix: german ? 'RE-' : 'INV-',
          pattern: '{YYYY}-{NNNN}',
          reset: 'yearly',
          next_number: '1',
        },
  );
  const [values, setValues] = useState(initial);
  const release = useUnsavedGuard(JSON.stringify(values) !== JSON.stringify(initial));
  const action = useAction();
  const error = action.error as ApiError | null;
  const set = (name: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const preview = `${values.prefix}${values.pattern
    .replace('{YYYY}', String(new Date().getFullYear()))
    .replace('{YY}', String(new Date().getFullYear()).slice(2))
    .replace('{MM}', String(new Date().getMonth() + 1).padStart(2, '0'))
    .replace(/\{(N+)\}/, (_, n: string) => values.next_number.trim().padStart(n.length, '0'))}`;

  const save = async (event: Event) => {
    event.preventDefault();
    const counter = values.next_number.trim();
    const body = {
      name: values.name.trim(),
      prefix: values.prefix,
      pattern: values.pattern.trim(),
      reset: values.reset,
      // Sent as typed when it is no whole number, for the API to name the problem at the field.
      next_number: /^\d+$/.test(counter) ? Number(counter) : counter,
    };
    const saved = await action.run(() =>
      existing
        ? patch<NumberingSequence>(`/numbering-sequences/${existing.id}`, body)
        : post<NumberingSequence>('/numbering-sequences', body),
    );
    if (saved) {
      release();
      // Said on the list it goes back to (the list alone does not say so).
      announce(t('{name} saved.', { name: saved.name }));
      navigate('numbering');
    }
  };
  const destroy = async () => {
    if (!existing || !confirm(t('Delete {name}? This cannot be undone.', { name: existing.name }))) return;
    if ((await action.run(() => remove(`/numbering-sequences/${existing.id}`))) !== undefined) {
      release();
      announce(t('{name} deleted.', { name: existing.name }));
      navigate('numbering');
    }
  };

  return (
    <form class="card form" onSubmit={save} noValidate>
      <div class="page-head">
        <h1>{existing ? existing.name : t('New numbering sequence')}</h1>
        <a href={href('numbering')}>{t('Back to the list')}</a>
      </div>
      <ErrorNotice error={action.error} />
      <Editable row={existing}>
        <div class="grid">
          <Field
            label={t('Name')}
            value={values.name}
            onInput={set('name')}
            path="name"
            error={error}
            required
          />
          <Field
            label={t('Prefix')}
            value={values.prefix}
            onInput={set('prefix')}
            path="prefix"
            error={error}
            hint={t('e.g. RE- for Rechnungen')}
          />
          <Field
            label={t('Pattern')}
            value={values.pattern}
            onInput={set('pattern')}
            path="pattern"
            error={error}
            hint={t('{YYYY} year, {YY} short year, {MM} month, {NNNN} the counter with its zeros')}
          />
          <Select
            label={t('Starts again')}
            value={values.reset}
            onChange={set('reset')}
            options={RESETS.map((entry) => ({ value: entry.value, label: t(entry.label) }))}
            path="reset"
            error={error}
          />
          <Field
            label={t('Next number')}
            inputMode="numeric"
            value={values.next_number}
            onInput={set('next_number')}
            path="next_number"
            error={error}
          />
        </div>
      </Editable>
      <p>
        {t('The next document gets')} <code>{preview}</code>
      </p>
      <WriteActions row={existing}>
        <button type="submit" class="primary" disabled={action.busy}>
          {t('Save')}
        </button>
        {existing ? (
          <button type="button" class="danger" disabled={action.busy} onClick={destroy}>
            {t('Delete')}
          </button>
        ) : null}
      </WriteActions>
    </form>
  );
}
