// The bookings of one document: one per tax case (a document with 19 % and 7 % lines gives two), gross
// amounts, the party's personal account against the revenue or expense account of the case.
import {
  abs,
  add,
  allocateUnits,
  type Decimal,
  dec,
  div,
  fromMinorUnits,
  isNegative,
  isZero,
  lt,
  mul,
  neg,
  round,
  sub,
  sum,
  toFixedString,
  toMinorUnits,
} from '../../../domain/money';
import { type AccountMap, type Counterparty, TAX_CASES, type TaxCase, taxCaseOf } from '../accounts';
import type { Booking } from '../datev/format';

export interface TaxGroupFigures {
  category: string | null;
  rate: string;
  taxable_amount: string;
  tax_amount: string;
}

export interface BookedDocument {
  /** The gross total (BT-112) the bookings add up to. */
  total: string;
  /** BT-113 of a final invoice: what was paid in advance, booked back against the total (prepaidByCase). */
  prepaid?: string | null;
  taxGroups: readonly TaxGroupFigures[];
  /** Which way the personal account moves for a positive amount: S for an issued invoice, H for a received one. */
  side: 'S' | 'H';
  currency: string;
  /**
   * A document in another currency than the euro: euros per unit of its currency (its BT-6/BT-111 rate,
   * `tax_currency.exchange_rate`). Null or absent for a euro document.
   */
  euroRate?: string | null;
  account: number;
  date: string;
  reference: string;
  text: string;
  /** Where the other party is: in the own country (a reverse charge is § 13b UStG at home), the EU, abroad. */
  counterparty?: Counterparty;
  /** Its exemptions are a Kleinunternehmer's (§ 19 UStG): E books as `small_business`. */
  smallBusiness?: boolean;
  /** The customer's VAT ID as field 40 takes it, written on intra-EU and EU reverse-charge bookings only. */
  euVatId?: string | null;
  /** KOST1: the code of the cost centre the document is allocated to, the same on each of its bookings. */
  costCentre?: string | null;
  /** When the supply was made (YYYY-MM-DD), for DATEV's Leistungsdatum; null when the document says none. */
  supplyDate?: string | null;
  /** Beleginfo pairs, the same on each of the document's bookings. */
  info?: readonly (readonly [string, string])[];
}

const other = (side: 'S' | 'H'): 'S' | 'H' => (side === 'S' ? 'H' : 'S');

/** The tax cases whose bookings name the customer's VAT ID (the recapitulative statement's cases). */
const EU_CASES: readonly TaxCase[] = ['intra_eu', 'reverse_charge'];

/**
 * DATEV's Kurs for a rate in euros per unit: units per euro (Mengennotierung, as DATEV's tables quote a
 * non-euro currency), six decimals at most and two at least: 0.9213 -> "1.085423".
 */
export function kursOf(euroRate: string): string {
  const millionths = toFixedString(round(mul(div(dec('1'), dec(euroRate)), dec('1000000')), 0), 0);
  const digits = millionths.padStart(7, '0');
  const fraction = digits.slice(-6).replace(/0{1,4}$/, '');
  return `${digits.slice(0, -6)}.${fraction}`;
}

/**
 * The gross per tax case (taxable amount plus tax of each group); whatever the groups do not cover of the
 * total (an amount outside every tax group) is booked as `other` so the bookings always sum to the total.
 */
function grossByCase(doc: BookedDocument): Map<TaxCase, Decimal> {
  const byCase = new Map<TaxCase, Decimal>();
  for (const group of doc.taxGroups) {
    const taxCase = taxCaseOf(
      group.category,
      group.rate,
      doc.counterparty ?? null,
      doc.smallBusiness ?? false,
    );
    const gross = add(dec(group.taxable_amount), dec(group.tax_amount));
    byCase.set(taxCase, add(byCase.get(taxCase) ?? dec('0'), gross));
  }
  const rest = sub(dec(doc.total), sum([...byCase.values()]));
  if (!isZero(rest)) byCase.set('other', add(byCase.get('other') ?? dec('0'), rest));
  return byCase;
}

