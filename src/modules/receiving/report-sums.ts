// What the reports sum of received documents (modules/reports, docs/reports.md), summed by the database. The
// payables: one statement over the rows the database keeps per received document (`payableItems`), only
// those not settled for good on the report's day. Expenses: whole months from the sums kept, a part of a
// month from its documents a page at a time (keyset on the day and id).
// Which received documents count is said once, as for `receivedForReports`: those not rejected, and of an
// invoice's several files the one that counts (copies.ts; the kept rows likewise, migration 0040).
import { and, eq, inArray, isNull, lte, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  decimalParts,
  integerText,
  normalizedParts,
  type OpenClass,
  openClass,
  plusParts,
  type SqlParts,
  type Summed,
  type SumPage,
  type SumText,
  sumText,
} from '../documents';
import { payableItems, receivedDocuments as rd, receivedMonthRows, receivedPayments as rp } from './schema';

const column = (name: string) => sql.raw(name);
const sumsOf = (value: SqlParts) => sql`${sumText(value.units)}, ${sumText(value.parts)}`;
/**
 * A received document's date: its issue date, or the day it arrived when the file states none. Written as
 * received_documents_day_idx's expression (migration 0031), so that either engine uses that index.
 */
const receivedDay = sql`coalesce(${rd.issueDate}, substr(${rd.createdAt}, 1, 10))`;

function nextOf(count: number, last: string | null, limit: number): string | null {
  return count >= limit ? last : null;
}

/** The whole units an amount the service holds can have (15 digits: the data's DecimalString). */
const MOST_UNITS = sql.raw('999999999999999');
const LEAST_UNITS = sql.raw('-999999999999999');

/**
 * Whether decimal text (an amount as a received document keeps it) has at most 15 digits before its point:
 * what the sums may add. An older version kept a file's amount of 21 digits as it stood.
 */
const heldAmount = (value: SQLWrapper) =>
  sql`length(CASE WHEN instr(${value}, '.') = 0 THEN ${value} ELSE substr(${value}, 1, instr(${value}, '.') - 1) END) - (CASE WHEN substr(${value}, 1, 1) = '-' THEN 1 ELSE 0 END) <= 15`;

export interface PayableSums {
  /** `tax:<VAT id without blanks, upper case>` or `name:<seller name>` (migration 0037). */
  supplier: string;
  currency: string;
  /** `credit_note`: a supplier's credit. */
  class: OpenClass | 'credit_note';
  count: number;
  /** An invoice's open amount (its amount due less its payments up to the day), a credit note's amount. */
  amount: SumText;
}

const r = payableItems;

/** The class of an open amount on `asOf`, or `credit_note` for a supplier's credit note. */
const classOf = (open: SqlParts, due: SQLWrapper, type: SQLWrapper, query: PayablesQuery) =>
  sql`CASE WHEN ${type} = 'credit_note' THEN 'credit_note' ELSE ${openClass(open, due, query.asOf, query.dueFrom)} END`;

export interface PayablesQuery {
  asOf: string;
  /** The first due dates of the buckets 0-30, 31-60 and 61-90 days past due (asOf less 30, 60, 90). */
  dueFrom: readonly [string, string, string];
}

/**
 * The payables on `asOf` in one statement, so that everything is read as of one moment. Of the account's
 * rows the database keeps (`payableItems`), only those not settled for good by `asOf` and dated on or
 * before it are read (`payable_items_open_idx`, which holds every column read): a row with no payment
 * dated after `asOf` counts as it stands (a credit note: a credit of its supplier); an invoice with one is
 * what the database keeps open on it (its amount due less all its payments) plus its payments dated after
 * `asOf`. Open amounts are classed as the issued invoices' are, per supplier, currency and class.
 */
