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
 * received); `third_country`: G (export, or import when received); `reverse_charge`: AE with the other
 * party in another EU country or of unknown country (the EU reverse charge of a service);
 * `reverse_charge_domestic`: AE between two parties of the same country (§ 13b UStG at home: construction
 * work, cleaning of buildings, scrap, ...); `reverse_charge_third_country`: AE with the other party outside
 * the EU (a service taxable there when issued; a foreign firm's service received); `small_business`: E of
 * a Kleinunternehmer (its reason or code naming § 19 UStG or the word); `zero_rated`: Z (Germany's 0 % of
 * § 12 Abs. 3 UStG, photovoltaic systems); `exempt`: any other E, and a 0 % rate without a category;
 * `outside_scope_eu` / `outside_scope_third_country`: O with the other party in another EU country /
 * outside the EU (taxable there, not here); `other`: anything else (another S
 * rate, O at home or where the other party's country is unknown, L, M).
 */
export const TAX_CASES = [
  'standard_19',
  'reduced_7',
  'intra_eu',
  'third_country',
  'reverse_charge',
  'reverse_charge_domestic',
  'reverse_charge_third_country',
  'small_business',
  'zero_rated',
  'exempt',
  'outside_scope_eu',
  'outside_scope_third_country',
  'other',
] as const;
export type TaxCase = (typeof TAX_CASES)[number];

/** Where the other party is, seen from the document's own side: what tells some tax cases apart. */
export type Counterparty = 'domestic' | 'eu' | 'third_country' | null;
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
    // Erlöse aus im anderen EU-Land steuerpflichtigen sonstigen Leistungen, für die der Leistungsempfänger die
    // Umsatzsteuer schuldet (UStVA Kz. 21, the recapitulative statement); 8338 is the third country's.
    reverse_charge: '8336',
    // Erlöse aus Leistungen, für die der Leistungsempfänger die Umsatzsteuer nach § 13b UStG schuldet (Kz. 60)
    reverse_charge_domestic: '8337',
    // Erlöse aus im Drittland steuerbaren Leistungen, im Inland nicht steuerbare Umsätze (Kz. 45)
    reverse_charge_third_country: '8338',
    // Steuerfreie Erlöse Kleinunternehmer nach § 19 Abs. 1 UStG (the 2025 account; 8195 is the former rule's)
    small_business: '8192',
    zero_rated: '8290', // Erlöse 0 % USt (§ 12 Abs. 3 UStG)
    exempt: '8100', // Steuerfreie Umsätze § 4 Nr. 8 ff. UStG
    outside_scope_eu: '8339', // Erlöse aus im anderen EU-Land steuerbaren Leistungen, im Inland nicht steuerbar
    outside_scope_third_country: '8338', // Erlöse aus im Drittland steuerbaren Leistungen, im Inland nicht steuerbar
    other: '8200', // Erlöse
  }),
  SKR04: plain({
    standard_19: '4400',
    reduced_7: '4300',
    intra_eu: '4125',
    third_country: '4120',
    reverse_charge: '4336',
    reverse_charge_domestic: '4337',
    reverse_charge_third_country: '4338',
    small_business: '4184',
    zero_rated: '4290',
    exempt: '4100',
    outside_scope_eu: '4339',
    outside_scope_third_country: '4338',
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
    // Bauleistungen eines im Inland ansässigen Unternehmers 19 % Vorsteuer und 19 % Umsatzsteuer (Kz. 84/85)
    reverse_charge_domestic: '3120',
    // Leistungen eines im Drittland ansässigen Unternehmers 19 % Vorsteuer und 19 % Umsatzsteuer (Kz. 46/47)
    reverse_charge_third_country: '3125',
    small_business: '3200', // a Kleinunternehmer's invoice: no VAT to deduct
    zero_rated: '3200', // Wareneingang (a photovoltaic system bought at 0 %: the adviser's asset account)
    exempt: '3200', // Wareneingang
    outside_scope_eu: '3200',
    outside_scope_third_country: '3200',
    other: '3200',
  }),
  SKR04: plain({
    standard_19: '5400',
    reduced_7: '5300',
    intra_eu: '5425',
    third_country: '5551',
    reverse_charge: '5923',
    reverse_charge_domestic: '5920',
    reverse_charge_third_country: '5925',
    small_business: '5200',
    zero_rated: '5200',
    exempt: '5200',
    outside_scope_eu: '5200',
    outside_scope_third_country: '5200',
    other: '5200',
  }),
};