/**
 * What was paid in advance (BT-113), per tax case, to be booked back (a final invoice's: datev-lines.ts
 * passes it only for the kinds that deduct partial invoices): those were booked as revenue (or expense)
 * when they were issued (or received), so the final invoice's full amount would count them twice; booked
 * back, the document books what is left to pay, and its VAT. With several tax cases it is split in
 * proportion to their gross (largest remainder, to the cent), as the data does not say how the
 * prepayments split; more than the total is split the same way (the debtor then shows what is owed back).
 * A negative document's negative prepaid amount likewise; nothing where the signs are mixed (but for a
 * received file's leftover of less than a unit).
 */
function prepaidByCase(doc: BookedDocument, byCase: Map<TaxCase, Decimal>): Map<TaxCase, Decimal> {
  const prepaid = doc.prepaid ? dec(doc.prepaid) : null;
  if (prepaid === null || isZero(prepaid)) return new Map();
  const negative = isNegative(prepaid);
  const signed = TAX_CASES.filter((c) => !isZero(byCase.get(c) ?? dec('0')));
  const cases = signed.filter((c) => isNegative(byCase.get(c) ?? dec('0')) === negative);
  // The other sign only as a received file's leftover (its stated total a little off its groups', below
  // one unit, BR-CO-17's tolerance, booked as `other`): left out of the split. Any other: nothing.
  const against = signed.filter((c) => !cases.includes(c));
  const leftover =
    against.length === 1 && against[0] === 'other' && lt(abs(byCase.get('other') ?? dec('0')), dec('1'));
  if (cases.length === 0 || (against.length > 0 && !leftover)) return new Map();
  const units = (d: Decimal) => toMinorUnits(abs(d), 2);
  const shares = allocateUnits(
    units(prepaid),
    cases.map((c) => units(byCase.get(c) ?? dec('0'))),
  );
  return new Map(
    cases.map((c, i) => {
      const share = fromMinorUnits(shares[i] ?? 0n, 2);
      return [c, negative ? neg(share) : share];
    }),
  );
}

/**
 * The document's bookings, in the order of TAX_CASES; a negative amount books the other way round. Then
 * what was paid in advance, booked back on the same accounts the other way round ("Anzahlungen …").
 */
export function bookingsOf(doc: BookedDocument, accounts: AccountMap): Booking[] {
  const byCase = grossByCase(doc);
  const kurs = doc.euroRate ? kursOf(doc.euroRate) : null;
  const booking = (taxCase: TaxCase, gross: Decimal, side: 'S' | 'H', text: string): Booking => {
    const negative = isNegative(gross);
    const amount = negative ? neg(gross) : gross;
    const assignment = accounts[taxCase];
    return {
      amount: toFixedString(amount, 2),
      side: negative ? other(side) : side,
      currency: doc.currency,
      foreign:
        kurs !== null && doc.euroRate
          ? { kurs, baseAmount: toFixedString(mul(amount, dec(doc.euroRate)), 2) }
          : null,
      account: doc.account,
      counterAccount: assignment.account,
      taxKey: assignment.tax_key,
      date: doc.date,
      reference: doc.reference,
      text,
      euVatId: EU_CASES.includes(taxCase) ? (doc.euVatId ?? null) : null,
      costCentre: doc.costCentre ?? null,
      supplyDate: doc.supplyDate ?? null,
      info: doc.info ?? [],
    };
  };
  const bookings: Booking[] = [];
  for (const taxCase of TAX_CASES) {
    const gross = byCase.get(taxCase);
    if (gross !== undefined && !isZero(gross)) bookings.push(booking(taxCase, gross, doc.side, doc.text));
  }
  const prepaid = prepaidByCase(doc, byCase);
  for (const taxCase of TAX_CASES) {
    const share = prepaid.get(taxCase);
    if (share !== undefined && !isZero(share))
      bookings.push(booking(taxCase, share, other(doc.side), `Anzahlungen ${doc.text}`));
  }
  return bookings;
}

export const flipped = other;
