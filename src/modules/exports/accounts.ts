// Which general-ledger account (Sachkonto) a booking of one tax group goes to, by chart (SKR03, SKR04) and
// tax case; the defaults are DATEV's standard accounts for each case (docs/exports.md lists them). Every
// default is an automatic account (Automatikkonto): DATEV derives the VAT from the account itself, so
// bookings to it carry no tax key (BU-Schlüssel); an account a user picks that is not one names its key.
import { cmp, dec, isZero } from '../../domain/money';

export const CHARTS = ['SKR03', 'SKR04'] as const;
export type Chart = (typeof CHARTS)[number];

/**
 * The tax cases a booking is told apart by: the group's UNCL5305 category and rate (docs/exports.md).
 * `standard_19`/`reduced_7`: S at 19 % / 7 %; `intra_eu`: K (intra-community supply, or acquisition when
 * received); `third_country`: G (export, or import when received); `reverse_charge`: AE; `exempt`: E, Z,
 * and a 0 % rate without a category; `other`: anything else (another S rate, O, L, M).
 */
export const TAX_CASES = [
  'standard_19',
  'reduced_7',
  'intra_eu',
  'third_country',
  'reverse_charge',
  'exempt',
  'other',
] as const;
export type TaxCase = (typeof TAX_CASES)[number];

export interface AccountAssignment {
  /** The Sachkonto, digits only, at most the settings' account length. */
  account: string;
  /** BU-Schlüssel, only for an account that is not an automatic one; null for the defaults. */
  tax_key: string | null;
}

export type AccountMap = Record<TaxCase, AccountAssignment>;

const plain = (entries: Record<TaxCase, string>): AccountMap =>
  Object.fromEntries(
    Object.entries(entries).map(([taxCase, account]) => [taxCase, { account, tax_key: null }]),
  ) as AccountMap;

/** Issued documents: revenue accounts (Erlöskonten). */
export const DEFAULT_REVENUE_ACCOUNTS: Record<Chart, AccountMap> = {
  SKR03: plain({
    standard_19: '8400', // Erlöse 19 % USt
    reduced_7: '8300', // Erlöse 7 % USt
    intra_eu: '8125', // Steuerfreie innergemeinschaftliche Lieferungen § 4 Nr. 1b UStG
    third_country: '8120', // Steuerfreie Umsätze § 4 Nr. 1a UStG (Ausfuhr Drittland)
    reverse_charge: '8338', // Erlöse aus im anderen EU-Land steuerpflichtigen sonstigen Leistungen
    exempt: '8100', // Steuerfreie Umsätze § 4 Nr. 8 ff. UStG
    other: '8200', // Erlöse
  }),
  SKR04: plain({
    standard_19: '4400',
    reduced_7: '4300',
    intra_eu: '4125',
    third_country: '4120',
    reverse_charge: '4338',
    exempt: '4100',
    other: '4200',
  }),
};

/** Received documents: expense accounts (Wareneingang / Aufwand). */
export const DEFAULT_EXPENSE_ACCOUNTS: Record<Chart, AccountMap> = {
  SKR03: plain({
    standard_19: '3400', // Wareneingang 19 % Vorsteuer
    reduced_7: '3300', // Wareneingang 7 % Vorsteuer
    intra_eu: '3425', // Innergemeinschaftlicher Erwerb 19 % Vorsteuer und 19 % Umsatzsteuer
    third_country: '3551', // Wareneingang im Drittland steuerbar
    reverse_charge: '3123', // Sonstige Leistungen eines im anderen EU-Land ansässigen Unternehmers 19 % VSt/USt
    exempt: '3200', // Wareneingang
    other: '3200',
  }),
  SKR04: plain({
    standard_19: '5400',
    reduced_7: '5300',
    intra_eu: '5425',
    third_country: '5551',
    reverse_charge: '5923',
    exempt: '5200',
    other: '5200',
  }),
};

/** The tax case of one tax group (its UNCL5305 category and percent rate). */
export function taxCaseOf(category: string | null | undefined, rate: string): TaxCase {
  const code = (category ?? '').trim().toUpperCase();
  const value = dec(rate);
  if (code === 'K') return 'intra_eu';
  if (code === 'G') return 'third_country';
  if (code === 'AE') return 'reverse_charge';
  if (code === 'E' || code === 'Z' || (code === '' && isZero(value))) return 'exempt';
  if (code === 'S' || code === '') {
    if (cmp(value, dec('19')) === 0) return 'standard_19';
    if (cmp(value, dec('7')) === 0) return 'reduced_7';
  }
  return 'other';
}
