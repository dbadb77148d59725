// Customers and business profiles: one list-and-form screen, described by the fields each resource has.
import { useState } from 'preact/hooks';
import { type ApiError, get, list, patch, post, remove, upload } from '../api';
import type { StoredFile } from '../api-types';
import { currentLanguage, formatDate, t } from '../i18n';
import { href, navigate, useUnsavedGuard } from '../router';
import { Checkbox, Field, Fieldset, Select } from '../ui/form';
import { useAction, useDebounced, useLoad, useObjectUrl } from '../ui/hooks';
import { ErrorNotice, Loading } from '../ui/notice';
import { Pager, usePages } from '../ui/pager';
import { NetworksCard } from './customer-networks';
import { StatementPanel } from './statement';

interface FieldSpec {
  path: string;
  label: string;
  type?: string;
  required?: boolean;
  hint?: string;
  /** A choice instead of text; the empty value means none (cleared on save). */
  options?: { value: string; label: string }[];
  /** Sent as a whole number (digits typed); anything else goes as typed, for the API to name. */
  integer?: boolean;
}

interface PartyKind {
  api: '/customers' | '/business-profiles';
  route: string;
  title: string;
  singular: string;
  newLabel: string;
  nameField: string;
  fields: FieldSpec[];
  /**
   * Groups sent as one object (addresses, the e-invoicing address): all empty is no object. `optional`:
   * shown on request ("Ship to another address"), so a form has one set of address labels.
   */
  addresses: { path: string; label: string; optional?: boolean; fields?: FieldSpec[] }[];
  withLogo?: boolean;
}

const ADDRESS_FIELDS: FieldSpec[] = [
  { path: 'line1', label: 'Address line 1' },
  { path: 'line2', label: 'Address line 2' },
  { path: 'postal_code', label: 'Postal code' },
  { path: 'city', label: 'City' },
  { path: 'state', label: 'State' },
  { path: 'country', label: 'Country', hint: 'Two letters, e.g. DE' },
];

// EN 16931 BT-34 / BT-49: where e-invoices reach the party (XRechnung and Peppol require it).
const ELECTRONIC_ADDRESS_FIELDS: FieldSpec[] = [
  { path: 'value', label: 'Electronic invoice address', hint: 'Peppol ID, Leitweg-ID or e-mail' },
  { path: 'scheme', label: 'EAS scheme code', hint: 'e.g. 9930 (German VAT ID), 0088 (GLN), EM (e-mail)' },
];
const E_INVOICING = { path: 'electronic_address', label: 'E-invoicing', fields: ELECTRONIC_ADDRESS_FIELDS };

// The profile's standing account: the payment means of its invoices unless an invoice states its own.
const BANK_ACCOUNT = {
  path: 'bank_account',
  label: 'Bank account',
  fields: [
    { path: 'account_holder', label: 'Account holder' },
    { path: 'iban', label: 'IBAN', hint: 'e.g. DE89 3704 0044 0532 0130 00' },
    { path: 'bic', label: 'BIC / SWIFT' },
    { path: 'bank_name', label: 'Bank name' },
  ],
};

const EINVOICE_PROFILES = [
  { value: '', label: 'No, a PDF is enough' },
  { value: 'xrechnung_ubl', label: 'XRechnung (UBL)' },
  { value: 'xrechnung_cii', label: 'XRechnung (CII)' },
  { value: 'peppol_bis_billing_3', label: 'Peppol BIS Billing 3' },
  { value: 'factur_x_en16931', label: 'Factur-X / ZUGFeRD (EN 16931)' },
];
const PAGE_SIZES = [
  { value: '', label: 'US Letter (default)' },
  { value: 'A4', label: 'A4' },
  { value: 'LETTER', label: 'US Letter' },
];