export async function payableSums(
  db: DbOrTx,
  accountId: string,
  query: PayablesQuery,
): Promise<PayableSums[]> {
  const { asOf } = query;
  const open = and(
    eq(r.accountId, accountId),
    sql`${r.settledFrom} > ${asOf}`,
    lte(r.day, asOf),
    // A document an older version kept with an amount of more than 15 digits (its file is refused now:
    // einvoicing/receive/held-values.ts) is not summed: SQLite's CAST kept it as the largest integer, and
    // the sum's overflow made the whole report a 500.
    sql`${r.openUnits} BETWEEN ${LEAST_UNITS} AND ${MOST_UNITS}`,
  );
  const amount = decimalParts(rp.amount);
  // The documents' payments dated after `asOf`, summed per document in one grouped pass (the date a
  // condition of the sum, not of the lookup by the document: else SQLite takes every payment of the account
  // after the day).
  const paidAfter = (value: SQL) =>
    sql`CAST(sum(CASE WHEN ${rp.date} > ${asOf} THEN ${value} ELSE 0 END) AS BIGINT)`;
  const owed = normalizedParts(
    plusParts(
      { units: column('later.open_units'), parts: column('later.open_parts') },
      { units: sql`coalesce(paid.units, 0)`, parts: sql`coalesce(paid.parts, 0)` },
    ),
  );
  const kept = { units: sql`${r.openUnits}`, parts: sql`${r.openParts}` };
  const rows = await db.all<[string, string, PayableSums['class'], number | string, string, string]>(sql`
    WITH later AS MATERIALIZED (
      SELECT ${r.documentId} AS id, ${r.party} AS party, ${r.currency} AS currency, ${r.dueDate} AS due,
        ${r.documentType} AS type, ${r.openUnits} AS open_units, ${r.openParts} AS open_parts
      FROM ${r} WHERE ${open} AND ${r.lastEvent} > ${asOf}
    ),
    paid AS MATERIALIZED (
      SELECT ${rp.receivedDocumentId} AS id, ${paidAfter(amount.units)} AS units, ${paidAfter(amount.parts)} AS parts
      FROM ${rp} WHERE ${eq(rp.accountId, accountId)} AND ${rp.receivedDocumentId} IN (SELECT later.id FROM later)
      GROUP BY ${rp.receivedDocumentId}
    ),
    items AS (
      SELECT later.party AS party, later.currency AS currency,
        ${classOf(owed, column('later.due'), column('later.type'), query)} AS class,
        ${owed.units} AS units, ${owed.parts} AS parts
      FROM later LEFT JOIN paid ON paid.id = later.id
    )
    SELECT party, currency, class, count(*), ${sumsOf({ units: column('units'), parts: column('parts') })}
    FROM items GROUP BY party, currency, class
    UNION ALL
    SELECT ${r.party}, ${r.currency}, ${classOf(kept, r.dueDate, r.documentType, query)}, count(*), ${sumsOf(kept)}
    FROM ${r} WHERE ${open} AND ${r.lastEvent} <= ${asOf}
    GROUP BY 1, 2, 3`);
  return rows.map(([supplier, currency, cls, n, units, parts]) => ({
    supplier,
    currency,
    class: cls,
    count: Number(n),
    amount: { units, parts },
  }));
}

/**
 * Per supplier of `parties` (`tax:<VAT id>` or `name:<seller name>`), the id of its latest received
 * document that counts (by issue date, none first, then id), whose seller's name and VAT id name it: one
 * look into `payable_items_party_idx` each, 500 suppliers a statement (a list of VALUES, which both
 * engines read as a table with a column `column1`).
 */
export async function latestOfSuppliers(
  db: DbOrTx,
  accountId: string,
  parties: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < parties.length; i += 500) {
    const values = sql.join(
      parties.slice(i, i + 500).map((party) => sql`(${party})`),
      sql`, `,
    );
    const rows = await db.all<[string, string | null]>(sql`
      SELECT v.column1, (SELECT max(${r.latest}) FROM ${r} WHERE ${r.accountId} = ${accountId} AND ${r.party} = v.column1)
      FROM (VALUES ${values}) AS v`);
    for (const [party, latest] of rows) {
      if (latest !== null) out.set(party, latest.slice(latest.indexOf('|') + 1));
    }
  }
  return out;
}

