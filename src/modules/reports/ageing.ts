// Open items and their ageing: computation over rows the repos read (no database here), shared by the
// receivables report, the payables report and the customer statement (docs/reports.md). Async only to give
// the event loop its turns (`pace`) while tens of thousands of documents are summed.
import { add, type Decimal, dec, isNegative, isZero, sub, toFixedString } from '../../domain/money';
import { minorUnitsOf } from '../../domain/reference';
import { daysBetween } from '../../shared/dates';
import { mapPaced, type Pace, pacer } from './pace';

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

export function bucketOf(days: number): Bucket {
  return days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';
}

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

interface Sums {
  current: Decimal;
  overdue: Decimal;
  credits: Decimal;
  buckets: Record<Bucket, Decimal>;
  count: number;
}

const emptySums = (): Sums => ({
  current: dec('0'),
  overdue: dec('0'),
  credits: dec('0'),
  buckets: { '0-30': dec('0'), '31-60': dec('0'), '61-90': dec('0'), '90+': dec('0') },
  count: 0,
});

function figuresOf(currency: string, s: Sums): AgeingFigures {
  const f = (v: Decimal) => fixed(v, currency);
  return {
    currency,
    open: f(sub(add(s.current, s.overdue), s.credits)),
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

/** The position summed per currency and per party and currency, currencies in code order. */
export async function ageingOf(
  position: OpenPosition,
  pace: Pace = pacer(),
): Promise<{
  totals: AgeingFigures[];
  parties: { partyId: string; figures: AgeingFigures }[];
}> {
  const perCurrency = new Map<string, Sums>();
  const perParty = new Map<string, Sums>();
  const sumsIn = (map: Map<string, Sums>, key: string) => entryOf(map, key, emptySums);
  for (const item of position.items) {
    await pace();
    const { currency, partyId } = item.claim;
    for (const s of [sumsIn(perCurrency, currency), sumsIn(perParty, keyOf(partyId, currency))]) {
      s.count += 1;
      if (item.daysOverdue > 0) {
        s.overdue = add(s.overdue, item.open);
        const bucket = bucketOf(item.daysOverdue);
        s.buckets[bucket] = add(s.buckets[bucket], item.open);
      } else s.current = add(s.current, item.open);
    }
  }
  for (const [key, credit] of position.credits) {
    await pace();
    if (isZero(credit)) continue;
    const currency = key.slice(key.lastIndexOf('|') + 1);
    for (const s of [sumsIn(perCurrency, currency), sumsIn(perParty, key)])
      s.credits = add(s.credits, credit);
  }
  const byCode = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    totals: [...perCurrency].sort(byCode).map(([currency, s]) => figuresOf(currency, s)),
    parties: await mapPaced(
      [...perParty].sort(byCode),
      ([key, s]) => {
        const cut = key.lastIndexOf('|');
        return { partyId: key.slice(0, cut), figures: figuresOf(key.slice(cut + 1), s) };
      },
      pace,
    ),
  };
}

/** The map's value under `key`, made and stored first when missing. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}
