import { useState } from 'preact/hooks';
import { ApiError, get, patch, post, remove, upload } from '../../api';
import type { StoredFile } from '../../api-types';
import { t } from '../../i18n';
import { href, navigate, useUnsavedGuard } from '../../router';
import { announce } from '../../ui/announce';
import { Checkbox, Field, Fieldset, Select } from '../../ui/form';
import { useAction, useLoad, useObjectUrl } from '../../ui/hooks';
import { ErrorNotice } from '../../ui/notice';
import { Editable, WriteActions } from '../../ui/write-actions';
import { defaultTaxProblems } from './default-tax';
import { DefaultTaxFields } from './default-tax-fields';
import { bodyOf, valuesOf, withCountry } from './form-values';
import { ADDRESS_FIELDS, type Party, type PartyKind } from './kinds';

export function PartyForm({ kind, existing }: { kind: PartyKind; existing?: Party }) {
  const [before] = useState(() => (existing ? valuesOf(kind, existing) : null));
  const [initial] = useState(() => valuesOf(kind, existing));
  const [values, setValues] = useState(initial);
  const [logo, setLogo] = useState<string | null>((existing?.logo_file_id as string | undefined) ?? null);
  const release = useUnsavedGuard(
    JSON.stringify(values) !== JSON.stringify(initial) ||
      logo !== ((existing?.logo_file_id as string | undefined) ?? null),
  );
  const action = useAction();
  const error = action.error as ApiError | null;
  // A new business profile's address country suggests its page size, currency, locale and time zone.
  const suggests = !existing && kind.api === '/business-profiles';
  const set = (path: string) => (value: string) =>
    setValues((current) =>
      suggests && path === 'address.country' ? withCountry(current, value) : { ...current, [path]: value },
    );
  const [shown, setShown] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      kind.addresses.map((address) => [address.path, !address.optional || !!existing?.[address.path]]),
    ),
  );
  // Hiding an optional address empties it, so saving clears what was there.
  const toggle = (path: string) => (on: boolean) => {
    setShown((current) => ({ ...current, [path]: on }));
    if (!on)
      setValues((current) => ({
        ...current,
        ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [`${path}.${field.path}`, ''])),
      }));
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const problems = kind.withDefaultTax ? defaultTaxProblems(values) : [];
    if (problems.length > 0) {
      action.setError(new ApiError(422, 'validation_error', t('Check the VAT on new lines.'), problems));
      return;
    }
    const body = bodyOf(kind, values, before);
    if (kind.withLogo && logo !== ((existing?.logo_file_id as string | undefined) ?? null))
      body.logo_file_id = logo;
    const saved = await action.run(() =>
      existing ? patch<Party>(`${kind.api}/${existing.id}`, body) : post<Party>(kind.api, body),
    );
    if (saved) {
      release();
      // Said on the list it goes back to (its heading takes the focus): the list alone does not say so.
      announce(t('{name} saved.', { name: String(saved[kind.nameField] ?? '') }));
      navigate(kind.route);
    }
  };
  const destroy = async () => {
    if (
      !existing ||
      !confirm(t('Delete {name}? This cannot be undone.', { name: values[kind.nameField] ?? '' }))
    )
      return;
    const done = await action.run(() => remove(`${kind.api}/${existing.id}`));
    if (done !== undefined) {
      release();
      announce(t('{name} deleted.', { name: values[kind.nameField] ?? '' }));
      navigate(kind.route);
    }
  };
  const [chosenLogo, setChosenLogo] = useState<File | null>(null);
  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    const stored = await action.run(() => upload<StoredFile>('/files', file));
    if (stored) {
      setLogo(stored.id);
      setChosenLogo(file);
    }
  };

  return (
    <form class="card form" onSubmit={save} noValidate>
      <div class="page-head">
        <h1>{existing ? String(existing[kind.nameField]) : t(kind.newLabel)}</h1>
        <a href={href(kind.route)}>{t('Back to the list')}</a>
      </div>
      <ErrorNotice error={action.error} />
      <Editable row={existing}>
        <div class="grid">
          {kind.fields.map((field) =>
            field.options ? (
              <Select
                key={field.path}
                label={t(field.label)}
                value={values[field.path] ?? ''}
                onChange={set(field.path)}
                options={field.options.map((option) => ({ ...option, label: t(option.label) }))}
                path={field.path}
                error={error}
              />
            ) : (
              <Field
                key={field.path}
                label={t(field.label)}
                type={field.type}
                required={field.required}
                hint={field.hint ? t(field.hint) : undefined}
                inputMode={field.integer ? 'numeric' : undefined}
                value={values[field.path] ?? ''}
                onInput={set(field.path)}
                path={field.path}
                error={error}
              />
            ),
          )}
        </div>
        {kind.addresses
          .filter((address) => address.optional)
          .map((address) => (
            <Checkbox
              key={`${address.path}-toggle`}
              label={t('Ship to another address')}
              checked={shown[address.path] ?? false}
              onChange={toggle(address.path)}
            />
          ))}
        {kind.addresses
          .filter((address) => shown[address.path])
          .map((address) => (
            <Fieldset key={address.path} legend={t(address.label)}>
              <div class="grid">
                {(address.fields ?? ADDRESS_FIELDS).map((field) => (
                  <Field
                    key={field.path}
                    label={t(field.label)}
                    hint={field.hint ? t(field.hint) : undefined}
                    value={values[`${address.path}.${field.path}`] ?? ''}
                    onInput={set(`${address.path}.${field.path}`)}
                    path={`${address.path}.${field.path}`}
                    error={error}
                  />
                ))}
              </div>
            </Fieldset>
          ))}
        {kind.withDefaultTax ? (
          <DefaultTaxFields
            values={values}
            set={set}
            error={error}
            onChosen={() => action.setError(null)}
            customer={kind.api === '/customers'}
          />
        ) : null}
        {kind.withLogo ? (
          <Fieldset legend={t('Logo')}>
            {logo ? <LogoNote id={logo} chosen={chosenLogo} /> : <p>{t('No logo.')}</p>}
            <label class="file">
              {t('Upload logo')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/svg+xml"
                onChange={(event) => chooseLogo(event.currentTarget.files?.[0])}
              />
            </label>
            {logo ? (
              <button
                type="button"
                onClick={() => {
                  setLogo(null);
                  setChosenLogo(null);
                }}
              >
                {t('Remove logo')}
              </button>
            ) : null}
          </Fieldset>
        ) : null}
      </Editable>
      <WriteActions row={existing}>
        <button type="submit" class="primary" disabled={action.busy}>
          {t('Save')}
        </button>
        {existing ? (
          <button type="button" class="danger" onClick={destroy} disabled={action.busy}>
            {t('Delete')}
          </button>
        ) : null}
      </WriteActions>
    </form>
  );
}

/**
 * The logo a profile uses, by the name it was uploaded with and its size (the service never hands out a
 * file's bytes), with a picture of it when it was chosen on this page.
 */
function LogoNote({ id, chosen }: { id: string; chosen: File | null }) {
  const file = useLoad(() => get<StoredFile>(`/files/${id}`), [id]);
  const kilobytes = file.data ? Math.max(1, Math.round(file.data.size_bytes / 1024)) : 0;
  return (
    <div class="logo-note">
      {chosen ? <LocalPicture file={chosen} /> : null}
      <p>
        {file.data
          ? t('Logo: {name} ({size} KB)', { name: file.data.filename, size: kilobytes })
          : t('A logo is set.')}
      </p>
    </div>
  );
}

function LocalPicture({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return url ? <img src={url} alt={t('The chosen logo')} class="logo-preview" /> : null;
}
