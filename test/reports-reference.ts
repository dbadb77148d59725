import type { DbOrTx } from '../src/db/client';
import {
  add,
  type Decimal,
  dec,
  isNegative,
  isZero,
  normalizeRate,
  sub,
  toFixedString,
  toPlainString,
} from '../src/domain/money';
import { minorUnitsOf } from '../src/domain/reference';
import { findCustomer } from '../src/modules/customers';
import { type DocumentRow, issuedForReports } from '../src/modules/documents';
import { listPayments } from '../src/modules/payments';
import {
  type ReceivedDocumentRow,
  receivedForReports,
  receivedPaymentsForReports,
} from '../src/modules/receiving';
import { daysBetween } from '../src/shared/dates';
import type { PageRequest } from '../src/shared/pagination';

// ---------------------------------------------------------------------------------------------------
// The reference: the reports as they were summed in memory before issue 42 (src/modules/reports at
// f9e3d84: ageing.ts, claims.ts, periods.ts, use-cases/receivables.ts and revenue.ts), without the turns
// of the event loop, reading through the same readers.
// ---------------------------------------------------------------------------------------------------

type Bucket = '0-30' | '31-60' | '61-90' | '90+';
interface Claim {
  id: string;
  partyId: string;
  currency: string;
  issueDate: string;
  dueDate: string | null;
  amount: string;
  kind: 'claim' | 'credit';
  appliesTo: string | null;
}
interface Settlement {
  claimId: string;
  date: string;
  amount: string;
}
interface Sums {
  current: Decimal;
  overdue: Decimal;
  credits: Decimal;
  buckets: Record<Bucket, Decimal>;
  count: number;
}

const fixed = (value: Decimal, currency: string) => toFixedString(value, minorUnitsOf(currency));
const bucketOf = (days: number): Bucket =>
  days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';
const keyOf = (partyId: string, currency: string) => `${partyId}|${currency}`;
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}
const addTo = (map: Map<string, Decimal>, key: string, value: Decimal) =>
  map.set(key, add(map.get(key) ?? dec('0'), value));

async function readAll<R extends { id: string }>(list: (page: PageRequest) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  let after: string | null = null;
  for (;;) {
    const found = await list({ limit: 250, after });
    const page = found.slice(0, 250);
    out.push(...page);
    if (found.length <= 250 || page.length === 0) return out;
    after = page[page.length - 1]?.id ?? null;
  }
}

function claimOfDocument(row: DocumentRow): Claim {
  const credit = row.documentType === 'credit_note';
  return {
    id: row.id,
    partyId: row.customerId,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: credit ? null : row.dueDate,
    amount: row.totals.amount_due ?? row.totals.total,
    kind: credit ? 'credit' : 'claim',
    appliesTo: credit ? row.sourceDocumentId : null,
  };
}
/** A supplier's VAT id as the payables compare it: without blanks and line breaks, upper case. */
const bareTaxId = (id: string | null) => (id ?? '').replace(/[ \t\n\r\u00a0]/g, '').toUpperCase();
const supplierKey = (row: ReceivedDocumentRow) =>
  bareTaxId(row.sellerTaxId) ? `tax:${bareTaxId(row.sellerTaxId)}` : `name:${row.sellerName ?? ''}`;
const receivedDate = (row: ReceivedDocumentRow) => row.issueDate ?? row.createdAt.slice(0, 10);
function claimOfReceived(row: ReceivedDocumentRow): Claim {
  const credit = row.documentType === 'credit_note';
  return {
    id: row.id,
    partyId: supplierKey(row),
    currency: row.currency,
    issueDate: receivedDate(row),
    dueDate: credit ? null : row.dueDate,
    amount: row.amountDue,
    kind: credit ? 'credit' : 'claim',
    appliesTo: null,
  };
}

function openPosition(claims: Claim[], settlements: Settlement[], asOf: string) {
  const counted = claims.filter((c) => c.issueDate <= asOf);
  const byId = new Map(counted.filter((c) => c.kind === 'claim').map((c) => [c.id, c]));
  const reduced = new Map<string, Decimal>();
  const credits = new Map<string, Decimal>();
  for (const s of settlements)
    if (s.date <= asOf && byId.has(s.claimId)) addTo(reduced, s.claimId, dec(s.amount));
  for (const credit of counted) {
    if (credit.kind !== 'credit') continue;
    const target = credit.appliesTo ? byId.get(credit.appliesTo) : undefined;
    if (target && target.currency === credit.currency) addTo(reduced, target.id, dec(credit.amount));
    else addTo(credits, keyOf(credit.partyId, credit.currency), dec(credit.amount));
  }
  const items: { claim: Claim; open: Decimal; daysOverdue: number }[] = [];
  for (const claim of byId.values()) {
    const open = sub(dec(claim.amount), reduced.get(claim.id) ?? dec('0'));
    if (isNegative(open)) addTo(credits, keyOf(claim.partyId, claim.currency), sub(dec('0'), open));
    if (isZero(open) || isNegative(open)) continue;
    const late = claim.dueDate !== null && claim.dueDate < asOf ? daysBetween(claim.dueDate, asOf) : 0;
    items.push({ claim, open, daysOverdue: late });
  }
  return { items, credits };
}

