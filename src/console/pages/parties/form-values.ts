import { currentLanguage } from '../../i18n';
import { profileSuggestions } from '../../seller-countries';
import { defaultTaxBody, defaultTaxValues } from './default-tax';
import { ADDRESS_FIELDS, type Party, type PartyKind } from './kinds';

type FormValues = Record<string, string>;

/** What a new business profile starts with in the German console. */
export const GERMAN_PROFILE: FormValues = {
  default_page_size: 'A4',
  default_locale: 'de-DE',
  default_currency: 'EUR',
  default_timezone: 'Europe/Berlin',
};

/** The fields a new profile's address country suggests in the English console. */
const SUGGESTED = ['default_page_size', 'default_currency', 'default_locale', 'default_timezone'];

/**
 * A new business profile's values with its address country changed to `country`. In English (the German
 * form starts with GERMAN_PROFILE) the country suggests the page size (A4 outside the US-Letter countries:
 * unset, the API prints on Letter), the currency, an English locale and the time zone; a field is filled
 * only while it still holds what the country before suggested (empty at first), so what the person chose
 * stays.
 */
export function withCountry(values: FormValues, country: string, language = currentLanguage()): FormValues {
  const next: FormValues = { ...values, 'address.country': country };
  if (language !== 'en') return next;
  const before = profileSuggestions(values['address.country']);
  const now = profileSuggestions(country);
  for (const path of SUGGESTED)
    if ((values[path] ?? '') === (before[path] ?? '')) next[path] = now[path] ?? '';
  return next;
}

export function valuesOf(kind: PartyKind, party?: Party): FormValues {
  const values: FormValues = {};
  for (const field of kind.fields) {
    const stored = party?.[field.path];
    // Managing directors may be stored as a list of names.
    values[field.path] = Array.isArray(stored) ? stored.join(', ') : String(stored ?? '');
  }
  // A German firm's new profile prints on A4 (DIN 5008), in German and in euros, unless the form is changed:
  // a profile without a language has its PDFs and e-mails in English, and a finalized invoice keeps them so.
  if (!party && kind.api === '/business-profiles' && currentLanguage() === 'de')
    Object.assign(values, GERMAN_PROFILE);
  for (const address of kind.addresses) {
    const stored = (party?.[address.path] ?? {}) as Record<string, unknown>;
    for (const field of address.fields ?? ADDRESS_FIELDS)
      values[`${address.path}.${field.path}`] = String(stored[field.path] ?? '');
  }
  if (kind.withDefaultTax) Object.assign(values, defaultTaxValues(party?.default_tax));
  return values;
}

/** The request body: on create only what is filled in; on edit only what changed, an emptied field as null. */
export function bodyOf(
  kind: PartyKind,
  values: FormValues,
  before: FormValues | null,
): Record<string, unknown> {
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
  const tax = kind.withDefaultTax ? defaultTaxBody(values, before) : undefined;
  if (tax !== undefined) body.default_tax = tax;
  return body;
}
