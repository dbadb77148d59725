// The article catalogue (/products): list with search, a form to add, change and delete an article. The
// document editor fills lines from it (documents/product-picker.tsx).

import { useEffect, useState } from 'preact/hooks';
import { type ApiError, get, list, patch, post, remove } from '../api';
import type { BusinessProfile, BusinessProfileSummary, Product } from '../api-types';
import { currentLanguage, formatMoney, locale, perBase, t } from '../i18n';
import { writeDecimal } from '../numbers';
import { canWrite } from '../permissions';
import { href, navigate } from '../router';
import { FALLBACK_VAT_RATE, standardVatRate } from '../seller-countries';
import { announce } from '../ui/announce';
import { Field, Select } from '../ui/form';
import { useAction, useDebounced, useLoad } from '../ui/hooks';
import { ErrorNotice, Loading } from '../ui/notice';
import { Pager, usePages } from '../ui/pager';
import { Editable, WriteActions } from '../ui/write-actions';
import { UNIT_NAMES } from '../unit-names';
import { decimalOf, ZERO_CATEGORIES } from './documents/form-content';

/** UNCL5305, as a line's VAT takes it: the standard rate and the zero-rate categories. */
export const TAX_CATEGORIES = [{ value: 'S', label: 'Standard rate (S)' }, ...ZERO_CATEGORIES];

/**
 * The unit codes' shortlist (UN/ECE Rec 20) by the names the console gives them ("Piece", German "Stück"):
 * a unit is said by its name; its code stands beside it only where a choice needs it (`unitChoice`).
 */
export const UNIT_LABELS: Record<string, string> = {
  C62: 'Piece',
  HUR: 'Hour',
  DAY: 'Day',
  E48: 'Service unit',
  MON: 'Month',
  ANN: 'Year',
  MIN: 'Minute',
  WEE: 'Week',
  H87: 'Piece',
  SET: 'Set',
  PR: 'Pair',
  XPK: 'Package',
  KGM: 'Kilogram',
  GRM: 'Gram',
  TNE: 'Tonne',
  MTR: 'Metre',
  KMT: 'Kilometre',
  MTK: 'Square metre',
  MTQ: 'Cubic metre',
  LTR: 'Litre',
  KWH: 'Kilowatt hour',
};

/** A unit by its name in the console's language ("Stück"); a code the console has no name for as it is. */
export const unitLabel = (code: string | null | undefined) =>
  code ? (UNIT_LABELS[code] ? t(UNIT_LABELS[code]) : code) : '';

/**
 * A unit as a select offers it: its name with the code the e-invoice carries beside it ("Stück (C62)"),
 * which tells C62 from H87 (both "Stück"); `name` is the reference list's own for a code the console has
 * no name for.
 */
export const unitChoice = (code: string, name?: string) => {
  const label = UNIT_LABELS[code] ? t(UNIT_LABELS[code]) : name ? t(name) : '';
  return label ? `${label} (${code})` : code;
};

/** Codes received invoices use for a piece besides C62 and H87 (UN/ECE Rec 21 "piece", Rec 20 "each"). */
const SAME_AS_PIECE: Record<string, string> = { XPP: 'C62', EA: 'C62' };

/**
 * A unit beside a quantity as the PDF prints it ("2 Std." for HUR, src/console/unit-names.ts); a code
 * without a short name by the name the unit picker shows, without its code; an unknown code as it is.
 */
export function unitShort(code: string | null | undefined): string {
  if (!code) return '';
  const known = SAME_AS_PIECE[code] ?? code;
  return UNIT_NAMES[currentLanguage()]?.[known] || unitLabel(known);
}

/** A rate as the console's language writes it ("7,5 %"), read from the exact string (no float). */
export function formatRate(rate: string | null | undefined): string {
  if (!rate) return '';
  try {
    const exact = rate as unknown as number;
    // German writes a space before the sign ("19 %"), English none ("19%").
    const sign = locale().startsWith('de') ? '\u00a0%' : '%';
    return `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 10 }).format(exact)}${sign}`;
  } catch {
    return `${rate} %`;
  }
}