/** The seller's name and VAT id each of `ids` states (the account's received documents; 500 a query). */
export async function receivedSellers(
  db: DbOrTx,
  accountId: string,
  ids: readonly string[],
): Promise<{ id: string; sellerName: string | null; sellerTaxId: string | null }[]> {
  const out: { id: string; sellerName: string | null; sellerTaxId: string | null }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: rd.id, sellerName: rd.sellerName, sellerTaxId: rd.sellerTaxId })
      .from(rd)
      .where(and(eq(rd.accountId, accountId), inArray(rd.id, ids.slice(i, i + 500))))
      .all();
    out.push(...rows);
  }
  return out;
}

export interface ReceivedMonthSums {
  currency: string;
  month: string;
  documentType: 'invoice' | 'credit_note';
  count: number;
  /** BT-112 (`total`). */
  gross: SumText;
  /** BT-110 (`totals.tax_total`, 0 when not stated). */
  tax: SumText;
  /** BT-109 (`totals.net_total`), else the total less the tax. */
  net: SumText;
}

/**
 * A page of the received documents that count (not rejected) dated from `from` to `to` (their issue date,
 * else the day they arrived; both included), in the order of that day and their id (the
 * received_documents_day_idx of migration 0031: a page reads only documents of the range; `page.after` is
 * the last one's day and id, space-separated): per currency, month and document type, how many and their
 * gross, tax and net amounts as stated. Expenses read whole months from the sums kept
 * (`keptReceivedMonthSums`) and only the part of a month a range begins or ends in this way.
 */
export async function receivedMonthSums(
  db: DbOrTx,
  accountId: string,
  range: { from: string; to: string },
  page: SumPage,
): Promise<Summed<ReceivedMonthSums>> {
  const [afterDay, afterId] =
    page.after === null ? [null, null] : (JSON.parse(page.after) as [string, string]);
  const inRange = and(
    eq(rd.accountId, accountId),
    sql`${receivedDay} >= ${range.from} AND ${receivedDay} <= ${range.to}`,
    afterDay == null ? undefined : sql`(${receivedDay}, ${rd.id}) > (${afterDay}, ${afterId ?? ''})`,
  );
  const gross = decimalParts(column('counted.gross'));
  const tax = decimalParts(column('counted.tax'));
  const stated = decimalParts(column('counted.net'));
  const net = {
    units: sql`coalesce(${stated.units}, ${gross.units} - ${tax.units})`,
    parts: sql`coalesce(${stated.parts}, ${gross.parts} - ${tax.parts})`,
  };
  const counts = and(
    ne(rd.status, 'rejected'),
    isNull(rd.duplicateOf),
    // Not an amount past the service's 15 digits an older version kept (see heldAmount).
    heldAmount(rd.total),
    heldAmount(sql`coalesce(json_extract(${rd.totals}, '$.tax_total'), '0')`),
    heldAmount(sql`coalesce(json_extract(${rd.totals}, '$.net_total'), '0')`),
  );
  const rows = await db.all<[string | null, ...unknown[]]>(sql`
    WITH page AS MATERIALIZED (
      SELECT ${rd.id} AS id, ${receivedDay} AS day, ${rd.currency} AS currency, substr(${receivedDay}, 1, 7) AS month,
        ${rd.documentType} AS type, CASE WHEN ${counts} THEN 1 ELSE 0 END AS counts, ${rd.total} AS gross,
        CASE WHEN ${counts} THEN coalesce(json_extract(${rd.totals}, '$.tax_total'), '0') END AS tax,
        CASE WHEN ${counts} THEN json_extract(${rd.totals}, '$.net_total') END AS net
      FROM ${rd} WHERE ${inRange}
      ORDER BY ${receivedDay}, ${rd.id} LIMIT ${page.limit}
    )
    SELECT counted.currency, counted.month, counted.type, count(*), ${sumsOf(gross)}, ${sumsOf(tax)}, ${sumsOf(net)}
    FROM page AS counted WHERE counted.counts = 1
    GROUP BY counted.currency, counted.month, counted.type
    UNION ALL
    SELECT NULL, NULL, NULL, count(*),
      (SELECT last.day FROM page AS last ORDER BY last.day DESC, last.id DESC LIMIT 1),
      (SELECT last.id FROM page AS last ORDER BY last.day DESC, last.id DESC LIMIT 1),
      NULL, NULL, NULL, NULL FROM page`);
  const out: ReceivedMonthSums[] = [];
  let next: string | null = null;
  for (const [currency, month, type, n, gu, gp, tu, tp, nu, np] of rows) {
    if (currency === null) {
      // Goes on after the page's last day and id, as JSON (a received date is kept as written).
      next = nextOf(Number(n), JSON.stringify([gu, gp]), page.limit);
      continue;
    }
    const text = (units: unknown, parts: unknown) => ({ units: units as string, parts: parts as string });
    out.push({
      currency,
      month: month as string,
      documentType: type as 'invoice' | 'credit_note',
      count: Number(n),
      gross: text(gu, gp),
      tax: text(tu, tp),
      net: text(nu, np),
    });
  }
  return { rows: out, next };
}

