// Open items and their ageing (docs/reports.md). The receivables and payables reports are summed by the
// database (the documents' and received documents' summing readers) and their sums gathered here per party
// and currency; the customer statement, which lists its items, computes them from rows (`openPosition`:
// no database here, async only to give the event loop its turns while thousands of documents are summed).
import { add, type Decimal, dec, isNegative, isZero, sub, toFixedString } from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import { addDays, daysBetween } from '../../shared/dates';
import type { OpenClass } from '../documents';
import { money } from './exact';
import { type Pace, pacer } from './pace';

export const BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** A claim (an invoice) or a credit (a credit note) of one party, in one currency. */
export interface Claim {
  id: string;
  number: string | null;
  partyId: string;
  currency: string;
  /** YYYY-MM-DD; claims issued after the report's date do not count yet. */
  issueDate: string;
  dueDate: string | null;
  /** What the document asks for: its amount due (BT-115), or for a credit its amount. */
  amount: string;
  kind: 'claim' | 'credit';
  /** A credit note's invoice: the credit settles that claim first. */
  appliesTo: string | null;
}

export interface Settlement {
  claimId: string;
  /** YYYY-MM-DD; payments dated after the report's date do not count. */
  date: string;
  amount: string;
}

export interface OpenItem {
  claim: Claim;
  open: Decimal;
  /** Whole days past the due date on the report's date; 0 when not yet due (or on the due date). */
  daysOverdue: number;
}

export interface OpenPosition {
  items: OpenItem[];
  /** Per `partyId|currency`: credit notes and overpayments not absorbed by a claim (what the party is owed). */
  credits: Map<string, Decimal>;
}

export const fixed = (value: Decimal, currency: string) => toFixedString(value, minorUnitsOf(currency));

const keyOf = (partyId: string, currency: string) => `${partyId}|${currency}`;

function addTo(map: Map<string, Decimal>, key: string, value: Decimal) {
  map.set(key, add(map.get(key) ?? dec('0'), value));
}

/**
 * What each claim still asks for on `asOf`: its amount less the settlements dated on or before it and the
 * credits issued on or before it that name it. A claim left negative (overpaid, or credited beyond what was
 * open) and a credit naming no counted claim become the party's credit, not an item.
 */
export async function openPosition(
  claims: readonly Claim[],
  settlements: readonly Settlement[],
  asOf: string,
  pace: Pace = pacer(),
): Promise<OpenPosition> {
  const counted = claims.filter((c) => c.issueDate <= asOf);
  const byId = new Map(counted.filter((c) => c.kind === 'claim').map((c) => [c.id, c]));
  const reduced = new Map<string, Decimal>();
  const credits = new Map<string, Decimal>();
  for (const s of settlements) {
    if (s.date <= asOf && byId.has(s.claimId)) addTo(reduced, s.claimId, dec(s.amount));
    await pace();
  }
  for (const credit of counted) {
    if (credit.kind !== 'credit') continue;
    const target = credit.appliesTo ? byId.get(credit.appliesTo) : undefined;
    if (target && target.currency === credit.currency) addTo(reduced, target.id, dec(credit.amount));
    else addTo(credits, keyOf(credit.partyId, credit.currency), dec(credit.amount));
    await pace();
  }
  const items: OpenItem[] = [];
  for (const claim of byId.values()) {
    await pace();
    const open = sub(dec(claim.amount), reduced.get(claim.id) ?? dec('0'));
    if (isNegative(open)) addTo(credits, keyOf(claim.partyId, claim.currency), sub(dec('0'), open));
    if (isZero(open) || isNegative(open)) continue;
    const late = claim.dueDate !== null && claim.dueDate < asOf ? daysBetween(claim.dueDate, asOf) : 0;
    items.push({ claim, open, daysOverdue: late });
  }
  return { items, credits };
}

