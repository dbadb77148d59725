// Exports for the tax adviser and the tax auditor (docs/exports.md): a period's downloads
// (export-downloads.tsx) and the DATEV settings.

import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, call, get } from '../api';
import type { AccountAssignment, AccountingSettings, Me } from '../api-types';
import { t } from '../i18n';
import { can } from '../permissions';
import { Field, Fieldset, Select } from '../ui/form';
import { useAction, useLoad } from '../ui/hooks';
import { ErrorNotice, Loading, Said } from '../ui/notice';
import { Downloads, type Period } from './export-downloads';
import { officeCountries, usesDatev } from './office/datev-use';

const CASES = [
  { key: 'standard_19', label: '19 % VAT' },
  { key: 'reduced_7', label: '7 % VAT' },
  { key: 'intra_eu', label: 'Intra-EU (0 %)' },
  { key: 'third_country', label: 'Outside the EU (0 %)' },
  { key: 'reverse_charge', label: 'Reverse charge, EU' },
  { key: 'reverse_charge_domestic', label: 'Reverse charge in Germany (§ 13b)' },
  { key: 'reverse_charge_third_country', label: 'Reverse charge, outside the EU' },
  { key: 'small_business', label: 'Kleinunternehmer (§ 19 UStG)' },
  { key: 'zero_rated', label: 'Zero rate (0 %, photovoltaics)' },
  { key: 'exempt', label: 'Tax exempt' },
  { key: 'outside_scope_eu', label: 'Not taxable here, EU' },
  { key: 'outside_scope_third_country', label: 'Not taxable here, outside the EU' },
  { key: 'other', label: 'Other' },
] as const;

const NUMBERS = [
  'consultant_number',
  'client_number',
  'account_length',
  'first_debtor_number',
  'first_creditor_number',
] as const;

type Values = Record<string, string>;

function valuesOf(s: AccountingSettings): Values {
  const values: Values = {
    chart: s.chart,
    fiscal_year_start: s.fiscal_year_start,
    booked_until: s.booked_until ?? '',
  };
  for (const name of NUMBERS) values[name] = s[name] === null ? '' : String(s[name]);
  for (const c of CASES) {
    values[`revenue_accounts.${c.key}`] = s.revenue_accounts[c.key]?.account ?? '';
    values[`expense_accounts.${c.key}`] = s.expense_accounts[c.key]?.account ?? '';
  }
  return values;
}

/** The PUT body: numbers as numbers (anything else as typed, for the API to name), accounts with their keys. */
function bodyOf(values: Values, before: AccountingSettings): Record<string, unknown> {
  const number = (v: string | undefined) => (/^\d{1,9}$/.test(v?.trim() ?? '') ? Number(v) : v?.trim());
  const body: Record<string, unknown> = { chart: values.chart, fiscal_year_start: values.fiscal_year_start };
  for (const name of NUMBERS) body[name] = values[name]?.trim() === '' ? null : number(values[name]);
  // PUT replaces: the day is sent as it stands (empty: none), never dropped by a save of other settings.
  body.booked_until = values.booked_until?.trim() ? values.booked_until.trim() : null;
  if (body.account_length === null) delete body.account_length;
  for (const group of ['revenue_accounts', 'expense_accounts'] as const) {
    const accounts: Record<string, AccountAssignment> = {};
    for (const c of CASES) {
      const account = values[`${group}.${c.key}`]?.trim() ?? '';
      // A chart change without an edited account takes the new chart's defaults.
      if (account === '' || (values.chart !== before.chart && account === before[group][c.key]?.account))
        continue;
      accounts[c.key] = { account, tax_key: before[group][c.key]?.tax_key ?? null };
    }
    body[group] = accounts;
  }
  return body;
}