/**
 * The sums expenses count for the received documents dated in the months `from` to `to` (YYYY-MM, both
 * included), as the database keeps them (`receivedMonthRows`, its triggers: migrations 0031, pg/0011):
 * what `receivedMonthSums` would give for those whole months, in one statement over a few rows a month.
 */
export async function keptReceivedMonthSums(
  db: DbOrTx,
  accountId: string,
  months: { from: string; to: string },
): Promise<ReceivedMonthSums[]> {
  const t = receivedMonthRows;
  const rows = await db.all<[string, string, string, unknown, ...string[]]>(sql`
    SELECT ${t.currency}, ${t.month}, ${t.documentType}, ${t.documents},
      ${integerText(t.grossUnits)}, ${integerText(t.grossParts)}, ${integerText(t.taxUnits)},
      ${integerText(t.taxParts)}, ${integerText(t.netUnits)}, ${integerText(t.netParts)}
    FROM ${t}
    WHERE ${t.accountId} = ${accountId} AND ${t.month} >= ${months.from} AND ${t.month} <= ${months.to}
      AND ${t.documents} <> 0`);
  const kept = rows.map(([currency, month, type, n, gu, gp, tu, tp, nu, np]) => ({
    currency,
    month,
    documentType: type as 'invoice' | 'credit_note',
    count: Number(n),
    gross: { units: gu as string, parts: gp as string },
    tax: { units: tu as string, parts: tp as string },
    net: { units: nu as string, parts: np as string },
  }));
  // A month holding an amount of 21 digits an older version kept: SQLite's triggers added it as the largest
  // integer, or past it as a float (`9.22337203685478e+18`). Such a month is summed from its documents,
  // which leave that one out (`heldAmount`), as a part of a month is.
  const broken = new Set(kept.filter((row) => !plainSums(row)).map((row) => row.month));
  if (broken.size === 0) return kept;
  const out = kept.filter((row) => !broken.has(row.month));
  for (const month of [...broken].sort()) {
    let after: string | null = null;
    do {
      const page = await receivedMonthSums(
        db,
        accountId,
        { from: `${month}-01`, to: `${month}-31` },
        { after, limit: 500 },
      );
      out.push(...page.rows);
      after = page.next;
    } while (after !== null);
  }
  return out;
}

/** Sums the service's amounts can make: integers of at most 18 digits (a 15-digit amount a thousand times). */
const plainSums = (row: ReceivedMonthSums) =>
  [row.gross, row.tax, row.net].every(
    (sum) => /^-?\d{1,18}$/.test(String(sum.units)) && /^-?\d{1,11}$/.test(String(sum.parts)),
  );