/** "95,00 € · Hour · 19 %": what a product puts on a line, in the console's language. */
export function productSummary(product: Product): string {
  return [
    product.unit_price
      ? `${formatMoney(product.unit_price, product.currency ?? 'EUR')}${perBase(product.price_base_quantity)}`
      : '',
    unitLabel(product.unit_code),
    formatRate(product.tax_rate),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function ProductsPage({ route }: { route: string[] }) {
  const [id] = route;
  if (id === 'new') return <ProductForm />;
  if (id) return <ProductEditor id={id} />;
  return <ProductList />;
}

function ProductList() {
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim(), 250);
  const pages = usePages<Product>(
    (cursor) => list<Product>('/products', { limit: 50, cursor, q: needle }),
    [needle],
  );
  return (
    <section>
      <div class="page-head">
        <h1>{t('Products')}</h1>
        {canWrite() ? (
          <button type="button" class="primary" onClick={() => navigate('products', 'new')}>
            {t('New product')}
          </button>
        ) : null}
      </div>
      <search class="filters">
        <Field
          label={t('Search')}
          type="search"
          value={search}
          onInput={setSearch}
          hint={t('Article number, name or description')}
        />
      </search>
      <ErrorNotice error={pages.error} />
      {/* A narrow window scrolls the table, not the page. */}
      <div class="table-scroll">
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t('Article no.')}</th>
              <th scope="col">{t('Name')}</th>
              <th scope="col" class="num">
                {t('Unit price')}
              </th>
              <th scope="col">{t('Unit')}</th>
              <th scope="col" class="num">
                {t('Tax rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((item) => (
              <tr key={item.id}>
                <td>{item.article_number ?? ''}</td>
                <td>
                  <a href={href('products', item.id)}>{item.name}</a>
                  {item.description ? <div class="hint">{item.description}</div> : null}
                </td>
                <td class="num">
                  {item.unit_price ? formatMoney(item.unit_price, item.currency ?? 'EUR') : ''}
                  {item.unit_price ? perBase(item.price_base_quantity) : ''}
                </td>
                <td>{unitLabel(item.unit_code)}</td>
                <td class="num">{formatRate(item.tax_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!pages.loading && pages.items.length === 0 ? (
        <p class="empty">
          {needle ? t('Nothing matches “{text}”.', { text: needle }) : t('Nothing here yet.')}
        </p>
      ) : null}
      <Pager pages={pages} />
    </section>
  );
}

function ProductEditor({ id }: { id: string }) {
  const loaded = useLoad(() => get<Product>(`/products/${encodeURIComponent(id)}`), [id]);
  if (loaded.error) return <ErrorNotice error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  return <ProductForm existing={loaded.data} />;
}

const FIELDS = [
  'article_number',
  'name',
  'description',
  'unit_code',
  'unit_price',
  'price_base_quantity',
  'tax_rate',
  'tax_category',
  'currency',
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** Numbers as typed ("95,00" in German) go as the API's decimal strings. */
const NUMBERS = new Set<string>(['unit_price', 'price_base_quantity', 'tax_rate']);

/**
 * A stored product as the form shows it: its numbers written as the console's language reads them back
 * (a price of 1.659 a litre is "1,659" in German, which would read "1.659" as one thousand six hundred...).
 */
const valuesOf = (product?: Product): Values =>
  Object.fromEntries(
    FIELDS.map((name) => {
      const stored = product?.[name] ?? '';
      return [name, NUMBERS.has(name) && stored ? writeDecimal(stored, currentLanguage()) : stored];
    }),
  ) as Values;

/** On create only what is filled in; on edit only what changed (as typed), an emptied field as null. */
function bodyOf(values: Values, before: Values | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of FIELDS) {
    const typed = values[name].trim();
    const value = NUMBERS.has(name) ? decimalOf(typed) : name === 'currency' ? typed.toUpperCase() : typed;
    if (before === null) {
      if (value !== '') body[name] = value;
    } else if (typed !== before[name].trim()) body[name] = value === '' ? null : value;
  }
  return body;
}

/**
 * What a new article starts with (its VAT: the only business profile's default for new lines, else the
 * standard rate of that profile's country; 19 % until it is known).
 */
const NEW_PRODUCT = { tax_rate: FALLBACK_VAT_RATE, tax_category: 'S', currency: 'EUR', unit_code: 'C62' };

function ProductForm({ existing }: { existing?: Product }) {
  const [before] = useState(() => (existing ? valuesOf(existing) : null));
  const [values, setValues] = useState(() => ({
    ...valuesOf(existing),
    ...(existing ? {} : NEW_PRODUCT),
  }));
  // A new article of a firm with one business profile starts at that profile's VAT for new lines (a
  // Kleinunternehmer's 0 % exempt), unless the rate was changed already.
  // The tax rate's example is that country's standard rate too ("e.g. 23" for an Irish firm).
  const [rateExample, setRateExample] = useState(FALLBACK_VAT_RATE);
  useEffect(() => {
    list<BusinessProfileSummary>('/business-profiles', { limit: 2 })
      .then((page) => (page.data.length === 1 && page.data[0] ? page.data[0].id : null))
      .then((id) => (id ? get<BusinessProfile>(`/business-profiles/${encodeURIComponent(id)}`) : null))
      .then(
        (profile) => {
          if (!profile) return;
          setRateExample(standardVatRate(profile.address?.country));
          if (existing) return;
          // Without a default of its own, the standard rate of the profile's country (an Irish firm's 23 %).
          const tax = profile.default_tax ?? {
            rate: standardVatRate(profile.address?.country),
            category: 'S',
          };
          const rate = writeDecimal(tax.rate, currentLanguage());
          const currency = profile.default_currency;
          setValues((current) => {
            const next =
              current.tax_rate === NEW_PRODUCT.tax_rate && current.tax_category === NEW_PRODUCT.tax_category
                ? { ...current, tax_rate: rate, tax_category: tax.category }
                : current;
            // A British firm's article is priced in its pounds, not in the euros preset.
            return currency && next.currency === NEW_PRODUCT.currency ? { ...next, currency } : next;
          });
        },
        () => undefined,
      );
  }, [existing]);
  const action = useAction();
  const error = action.error as ApiError | null;
  const set = (name: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const units = Object.keys(UNIT_LABELS);
  const unitOptions = [
    { value: '', label: t('No unit') },
    ...(values.unit_code && !units.includes(values.unit_code)
      ? [{ value: values.unit_code, label: values.unit_code }]
      : []),
    ...units.map((code) => ({ value: code, label: unitChoice(code) })),
  ];

  const save = async (event: Event) => {
    event.preventDefault();
    const body = bodyOf(values, before);
    const saved = await action.run(() =>
      existing ? patch<Product>(`/products/${existing.id}`, body) : post<Product>('/products', body),
    );
    if (saved) {
      // Said on the list it goes back to (the list alone does not say so).
      announce(t('{name} saved.', { name: saved.name }));
      navigate('products');
    }
  };
  const destroy = async () => {
    if (!existing || !confirm(t('Delete {name}? This cannot be undone.', { name: existing.name }))) return;
    const done = await action.run(() => remove(`/products/${existing.id}`));
    if (done !== undefined) {
      announce(t('{name} deleted.', { name: existing.name }));
      navigate('products');
    }
  };

  return (
    <form class="card form" onSubmit={save} noValidate>
      <div class="page-head">
        <h1>{existing ? existing.name : t('New product')}</h1>
        <a href={href('products')}>{t('Back to the list')}</a>
      </div>
      <ErrorNotice error={action.error} />
      <Editable row={existing}>
        <div class="grid">
          <Field
            label={t('Name')}
            required
            value={values.name}
            onInput={set('name')}
            path="name"
            error={error}
          />
          <Field
            label={t('Article number')}
            value={values.article_number}
            onInput={set('article_number')}
            path="article_number"
            error={error}
            hint={t('Your own, e.g. E-1042; on the e-invoice as the seller’s item number')}
          />
          <Field
            label={t('Description')}
            multiline
            value={values.description}
            onInput={set('description')}
            path="description"
            error={error}
          />
          <Field
            label={t('Unit price')}
            inputMode="decimal"
            value={values.unit_price}
            onInput={set('unit_price')}
            path="unit_price"
            error={error}
            hint={t('Net, e.g. 95.00')}
          />
          <Field
            label={t('Price is for')}
            inputMode="decimal"
            value={values.price_base_quantity}
            onInput={set('price_base_quantity')}
            path="price_base_quantity"
            error={error}
            hint={t('Units, e.g. 100 for a price per 100; empty for one')}
          />
          <Field
            label={t('Currency')}
            value={values.currency}
            onInput={set('currency')}
            path="currency"
            error={error}
            hint={t('ISO 4217, e.g. EUR')}
          />
          <Select
            label={t('Unit of measure')}
            value={values.unit_code}
            onChange={set('unit_code')}
            options={unitOptions}
            path="unit_code"
            error={error}
          />
          <Field
            label={t('Tax rate')}
            inputMode="decimal"
            value={values.tax_rate}
            onInput={set('tax_rate')}
            path="tax_rate"
            error={error}
            hint={t('Percent, e.g. {rate}', { rate: writeDecimal(rateExample, currentLanguage()) })}
          />
          <Select
            label={t('VAT category')}
            value={values.tax_category}
            onChange={set('tax_category')}
            options={[
              { value: '', label: t('No category') },
              ...TAX_CATEGORIES.map((entry) => ({ value: entry.value, label: t(entry.label) })),
            ]}
            path="tax_category"
            error={error}
          />
        </div>
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
