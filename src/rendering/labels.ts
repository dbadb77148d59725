import { de } from './labels/de';
import type { Labels } from './labels/types';

export type { Labels } from './labels/types';

import { en } from './labels/en';
import { es } from './labels/es';
import { fr } from './labels/fr';
import { it } from './labels/it';
import { nl } from './labels/nl';

export const LANGUAGES = { en, de, fr, es, it, nl } as const satisfies Record<string, Labels>;
export type Language = keyof typeof LANGUAGES;

export function languageOf(locale: string): Language {
  const primary = locale.split(/[-_]/)[0]?.toLowerCase() ?? 'en';
  return Object.hasOwn(LANGUAGES, primary) ? (primary as Language) : 'en';
}

/**
 * Words a country says otherwise than the language's main one (`de` in Austria): Austria's VAT id is the
 * "UID-Nr." (§ 11 Abs. 1 Z 2 UStG), its register the "Firmenbuch" (FN), and its reverse charge the
 * "Übergang der Steuerschuld" (§ 19 Abs. 1 UStG); Spain's correction the "factura rectificativa".
 */
const REGIONAL: Record<string, Partial<Labels>> = {
  'de-AT': {
    vatId: 'UID-Nr.',
    registration: 'Firmenbuch',
    vatCategoryNotes: {
      ...de.vatCategoryNotes,
      AE: 'Übergang der Steuerschuld auf den Leistungsempfänger (Reverse Charge)',
    },
  },
  // A Spanish firm corrects an invoice by a "factura rectificativa" (Real Decreto 1619/2012 art. 15), which
  // names the invoice it corrects; a "nota de crédito" is no invoice there (it stays the Latin American word).
  'es-ES': {
    titles: { ...es.titles, credit_note: 'Factura rectificativa' },
    correctionTitle: 'Factura rectificativa',
    creditNoteFor: (n, d) => `Rectifica la factura ${n}${d ? ` del ${d}` : ''}`,
  },
};
/**
 * Where English is the country's own language and a firm's VAT id its VAT number (Ireland, the UK, Malta,
 * Cyprus), English words call it the "VAT No." (Irish VAT Consolidation Act 2010 s. 66, VAT Directive
 * art. 226(3)), not the "Tax ID" of a US firm's EIN.
 */
const ENGLISH_VAT_NUMBER: Partial<Labels> = { taxId: 'VAT No.', vatId: 'VAT No.' };

function regionalWords(language: Language, region: string | undefined): Partial<Labels> | undefined {
  const words = REGIONAL[`${language}-${region}`];
  if (words !== undefined) return words;
  if (language === 'en' && region !== undefined && ['IE', 'GB', 'MT', 'CY'].includes(region))
    return ENGLISH_VAT_NUMBER;
  return undefined;
}
const regional = new Map<string, Labels>();

/**
 * The words of `locale`'s language, in `country`'s usage: the seller's country where the caller knows it
 * (an Austrian firm's invoice in German says "UID-Nr." whichever German locale it is written in, a German
 * firm's "USt-IdNr." even in `de-AT`; an Irish firm's in English "VAT No." even in `en-US`), else the
 * locale's region (`de-AT`, `de_AT`, `de-Latn-AT`, `en-IE`).
 */
export function labelsFor(locale: string, country?: string | null): Labels {
  const language = languageOf(locale);
  const region =
    country?.trim().toUpperCase() ||
    locale
      .split(/[-_]/)
      .slice(1)
      .find((part) => /^[A-Za-z]{2}$/.test(part))
      ?.toUpperCase();
  const key = `${language}-${region}`;
  const words = regionalWords(language, region);
  if (words === undefined) return LANGUAGES[language];
  let labels = regional.get(key);
  if (labels === undefined) {
    labels = { ...LANGUAGES[language], ...words };
    regional.set(key, labels);
  }
  return labels;
}

/** `bank_transfer` -> "Bank transfer" in the document's language; an unknown code keeps its words. */
export function methodName(labels: Labels, code: string): string {
  const known = labels.methods[code.toLowerCase()];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The prefixes of VAT identification numbers: the EU member states' (Greece `EL`, Northern Ireland `XI`) and
// the UK's; a Swiss UID is a VAT number with its suffix (`CHE-123.456.789 MWST`), a Norwegian one with `MVA`.
const VAT_PREFIX =
  /^(?:(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI|GB)[0-9A-Z]{2,13}|CHE[0-9]{9}(?:MWST|TVA|IVA)|NO[0-9]{9}MVA)$/;
const EU_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/**
 * Whether a party's tax id is a VAT identification number: one with a VAT prefix (`DE811907980`,
 * `ATU12345678`, `GB123456789`), or a bare number of a party in an EU member state (a VAT id is what the
 * field holds there: BT-31, BT-48). A US firm's EIN (`12-3456789`) is none.
 */
export function isVatNumber(taxId: string, country?: string | null): boolean {
  const compact = taxId.toUpperCase().replace(/[\s.\-/]/g, '');
  if (VAT_PREFIX.test(compact)) return true;
  return !/^[A-Z]{2}/.test(compact) && EU_COUNTRIES.has(country?.trim().toUpperCase() ?? '');
}

/**
 * The label a party's tax id is printed with: the language's word for a VAT number where it is one ("VAT
 * ID", "USt-IdNr.", "N° TVA": an EU VAT identification number, VAT Directive art. 214), else its word for a
 * tax id ("Tax ID", "Steuernummer", "N° fiscal" for a US firm's EIN). Spanish says "NIF" for both.
 */
export function taxIdLabel(labels: Labels, taxId: string, country?: string | null): string {
  return labels.vatId !== undefined && isVatNumber(taxId, country) ? labels.vatId : labels.taxId;
}