function lastMonth(): Period {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export function ExportsPage() {
  const loaded = useLoad(() => get<AccountingSettings>('/settings/accounting'), []);
  const [period, setPeriod] = useState(lastMonth);
  // DATEV where it is in use, by the office page's rule (office/datev-use.ts): some account the user reaches
  // (this one's own settings too) has DATEV numbers, or the firm's business profiles are in Germany or
  // Austria or name no country. An Irish firm whose adviser does not use DATEV is not offered its files.
  const reach = useLoad(() => Promise.all([get<Me>('/auth/me'), officeCountries()]), []);
  // Shown until its inputs say otherwise (while they load, or when they cannot be read): a German firm's
  // DATEV export never waits on them.
  const datev =
    reach.data === undefined ||
    loaded.data === undefined ||
    usesDatev([...reach.data[0].accounts, loaded.data], reach.data[1]);
  // Where DATEV is not in use its settings are folded away; decided once, so that numbers saved there (which
  // bring the DATEV files) leave the form, and what it said, where they were.
  const folded = useRef<boolean | null>(null);
  if (folded.current === null && reach.data !== undefined && loaded.data !== undefined)
    folded.current = !datev;
  return (
    <section>
      <div class="page-head">
        <h1>{t('Exports')}</h1>
      </div>
      <p>
        {datev
          ? t(
              'Everything your tax adviser or a tax auditor asks for, by issue date: DATEV files, CSV lists, an archive and the data carrier for a tax audit.',
            )
          : t(
              'Everything your tax adviser or a tax auditor asks for, by issue date: CSV lists, an archive and the data carrier for a tax audit.',
            )}
      </p>
      <Fieldset legend={t('Period')}>
        <div class="grid">
          <Field
            label={t('First day')}
            type="date"
            value={period.from}
            onInput={(from) => setPeriod((p) => ({ ...p, from }))}
          />
          <Field
            label={t('Last day')}
            type="date"
            value={period.to}
            onInput={(to) => setPeriod((p) => ({ ...p, to }))}
          />
        </div>
      </Fieldset>
      <Downloads period={period} datev={datev} bookedUntil={loaded.data?.booked_until ?? null} />
      <ErrorNotice error={loaded.error} />
      {loaded.data ? (
        !folded.current ? (
          <DatevSettings settings={loaded.data} onSaved={loaded.reload} />
        ) : (
          // Not offered, still there: a firm whose adviser starts with DATEV enters the numbers here, and
          // once saved the DATEV files are offered.
          <details class="datev-unused">
            <summary>{t('DATEV (for a tax adviser who works with DATEV)')}</summary>
            <DatevSettings settings={loaded.data} onSaved={loaded.reload} />
          </details>
        )
      ) : loaded.error ? null : (
        <Loading />
      )}
    </section>
  );
}

function DatevSettings({ settings, onSaved }: { settings: AccountingSettings; onSaved: () => void }) {
  const [values, setValues] = useState(() => valuesOf(settings));
  const [saved, setSaved] = useState(false);
  const action = useAction();
  // Saved settings read again replace the form; not on mount, where a choice made before the effect ran
  // (a person quick on the keyboard, a test) would be overwritten with what is stored.
  const shown = useRef(settings);
  useEffect(() => {
    if (shown.current === settings) return;
    shown.current = settings;
    setValues(valuesOf(settings));
  }, [settings]);
  const set = (path: string) => (value: string) => {
    setSaved(false);
    setValues((current) => ({ ...current, [path]: value }));
  };
  const error = action.error as ApiError | null;
  const save = async (event: Event) => {
    event.preventDefault();
    const done = await action.run(() =>
      call('PUT', '/settings/accounting', { body: bodyOf(values, settings) }),
    );
    if (done !== undefined) {
      setSaved(true);
      onSaved();
    }
  };
  /** A numeric field; `problemPath` is where the API names its problem (an account's `.account`). */
  const field = (path: string, label: string, hint?: string, problemPath = path) => (
    <Field
      key={path}
      label={label}
      hint={hint}
      inputMode="numeric"
      value={values[path] ?? ''}
      onInput={set(path)}
      path={problemPath}
      error={error}
    />
  );
  return (
    <form onSubmit={save}>
      <Fieldset legend={t('DATEV settings')}>
        <div class="grid">
          <Select
            label={t('Chart of accounts')}
            value={values.chart ?? 'SKR03'}
            onChange={set('chart')}
            options={[
              { value: 'SKR03', label: 'SKR03' },
              { value: 'SKR04', label: 'SKR04' },
            ]}
            path="chart"
            error={error}
          />
          {field('consultant_number', t('Consultant number'), t('Beraternummer, from your tax adviser'))}
          {field('client_number', t('Client number'), t('Mandantennummer, from your tax adviser'))}
          <Field
            label={t('Fiscal year starts')}
            hint={t('Month and day, e.g. 01-01')}
            value={values.fiscal_year_start ?? ''}
            onInput={set('fiscal_year_start')}
            path="fiscal_year_start"
            error={error}
          />
          <Field
            label={t('Already booked up to')}
            hint={t(
              'The day up to which your tax adviser already has your bookings (festgeschrieben), e.g. from the invoicing tool you used before. DATEV files leave out everything dated on or before it, so nothing is booked twice. Empty: none.',
            )}
            type="date"
            value={values.booked_until ?? ''}
            onInput={set('booked_until')}
            path="booked_until"
            error={error}
          />
          {field('account_length', t('Account length'))}
          {field('first_debtor_number', t('First debtor number'))}
          {field('first_creditor_number', t('First creditor number'))}
        </div>
      </Fieldset>
      <Fieldset legend={t('Revenue accounts')}>
        <div class="grid">
          {CASES.map((c) =>
            field(
              `revenue_accounts.${c.key}`,
              t('Revenue: {case}', { case: t(c.label) }),
              undefined,
              `revenue_accounts.${c.key}.account`,
            ),
          )}
        </div>
      </Fieldset>
      <Fieldset legend={t('Expense accounts')}>
        <div class="grid">
          {CASES.map((c) =>
            field(
              `expense_accounts.${c.key}`,
              t('Expense: {case}', { case: t(c.label) }),
              undefined,
              `expense_accounts.${c.key}.account`,
            ),
          )}
        </div>
      </Fieldset>
      {/* The DATEV settings are the bookkeeping's: owners, admins and accountants change them. */}
      {can('resources:write_all') || can('books:keep') ? (
        <div class="toolbar">
          <button type="submit" class="primary" disabled={action.busy}>
            {t('Save settings')}
          </button>
        </div>
      ) : (
        <p class="hint">{t('Your role reads this; it does not change it.')}</p>
      )}
      <Said text={saved ? t('Settings saved.') : null} />
      <ErrorNotice error={action.error} />
    </form>
  );
}
