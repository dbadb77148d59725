// The bookings of one document: one per tax case (a document with 19 % and 7 % lines gives two), gross
// amounts, the party's personal account against the revenue or expense account of the case.
import {
  abs,
  add,
  allocateUnits,
  cmp,
  type Decimal,
  dec,
  div,
  eq,
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

/** An invoice a final invoice deducts: its total (BT-112) and its own tax groups, as stored. */
export interface DeductedInvoice {
  total: string;
  taxGroups: readonly TaxGroupFigures[];
  /**
   * Its own rate to the euro (`BookedDocument.euroRate`), at which it was booked when issued and is booked
   * back; undefined when not known (the final invoice's is taken).
   */
  euroRate?: string | null;
}

export interface BookedDocument {
  /** The gross total (BT-112) the bookings add up to. */
  total: string;
  /**
   * Third-party payments (BG-DEX-09, durchlaufende Posten) the amount due adds to the total, and the
   * account they are booked to (TRANSIT_ACCOUNTS): the personal account is left with what is paid.
   */
  thirdParty?: { amount: string; account: string } | null;
  /** BT-113 of a final invoice: what was paid in advance, booked back against the total (prepaidByCase). */
  prepaid?: string | null;
  /**
   * The invoices the final invoice deducts by reference (data.deductions), each with its total and ITS OWN
   * stored tax groups (datev-lines.ts reads them), `prepaid` their sum: each is booked back under the tax
   * cases of its own groups, at each group's gross (as it was booked when issued), so the VAT DATEV works
   * out is per rate what each stated, whatever rates the final invoice has (not `prepaid` split by them),
   * and in another currency at each one's own rate to the euro.
   */
  deducted?: readonly DeductedInvoice[] | null;
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
  /**
   * An issued document to a consumer in another EU country (no VAT ID): its S groups at rates other than
   * Germany's are OSS distance sales, booked per rate with the buyer's country (field 40), the rate (41)
   * and the seller's VAT ID (field 123, EU-Land u. UStID (Ursprung)) as DATEV asks of them.
   */
  oss?: { country: string; origin: string | null } | null;
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
 * What a booking is told apart by: its tax case and, for an EU distance sale taxed in the buyer's country
 * (OSS), the rate it is taxed at there, which DATEV wants on each booking (EU-Steuersatz, field 41).
 */
interface BookingKey {
  taxCase: TaxCase;
  ossRate: string | null;
}

const keyOf = (key: BookingKey) => (key.ossRate === null ? key.taxCase : `${key.taxCase} ${key.ossRate}`);

/**
 * A distance sale to a consumer in another EU country taxed there (the One-Stop-Shop): an issued document's
 * S group at a rate other than Germany's two, the buyer in another EU country without a VAT ID (to a firm,
 * the reverse charge or an intra-community supply applies). Its rate, else null.
 */
function ossRateOf(doc: BookedDocument, group: TaxGroupFigures, taxCase: TaxCase): string | null {
  if (!doc.oss || taxCase !== 'other') return null;
  const code = (group.category ?? '').trim().toUpperCase();
  if (code !== 'S' || isZero(dec(group.rate))) return null;
  return toFixedString(dec(group.rate), 2);
}

/**
 * The gross per booking key (taxable amount plus tax of each group), in the order of TAX_CASES and, within
 * one, of the rates; whatever the groups do not cover of the total (an amount outside every tax group) is
 * booked as `other` so the bookings always sum to the total.
 */
function grossByKey(doc: BookedDocument): Map<string, { key: BookingKey; gross: Decimal }> {
  const byKey = new Map<string, { key: BookingKey; gross: Decimal }>();
  const put = (key: BookingKey, gross: Decimal) => {
    const found = byKey.get(keyOf(key));
    byKey.set(keyOf(key), { key, gross: found ? add(found.gross, gross) : gross });
  };
  for (const group of doc.taxGroups) {
    const taxCase = taxCaseOf(
      group.category,
      group.rate,
      doc.counterparty ?? null,
      doc.smallBusiness ?? false,
    );
    put(
      { taxCase, ossRate: ossRateOf(doc, group, taxCase) },
      add(dec(group.taxable_amount), dec(group.tax_amount)),
    );
  }
  const rest = sub(dec(doc.total), sum([...byKey.values()].map((entry) => entry.gross)));
  if (!isZero(rest)) put({ taxCase: 'other', ossRate: null }, rest);
  const order = (key: BookingKey) => TAX_CASES.indexOf(key.taxCase);
  const rate = (key: BookingKey) => (key.ossRate === null ? dec('-1') : dec(key.ossRate));
  return new Map(
    [...byKey.entries()].sort(([, a], [, b]) => order(a.key) - order(b.key) || cmp(rate(a.key), rate(b.key))),
  );
}

/**
 * What was paid in advance (BT-113), per booking key, to be booked back (a final invoice's: datev-lines.ts
 * passes it only for the kinds that deduct partial invoices): those were booked as revenue (or expense)
 * when they were issued (or received), so the final invoice's full amount would count them twice; booked
 * back, the document books what is left to pay, and its VAT. With several keys it is split in
 * proportion to their gross (largest remainder, to the cent), as the data does not say how the
 * prepayments split; more than the total is split the same way (the debtor then shows what is owed back).
 * A negative document's negative prepaid amount likewise; nothing where the signs are mixed (but for a
 * received file's leftover of less than a unit).
 */
function prepaidByKey(
  doc: BookedDocument,
  byKey: Map<string, { key: BookingKey; gross: Decimal }>,
): Map<string, Decimal> {
  const prepaid = doc.prepaid ? dec(doc.prepaid) : null;
  if (prepaid === null || isZero(prepaid)) return new Map();
  const negative = isNegative(prepaid);
  const gross = (k: string) => byKey.get(k)?.gross ?? dec('0');
  const signed = [...byKey.keys()].filter((k) => !isZero(gross(k)));
  const keys = signed.filter((k) => isNegative(gross(k)) === negative);
  // The other sign only as a received file's leftover (its stated total a little off its groups', below
  // one unit, BR-CO-17's tolerance, booked as `other`): left out of the split. Any other: nothing.
  const against = signed.filter((k) => !keys.includes(k));
  const leftover = against.length === 1 && against[0] === 'other' && lt(abs(gross('other')), dec('1'));
  if (keys.length === 0 || (against.length > 0 && !leftover)) return new Map();
  const units = (d: Decimal) => toMinorUnits(abs(d), 2);
  const shares = allocateUnits(
    units(prepaid),
    keys.map((k) => units(gross(k))),
  );
  return new Map(
    keys.map((k, i) => {
      const share = fromMinorUnits(shares[i] ?? 0n, 2);
      return [k, negative ? neg(share) : share];
    }),
  );
}

/**
 * The document's bookings, in the order of TAX_CASES; a negative amount books the other way round. Then
 * what was paid in advance, booked back the other way round ("Anzahlungen …"): each deducted invoice
 * (`deducted`) on the accounts of its own tax cases, else `prepaid` on the document's (prepaidByKey).
 */
export function bookingsOf(doc: BookedDocument, accounts: AccountMap): Booking[] {
  const byKey = grossByKey(doc);
  const booking = (
    key: BookingKey,
    gross: Decimal,
    side: 'S' | 'H',
    text: string,
    euroRate = doc.euroRate,
  ): Booking => {
    const negative = isNegative(gross);
    const amount = negative ? neg(gross) : gross;
    const assignment = accounts[key.taxCase];
    return {
      amount: toFixedString(amount, 2),
      side: negative ? other(side) : side,
      currency: doc.currency,
      foreign: euroRate
        ? { kurs: kursOf(euroRate), baseAmount: toFixedString(mul(amount, dec(euroRate)), 2) }
        : null,
      account: doc.account,
      counterAccount: assignment.account,
      taxKey: assignment.tax_key,
      date: doc.date,
      reference: doc.reference,
      text,
      euVatId: EU_CASES.includes(key.taxCase) ? (doc.euVatId ?? null) : null,
      oss: key.ossRate !== null && doc.oss ? { ...doc.oss, rate: key.ossRate } : null,
      costCentre: doc.costCentre ?? null,
      supplyDate: doc.supplyDate ?? null,
      info: doc.info ?? [],
    };
  };
  const bookings: Booking[] = [];
  for (const { key, gross } of byKey.values())
    if (!isZero(gross)) bookings.push(booking(key, gross, doc.side, doc.text));
  const text = `Anzahlungen ${doc.text}`;
  const parts = doc.deducted ?? [];
  const partsArePrepaid =
    parts.length > 0 &&
    !!doc.prepaid &&
    !isZero(dec(doc.prepaid)) &&
    eq(sum(parts.map((p) => dec(p.total))), dec(doc.prepaid));
  if (partsArePrepaid) {
    // Each deducted invoice under its own tax cases, at the gross of each (its own groups, its total's rest
    // outside them as `other`, as grossByKey booked it when it was issued) and at its own rate to the euro:
    // the booking taken back as made.
    for (const part of parts)
      for (const { key, gross } of grossByKey({
        ...doc,
        total: part.total,
        taxGroups: part.taxGroups,
      }).values())
        if (!isZero(gross))
          bookings.push(booking(key, gross, other(doc.side), text, part.euroRate ?? doc.euroRate));
  } else {
    for (const [k, share] of prepaidByKey(doc, byKey)) {
      const key = byKey.get(k)?.key;
      if (key && !isZero(share)) bookings.push(booking(key, share, other(doc.side), text));
    }
  }
  const thirdParty = doc.thirdParty ? dec(doc.thirdParty.amount) : null;
  if (doc.thirdParty && thirdParty !== null && !isZero(thirdParty)) {
    // Not a tax case: no VAT, no EU or OSS fields; the same personal account, the transit account against it.
    const text = `Durchlaufende Posten ${doc.text}`;
    bookings.push({
      ...booking({ taxCase: 'other', ossRate: null }, thirdParty, doc.side, text),
      counterAccount: doc.thirdParty.account,
      taxKey: null,
    });
  }
  return bookings;
}

export const flipped = other;