const CUSTOMERS: PartyKind = {
  api: '/customers',
  route: 'customers',
  title: 'Customers',
  singular: 'Customer',
  newLabel: 'New customer',
  nameField: 'name',
  fields: [
    { path: 'name', label: 'Name', required: true },
    { path: 'email', label: 'Email', type: 'email' },
    { path: 'phone', label: 'Phone', type: 'tel' },
    { path: 'tax_id', label: 'VAT ID' },
    {
      path: 'buyer_reference',
      label: 'Leitweg-ID or buyer reference',
      hint: 'BT-10: copied into new invoices that state none',
    },
    { path: 'einvoice_profile', label: 'Needs an e-invoice', options: EINVOICE_PROFILES },
    {
      path: 'debtor_number',
      label: 'Debtor number',
      hint: 'DATEV debtor account; given on the first DATEV export when empty',
      integer: true,
    },
  ],
  addresses: [
    { path: 'billing_address', label: 'Billing address' },
    { path: 'shipping_address', label: 'Shipping address', optional: true },
    E_INVOICING,
  ],
};

const BUSINESS_PROFILES: PartyKind = {
  api: '/business-profiles',
  route: 'business-profiles',
  title: 'Business profiles',
  singular: 'Business profile',
  newLabel: 'New business profile',
  nameField: 'legal_name',
  fields: [
    { path: 'legal_name', label: 'Legal name', required: true },
    { path: 'display_name', label: 'Display name' },
    { path: 'email', label: 'Email', type: 'email' },
    { path: 'phone', label: 'Phone', type: 'tel' },
    { path: 'website', label: 'Website', type: 'url' },
    { path: 'tax_id', label: 'VAT ID', hint: 'e.g. DE123456789' },
    { path: 'tax_number', label: 'Tax number', hint: 'Steuernummer, e.g. 37/123/45678' },
    {
      path: 'registration_number',
      label: 'Commercial register',
      hint: 'e.g. HRB 123456 B, Amtsgericht Charlottenburg',
    },
    { path: 'managing_directors', label: 'Managing directors' },
    { path: 'default_page_size', label: 'Page size', options: PAGE_SIZES },
    { path: 'default_currency', label: 'Default currency', hint: 'ISO 4217, e.g. EUR' },
    { path: 'default_locale', label: 'Default locale', hint: 'e.g. de-DE' },
    { path: 'default_timezone', label: 'Default timezone', hint: 'e.g. Europe/Berlin' },
  ],
  addresses: [{ path: 'address', label: 'Address' }, BANK_ACCOUNT, E_INVOICING],
  withLogo: true,
};

export const CustomersPage = ({ route }: { route: string[] }) => <PartyPage kind={CUSTOMERS} route={route} />;
export const BusinessProfilesPage = ({ route }: { route: string[] }) => (
  <PartyPage kind={BUSINESS_PROFILES} route={route} />
);

function PartyPage({ kind, route }: { kind: PartyKind; route: string[] }) {
  const [id] = route;
  if (id === 'new') return <PartyForm kind={kind} />;
  if (id) return <PartyEditor kind={kind} id={id} />;
  return <PartyList kind={kind} />;
}

type Party = Record<string, unknown> & { id: string; created_at: string };