export interface AgeingFigures {
  currency: string;
  /** Items less credits: what the party owes (negative: what it is owed). */
  open: string;
  /** Items not yet past their due date. */
  current: string;
  overdue: string;
  credits: string;
  ageing: Record<Bucket, string>;
  open_items: number;
}

/** What one party owes in one currency, in ten-billionths (exact.ts), as the database summed it. */
export interface PartySums {
  current: bigint;
  overdue: bigint;
  credits: bigint;
  buckets: Record<Bucket, bigint>;
  count: number;
}

const emptySums = (): PartySums => ({
  current: 0n,
  overdue: 0n,
  credits: 0n,
  buckets: { '0-30': 0n, '31-60': 0n, '61-90': 0n, '90+': 0n },
  count: 0,
});

/** Per `partyId|currency`: the sums of the summing readers' rows (openInvoiceSums, payableSums). */
export class PartyLedger {
  readonly parties = new Map<string, PartySums>();

  private of(partyId: string, currency: string): PartySums {
    return entryOf(this.parties, keyOf(partyId, currency), emptySums);
  }

  /**
   * `count` claims of the class, open `value` in all: a negative open amount (overpaid, credited beyond
   * what was asked) is the party's credit; a settled one counts for nothing.
   */
  addOpen(partyId: string, currency: string, cls: OpenClass, count: number, value: bigint) {
    if (cls === 'settled') return;
    const sums = this.of(partyId, currency);
    if (cls === 'credit') sums.credits -= value;
    else {
      sums.count += count;
      if (cls === 'current') sums.current += value;
      else {
        sums.overdue += value;
        sums.buckets[cls] += value;
      }
    }
  }

  /** A credit note that settles no claim, or a supplier's: what the party is owed. */
  addCredit(partyId: string, currency: string, value: bigint) {
    this.of(partyId, currency).credits += value;
  }
}

function figuresOf(currency: string, s: PartySums): AgeingFigures {
  const f = (v: bigint) => money(v, currency);
  return {
    currency,
    open: f(s.current + s.overdue - s.credits),
    current: f(s.current),
    overdue: f(s.overdue),
    credits: f(s.credits),
    ageing: {
      '0-30': f(s.buckets['0-30']),
      '31-60': f(s.buckets['31-60']),
      '61-90': f(s.buckets['61-90']),
      '90+': f(s.buckets['90+']),
    },
    open_items: s.count,
  };
}

const byCode = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The ledger as figures per currency and per party and currency, currencies in code order and parties by
 * `partyId|currency`. A party appears with open items or credits (credits summing to zero are none).
 */
export function ageingOf(ledger: PartyLedger): {
  totals: AgeingFigures[];
  parties: { partyId: string; figures: AgeingFigures }[];
} {
  const perCurrency = new Map<string, PartySums>();
  const parties: [string, PartySums][] = [];
  for (const [key, s] of ledger.parties) {
    if (s.count === 0 && s.credits === 0n) continue;
    parties.push([key, s]);
    const total = entryOf(perCurrency, key.slice(key.lastIndexOf('|') + 1), emptySums);
    total.count += s.count;
    total.current += s.current;
    total.overdue += s.overdue;
    total.credits += s.credits;
    for (const bucket of BUCKETS) total.buckets[bucket] += s.buckets[bucket];
  }
  return {
    totals: [...perCurrency].sort(byCode).map(([currency, s]) => figuresOf(currency, s)),
    parties: parties.sort(byCode).map(([key, s]) => {
      const cut = key.lastIndexOf('|');
      return { partyId: key.slice(0, cut), figures: figuresOf(key.slice(cut + 1), s) };
    }),
  };
}

/** The first due dates of the buckets 0-30, 31-60 and 61-90 days past due on `asOf`. */
export const dueFromOf = (asOf: string): [string, string, string] => [
  addDays(asOf, -30),
  addDays(asOf, -60),
  addDays(asOf, -90),
];

/** The map's value under `key`, made and stored first when missing. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}