const emptySums = (): Sums => ({
  current: dec('0'),
  overdue: dec('0'),
  credits: dec('0'),
  buckets: { '0-30': dec('0'), '31-60': dec('0'), '61-90': dec('0'), '90+': dec('0') },
  count: 0,
});
function figuresOf(currency: string, s: Sums) {
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
function ageingOf(position: ReturnType<typeof openPosition>) {
  const perCurrency = new Map<string, Sums>();
  const perParty = new Map<string, Sums>();
  for (const item of position.items) {
    const { currency, partyId } = item.claim;
    for (const s of [
      entryOf(perCurrency, currency, emptySums),
      entryOf(perParty, keyOf(partyId, currency), emptySums),
    ]) {
      s.count += 1;
      if (item.daysOverdue > 0) {
        s.overdue = add(s.overdue, item.open);
        const bucket = bucketOf(item.daysOverdue);
        s.buckets[bucket] = add(s.buckets[bucket], item.open);
      } else s.current = add(s.current, item.open);
    }
  }
  for (const [key, credit] of position.credits) {
    if (isZero(credit)) continue;
    const currency = key.slice(key.lastIndexOf('|') + 1);
    for (const s of [entryOf(perCurrency, currency, emptySums), entryOf(perParty, key, emptySums)])
      s.credits = add(s.credits, credit);
  }
  const byCode = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    totals: [...perCurrency].sort(byCode).map(([currency, s]) => figuresOf(currency, s)),
    parties: [...perParty].sort(byCode).map(([key, s]) => {
      const cut = key.lastIndexOf('|');
      return { partyId: key.slice(0, cut), figures: figuresOf(key.slice(cut + 1), s) };
    }),
  };
}
const byName = new Intl.Collator().compare;

export async function referenceReceivables(db: DbOrTx, accountId: string, asOf: string) {
  const claims = (await readAll((page) => issuedForReports(db, accountId, { issuedTo: asOf }, page))).map(
    claimOfDocument,
  );
  const settlements = (await readAll((page) => listPayments(db, accountId, { dateTo: asOf }, page))).map(
    (p) => ({
      claimId: p.documentId,
      date: p.date,
      amount: p.amount,
    }),
  );
  const { totals, parties } = ageingOf(openPosition(claims, settlements, asOf));
  const named = [];
  for (const { partyId, figures } of parties) {
    const name = (await findCustomer(db, accountId, partyId))?.name ?? '';
    named.push({ customer: { id: partyId, name }, ...figures });
  }
  named.sort((a, b) => byName(a.customer.name, b.customer.name) || byName(a.currency, b.currency));
  return { as_of: asOf, currencies: totals, customers: named };
}

export async function referencePayables(db: DbOrTx, accountId: string, asOf: string) {
  const suppliers = new Map<string, { name: string | null; tax_id: string | null; order: string }>();
  const claims = (await readAll((page) => receivedForReports(db, accountId, page))).map((row) => {
    const key = supplierKey(row);
    const order = `${row.issueDate ?? ''}|${row.id}`;
    const known = suppliers.get(key);
    if (!known || known.order < order)
      suppliers.set(key, { name: row.sellerName, tax_id: row.sellerTaxId, order });
    return claimOfReceived(row);
  });
  const settlements = (await readAll((page) => receivedPaymentsForReports(db, accountId, asOf, page))).map(
    (p) => ({
      claimId: p.receivedDocumentId,
      date: p.date,
      amount: p.amount,
    }),
  );
  const { totals, parties } = ageingOf(openPosition(claims, settlements, asOf));
  const named = parties.map(({ partyId, figures }) => {
    const s = suppliers.get(partyId);
    return { supplier: s ? { name: s.name, tax_id: s.tax_id } : { name: null, tax_id: null }, ...figures };
  });
  named.sort(
    (a, b) => byName(a.supplier.name ?? '', b.supplier.name ?? '') || byName(a.currency, b.currency),
  );
  return { as_of: asOf, currencies: totals, suppliers: named };
}

interface PeriodEntry {
  currency: string;
  date: string;
  sign: 1 | -1;
  net: string;
  tax: string;
  gross: string;
  groups: { category: string | null; rate: string; net: string; tax: string }[] | null;
}
const signed = (value: string, sign: 1 | -1) => (sign === 1 ? dec(value) : sub(dec('0'), dec(value)));
const netOf = (total: string, tax: string) => toPlainString(sub(dec(total), dec(tax)));