function PartyList({ kind }: { kind: PartyKind }) {
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim(), 250);
  const pages = usePages<Party>(
    (cursor) => list<Party>(kind.api, { limit: 50, cursor, q: needle }),
    [kind.api, needle],
  );
  const shown = pages.items;
  return (
    <section>
      <div class="page-head">
        <h1>{t(kind.title)}</h1>
        <button type="button" class="primary" onClick={() => navigate(kind.route, 'new')}>
          {t(kind.newLabel)}
        </button>
      </div>
      <search class="filters">
        <Field label={t('Search')} type="search" value={search} onInput={setSearch} />
      </search>
      <ErrorNotice error={pages.error} />
      <table class="list">
        <thead>
          <tr>
            <th scope="col">{t(kind.fields[0]?.label ?? 'Name')}</th>
            <th scope="col">{t('Email')}</th>
            <th scope="col">{t('Created')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item) => (
            <tr key={item.id}>
              <td>
                <a href={href(kind.route, item.id)}>{String(item[kind.nameField] ?? item.id)}</a>
              </td>
              <td>{String(item.email ?? '')}</td>
              <td>{formatDate(item.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!pages.loading && shown.length === 0 ? (
        <p class="empty">
          {needle ? t('Nothing matches “{text}”.', { text: needle }) : t('Nothing here yet.')}
        </p>
      ) : null}
      <Pager pages={pages} />
    </section>
  );
}

function PartyEditor({ kind, id }: { kind: PartyKind; id: string }) {
  const loaded = useLoad(() => get<Party>(`${kind.api}/${encodeURIComponent(id)}`), [kind.api, id]);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  // Keyed by the record: going from one customer straight to another (back, forward, a link) starts a new
  // form instead of keeping the first one's values under the second one's name.
  if (kind !== CUSTOMERS) return <PartyForm key={loaded.data.id} kind={kind} existing={loaded.data} />;
  return (
    <>
      <PartyForm key={loaded.data.id} kind={kind} existing={loaded.data} />
      {loaded.data.electronic_address ? <NetworksCard customerId={loaded.data.id} /> : null}
      <StatementPanel customerId={loaded.data.id} name={String(loaded.data.name ?? '')} />
    </>
  );
}

type FormValues = Record<string, string>;

function valuesOf(kind: PartyKind, party?: Party): FormValues {
  const values: FormValues = {};
  for (const field of kind.fields) {
    const stored = party?.[field.path];
    // Managing directors may be stored as a list of names.
    values[field.path] = Array.isArray(stored) ? stored.join(', ') : String(stored ?? '');
  }
  // A German firm's new profile prints on A4 (DIN 5008) unless the form is changed.
  if (!party && kind.api === '/business-profiles' && currentLanguage() === 'de')
    values.default_page_size = 'A4';
  for (const address of kind.addresses) {
    const stored = (party?.[address.path] ?? {}) as Record<string, unknown>;
    for (const field of address.fields ?? ADDRESS_FIELDS)
      values[`${address.path}.${field.path}`] = String(stored[field.path] ?? '');
  }
  return values;
}

/** The request body: on create only what is filled in; on edit only what changed, an emptied field as null. */
function bodyOf(kind: PartyKind, values: FormValues, before: FormValues | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of kind.fields) {
    const value = values[field.path]?.trim() ?? '';
    const sent = field.integer && /^\d{1,9}$/.test(value) ? Number(value) : value;
    if (before === null) {
      if (value !== '') body[field.path] = sent;
    } else if (value !== (before[field.path] ?? '')) body[field.path] = value === '' ? null : sent;
  }
  for (const address of kind.addresses) {
    const entries = (address.fields ?? ADDRESS_FIELDS).map((field) => [
      field.path,
      values[`${address.path}.${field.path}`]?.trim() ?? '',
    ]);
    const changed = entries.some(([path, value]) => value !== (before?.[`${address.path}.${path}`] ?? ''));
    if (!changed) continue;
    const filled = entries.filter(([, value]) => value !== '');
    if (filled.length === 0) {
      if (before !== null) body[address.path] = null;
    } else body[address.path] = Object.fromEntries(filled);
  }
  return body;
}

function PartyForm({ kind, existing }: { kind: PartyKind; existing?: Party }) {
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
  const set = (path: string) => (value: string) => setValues((current) => ({ ...current, [path]: value }));
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
    const body = bodyOf(kind, values, before);
    if (kind.withLogo && logo !== ((existing?.logo_file_id as string | undefined) ?? null))
      body.logo_file_id = logo;
    const saved = await action.run(() =>
      existing ? patch<Party>(`${kind.api}/${existing.id}`, body) : post<Party>(kind.api, body),
    );
    if (saved) {
      release();
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
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy}>
          {t('Save')}
        </button>
        {existing ? (
          <button type="button" class="danger" onClick={destroy} disabled={action.busy}>
            {t('Delete')}
          </button>
        ) : null}
      </div>
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