/**
 * The tax case of one tax group (its UNCL5305 category and percent rate); `counterparty`: where the other
 * party is (a reverse charge at home is one of § 13b UStG; O abroad is taxable there, not here).
 */
export function taxCaseOf(
  category: string | null | undefined,
  rate: string,
  counterparty: Counterparty = null,
  smallBusiness = false,
): TaxCase {
  const code = (category ?? '').trim().toUpperCase();
  const value = dec(rate);
  if (code === 'E' && smallBusiness) return 'small_business';
  if (code === 'K') return 'intra_eu';
  if (code === 'G') return 'third_country';
  if (code === 'AE' && counterparty === 'domestic') return 'reverse_charge_domestic';
  if (code === 'AE' && counterparty === 'third_country') return 'reverse_charge_third_country';
  if (code === 'AE') return 'reverse_charge';
  if (code === 'O' && counterparty === 'eu') return 'outside_scope_eu';
  if (code === 'O' && counterparty === 'third_country') return 'outside_scope_third_country';
  if (code === 'Z') return 'zero_rated';
  if (code === 'E' || (code === '' && isZero(value))) return 'exempt';
  if (code === 'S' || code === '') {
    if (cmp(value, dec('19')) === 0) return 'standard_19';
    if (cmp(value, dec('7')) === 0) return 'reduced_7';
  }
  return 'other';
}

/**
 * Durchlaufende Posten (§ 10 Abs. 1 Satz 6 UStG: amounts collected or paid out in the name and for the
 * account of another, as court fees or a fee paid for the customer): XRechnung's third-party payments
 * (BG-DEX-09), which the amount due adds to the total. No revenue, no expense, no VAT: the charts' own
 * account of durchlaufende Posten, against the personal account. Not an automatic account, no tax key.
 */
export const TRANSIT_ACCOUNTS: Record<Chart, string> = { SKR03: '1590', SKR04: '1370' };

/** The accounts the first release gave the EU reverse charge's revenue, by chart (the third country's). */
const FORMER_REVERSE_CHARGE: Record<Chart, string> = { SKR03: '8338', SKR04: '4338' };

/**
 * Settings saved before a tax case existed take that case's default; settings saved before the EU reverse
 * charge's default was mended (they lack `reverse_charge_domestic`) and still holding the former default
 * take the mended one. What a user chose since is kept.
 */
export function withCurrentCases(chart: Chart, revenue: AccountMap, expense: AccountMap) {
  const former = !('reverse_charge_domestic' in revenue);
  const mended = { ...revenue };
  const old = revenue.reverse_charge;
  if (former && old?.account === FORMER_REVERSE_CHARGE[chart] && old.tax_key === null) {
    mended.reverse_charge = { ...DEFAULT_REVENUE_ACCOUNTS[chart].reverse_charge };
  }
  // An adviser who set `exempt` to another account before `small_business` existed (a Kleinunternehmer's
  // 8195) keeps that account for it, revenue and expense alike.
  const carried = (stored: Partial<AccountMap>, defaults: AccountMap): Partial<AccountMap> => {
    const exempt = stored.exempt;
    if (stored.small_business || !exempt || exempt.account === defaults.exempt.account) return stored;
    return { ...stored, small_business: { ...exempt } };
  };
  const revenueDefaults = DEFAULT_REVENUE_ACCOUNTS[chart];
  const expenseDefaults = DEFAULT_EXPENSE_ACCOUNTS[chart];
  return {
    revenue: { ...structuredClone(revenueDefaults), ...carried(mended, revenueDefaults) },
    expense: { ...structuredClone(expenseDefaults), ...carried(expense, expenseDefaults) },
  };
}

/** An exemption's reason or code naming the small business's (§ 19 UStG, "Kleinunternehmer"). */
export const SMALL_BUSINESS_GROUND = /§\s*19\b|kleinunternehm/i;