function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (;;) {
    const label = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(label);
    if (label >= to.slice(0, 7)) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

function periodFigures(entries: PeriodEntry[], from: string, to: string, byRate: boolean) {
  type RateSum = { category: string | null; rate: string; net: Decimal; tax: Decimal };
  type Month = {
    sum: { net: Decimal; tax: Decimal; gross: Decimal };
    count: number;
    rates: Map<string, RateSum>;
  };
  const zero = () => ({ net: dec('0'), tax: dec('0'), gross: dec('0') });
  const perCurrency = new Map<string, Map<string, Month>>();
  for (const e of entries) {
    const m = entryOf(
      entryOf(perCurrency, e.currency, () => new Map<string, Month>()),
      e.date.slice(0, 7),
      () => ({
        sum: zero(),
        count: 0,
        rates: new Map<string, RateSum>(),
      }),
    );
    m.count += 1;
    m.sum.net = add(m.sum.net, signed(e.net, e.sign));
    m.sum.tax = add(m.sum.tax, signed(e.tax, e.sign));
    m.sum.gross = add(m.sum.gross, signed(e.gross, e.sign));
    if (!byRate || !e.groups) continue;
    const file = (category: string | null, rate: string, net: Decimal, tax: Decimal) => {
      const normal = normalizeRate(rate);
      const r = entryOf(m.rates, `${category ?? ''}|${normal}`, () => ({
        category,
        rate: normal,
        net: dec('0'),
        tax: dec('0'),
      }));
      r.net = add(r.net, net);
      r.tax = add(r.tax, tax);
    };
    let uncovered = dec(e.net);
    for (const g of e.groups) {
      file(g.category, g.rate, signed(g.net, e.sign), signed(g.tax, e.sign));
      uncovered = sub(uncovered, dec(g.net));
    }
    if (!isZero(uncovered)) file(null, '0', e.sign === 1 ? uncovered : sub(dec('0'), uncovered), dec('0'));
  }
  return [...perCurrency.keys()].sort().map((currency) => {
    const monthsOf = perCurrency.get(currency) ?? new Map<string, Month>();
    const total = zero();
    const f = (v: Decimal) => fixed(v, currency);
    const list = monthsBetween(from, to).map((month) => {
      const m = monthsOf.get(month);
      const sum = m?.sum ?? zero();
      total.net = add(total.net, sum.net);
      total.tax = add(total.tax, sum.tax);
      total.gross = add(total.gross, sum.gross);
      const base = { month, net: f(sum.net), tax: f(sum.tax), gross: f(sum.gross), documents: m?.count ?? 0 };
      if (!byRate) return base;
      const rates = [...(m?.rates.values() ?? [])]
        .filter((r) => !isZero(r.net) || !isZero(r.tax))
        .sort((a, b) => Number(b.rate) - Number(a.rate) || (a.category ?? '').localeCompare(b.category ?? ''))
        .map((r) => ({ category: r.category, rate: r.rate, net: f(r.net), tax: f(r.tax) }));
      return { ...base, by_tax_rate: rates };
    });
    return { currency, net: f(total.net), tax: f(total.tax), gross: f(total.gross), months: list };
  });
}

const rangeOf = (from: string, to: string) => ({ from, to, group: 'month', basis: 'issue_date' });

export async function referenceRevenue(db: DbOrTx, accountId: string, from: string, to: string) {
  const rows = await readAll((page) =>
    issuedForReports(db, accountId, { issuedFrom: from, issuedTo: to }, page),
  );
  const entries: PeriodEntry[] = rows.map((row) => ({
    currency: row.currency,
    date: row.issueDate,
    sign: row.documentType === 'credit_note' ? -1 : 1,
    net: netOf(row.totals.total, row.totals.tax_total),
    tax: row.totals.tax_total,
    gross: row.totals.total,
    groups: (row.totals.tax_groups ?? []).map((g) => ({
      category: g.category,
      rate: g.rate,
      net: g.taxable_amount,
      tax: g.tax_amount,
    })),
  }));
  return { ...rangeOf(from, to), currencies: periodFigures(entries, from, to, true) };
}

export async function referenceExpenses(db: DbOrTx, accountId: string, from: string, to: string) {
  const entries: PeriodEntry[] = [];
  for (const row of await readAll((page) => receivedForReports(db, accountId, page))) {
    const date = receivedDate(row);
    if (date < from || date > to) continue;
    entries.push({
      currency: row.currency,
      date,
      sign: row.documentType === 'credit_note' ? -1 : 1,
      net: row.totals.net_total ?? netOf(row.total, row.totals.tax_total ?? '0'),
      tax: row.totals.tax_total ?? '0',
      gross: row.total,
      groups: null,
    });
  }
  return { ...rangeOf(from, to), currencies: periodFigures(entries, from, to, false) };
}
