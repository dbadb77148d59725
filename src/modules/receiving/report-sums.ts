// What the reports sum of received documents (modules/reports, docs/reports.md), summed by the database a
// page at a time (keyset on the id, newest first; expenses' part of a month: on the day and id), each page
// one statement answering a few rows of sums; expenses' whole months: the sums kept.
// Which received documents count is said once, as for `receivedForReports`: those not rejected.
import { and, eq, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  decimalParts,
  integerText,
  minusParts,
  normalizedParts,
  type OpenClass,
  openClass,
  type SqlParts,
  type Summed,
  type SumPage,
  type SumText,
  sumText,
} from '../documents';
import { receivedDocuments as rd, receivedMonthRows, receivedPayments as rp } from './schema';

const column = (name: string) => sql.raw(name);
const sumsOf = (value: SqlParts) => sql`${sumText(value.units)}, ${sumText(value.parts)}`;
/** The account's next `page.limit` received documents by id, newest first, rejected ones too. */
function pageOf(accountId: string, page: SumPage): SQL {
  const where = and(eq(rd.accountId, accountId), page.after === null ? undefined : lt(rd.id, page.after));
  return sql`${where} ORDER BY ${rd.id} DESC LIMIT ${page.limit}`;
}

/** A supplier is told apart by its VAT id, else its name (received documents have no supplier record). */
const supplierKey = sql`CASE WHEN ${rd.sellerTaxId} IS NOT NULL AND ${rd.sellerTaxId} <> '' THEN 'tax:' || ${rd.sellerTaxId} ELSE 'name:' || coalesce(${rd.sellerName}, '') END`;
/**
 * A received document's date: its issue date, or the day it arrived when the file states none. Written as
 * received_documents_day_idx's expression (migration 0031), so that either engine uses that index.
 */
const receivedDay = sql`coalesce(${rd.issueDate}, substr(${rd.createdAt}, 1, 10))`;

function nextOf(count: number, last: string | null, limit: number): string | null {
  return count >= limit ? last : null;
}

export interface PayableSums {
  /** `tax:<VAT id>` or `name:<seller name>`. */
  supplier: string;
  currency: string;
  /** `later`: dated after the report's day (counted for naming only); `credit_note`: a supplier's credit. */
  class: OpenClass | 'later' | 'credit_note';
  count: number;
  /** An invoice's open amount (its amount due less its payments up to the day), a credit note's amount. */
  amount: SumText;
  /** The latest of the supplier's documents here by `issue_date|id` (no issue date: ''), as that text. */
  latest: string;
}

/**
 * A page of the received documents that count (not rejected): per supplier, currency and class, how many
 * and how much. Each is dated by its issue date, else the day it arrived; one dated after `asOf` is only
 * counted for naming (`later`); a credit note is a credit of its supplier; an invoice's open amount on
 * `asOf` (its amount due less its payments dated on or before it) is classed as the issued invoices' are.
 */
export async function payableSums(
  db: DbOrTx,
  accountId: string,
  query: { asOf: string; dueFrom: readonly [string, string, string] },
  page: SumPage,
): Promise<Summed<PayableSums>> {
  const { asOf } = query;
  const due = decimalParts(column('page.amount'));
  const paid = decimalParts(rp.amount);
  const open = normalizedParts(
    minusParts(
      { units: column('chunk.au'), parts: column('chunk.ap') },
      { units: column('coalesce(paid.units, 0)'), parts: column('coalesce(paid.parts, 0)') },
    ),
  );
  const isCredit = sql`chunk.type = 'credit_note'`;
  const rows = await db.all<
    [
      string,
      string | null,
      PayableSums['class'] | null,
      number | string,
      string | null,
      string | null,
      string | null,
    ]
  >(sql`
    WITH page AS MATERIALIZED (
      SELECT ${rd.id} AS id, ${rd.status} AS status, ${supplierKey} AS party, ${rd.currency} AS currency,
        ${rd.documentType} AS type, ${receivedDay} AS day, ${rd.dueDate} AS due, ${rd.amountDue} AS amount,
        coalesce(${rd.issueDate}, '') || '|' || ${rd.id} AS latest
      FROM ${rd} WHERE ${pageOf(accountId, page)}
    ),
    chunk AS MATERIALIZED (
      SELECT page.id AS id, page.party AS party, page.currency AS currency, page.type AS type, page.day AS day,
        page.due AS due, page.latest AS latest, ${due.units} AS au, ${due.parts} AS ap
      FROM page WHERE page.status <> 'rejected'
    ),
    paid AS (
      SELECT ${rp.receivedDocumentId} AS id, CAST(sum(${paid.units}) AS BIGINT) AS units,
        CAST(sum(${paid.parts}) AS BIGINT) AS parts
      FROM chunk CROSS JOIN ${rp}
      WHERE ${and(eq(rp.accountId, accountId), sql`${rp.receivedDocumentId} = chunk.id`, lte(rp.date, asOf))}
        AND chunk.type <> 'credit_note'
      GROUP BY ${rp.receivedDocumentId}
    ),
    items AS (
      SELECT chunk.party AS party, chunk.currency AS currency, chunk.latest AS latest,
        CASE WHEN chunk.day > ${asOf} THEN 'later' WHEN ${isCredit} THEN 'credit_note'
          ELSE ${openClass(open, column('chunk.due'), asOf, query.dueFrom)} END AS class,
        CASE WHEN ${isCredit} THEN chunk.au ELSE ${open.units} END AS units,
        CASE WHEN ${isCredit} THEN chunk.ap ELSE ${open.parts} END AS parts
      FROM chunk LEFT JOIN paid ON paid.id = chunk.id
    )
    SELECT party, currency, class, count(*), ${sumsOf({ units: column('units'), parts: column('parts') })},
      max(latest)
    FROM items GROUP BY party, currency, class
    UNION ALL
    SELECT 'page', NULL, NULL, count(*), min(id), NULL, NULL FROM page`);
  const out: PayableSums[] = [];
  let next: string | null = null;
  for (const [supplier, currency, cls, n, units, parts, latest] of rows) {
    if (cls === null) {
      next = nextOf(Number(n), units, page.limit);
      continue;
    }
    out.push({
      supplier,
      currency: currency as string,
      class: cls,
      count: Number(n),
      amount: { units: units as string, parts: parts as string },
      latest: latest as string,
    });
  }
  return { rows: out, next };
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
  const counts = ne(rd.status, 'rejected');
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
  return rows.map(([currency, month, type, n, gu, gp, tu, tp, nu, np]) => ({
    currency,
    month,
    documentType: type as 'invoice' | 'credit_note',
    count: Number(n),
    gross: { units: gu as string, parts: gp as string },
    tax: { units: tu as string, parts: tp as string },
    net: { units: nu as string, parts: np as string },
  }));
}
