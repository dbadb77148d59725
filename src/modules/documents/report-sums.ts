// What the reports sum of issued documents (modules/reports, docs/reports.md), summed by the database: a
// page of the account's documents at a time (the receivables: keyset on the id, newest first, of any type or
// status, so a page reads at most its size in rows however few of them count; revenue's part of a month:
// keyset on the issue date and id), each page one statement answering a few rows of sums: the event loop
// turns between pages and no page holds it long; revenue's whole months are the sums kept (`keptMonthSums`).
// Which documents count is `countedIssued` (repo.ts), as for `issuedForReports`. Amounts are JSON members of `totals`, read once per
// counted document into a MATERIALIZED page (which keeps either engine from reading them again for every
// use) and summed exactly (sql-money.ts).
import { and, eq, gte, lt, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import { countedIssued } from './repo';
import { documents, issuedMonthRows } from './schema';
import {
  decimalParts,
  integerText,
  minusParts,
  normalizedParts,
  type OpenClass,
  openClass,
  type SqlParts,
  sumText,
} from './sql-money';

/**
 * A page of a summing reader: where it starts (exclusive; null at the start: a reader's own cursor, an id,
 * or a date and an id as JSON) and its size.
 */
export interface SumPage {
  after: string | null;
  limit: number;
}

/** The sums of a page, and the id the next page starts after (null when this was the last one). */
export interface Summed<T> {
  rows: T[];
  next: string | null;
}

/** A sum as the database answers it: whole units and ten-billionths, each an integer's decimal text. */
export interface SumText {
  units: string;
  parts: string;
}

/** What a claim asks: its amount due (BT-115), or its total when stored before amount_due existed. */
const amountDue = (totals: SQLWrapper) =>
  sql`coalesce(json_extract(${totals}, '$.amount_due'), json_extract(${totals}, '$.total'))`;

const column = (name: string) => sql.raw(name);
const sumsOf = (value: SqlParts) => sql`${sumText(value.units)}, ${sumText(value.parts)}`;

/** The page's last id, and whether another page may follow: a full page does. */
function nextOf(count: number, last: string | null, limit: number): string | null {
  return count >= limit ? last : null;
}

/** The account's next `page.limit` documents by id, newest first, any type or status. */
function pageOf(accountId: string, page: SumPage): SQL {
  const where = and(
    eq(documents.accountId, accountId),
    page.after === null ? undefined : lt(documents.id, page.after),
  );
  return sql`${where} ORDER BY ${documents.id} DESC LIMIT ${page.limit}`;
}

/**
 * Payments of the documents of a relation with an `id` column (`from`), dated on or before the report's
 * day, summed per document: a statement of the payments module (`paidPerDocument`) selecting `id`,
 * `units`, `parts`.
 */
export type PaidPerDocument = (from: SQL) => SQL;

export interface ReceivablesQuery {
  asOf: string;
  /** The first due dates of the buckets 0-30, 31-60 and 61-90 days past due (asOf less 30, 60, 90). */
  dueFrom: readonly [string, string, string];
  paid: PaidPerDocument;
}

/**
 * Of a page's invoices counted on `asOf`: how many and how much is open, per customer, currency and class
 * (`open`); of its counted credit notes that settle no invoice: how many and how much (`credit`).
 */
export interface ReceivableSums {
  kind: 'open' | 'credit';
  customerId: string;
  currency: string;
  /** The open amounts' class; `credit` rows have none. */
  class: OpenClass | null;
  count: number;
  amount: SumText;
}

/**
 * A page of documents as the receivables on `asOf` count them (issued on or before it). An invoice's open
 * amount is its amount due less its payments dated on or before `asOf` and the counted credit notes of the
 * same currency issued on or before it that name it, summed per customer, currency and class of that
 * amount (negative: the customer's credit; settled; current; the buckets past due). A credit note that
 * settles no invoice (the one it names does not count on `asOf`, is not an invoice, is of another currency,
 * or it names none) is a credit of its own customer.
 */
export async function receivableSums(
  db: DbOrTx,
  accountId: string,
  query: ReceivablesQuery,
  page: SumPage,
): Promise<Summed<ReceivableSums>> {
  const { asOf } = query;
  const c = alias(documents, 'c');
  const t = alias(documents, 't');
  const counts = and(
    countedIssued(documents, accountId),
    sql`${documents.documentType} IN ('invoice', 'credit_note')`,
    lte(documents.issueDate, asOf),
  );
  // The issue date as an expression, not the column: SQLite would otherwise look the credit notes of each
  // invoice up by documents_issue_idx (every document issued by `asOf`, for every invoice of the page)
  // instead of by documents_source_idx.
  const credits = and(
    countedIssued(c, accountId),
    eq(c.documentType, 'credit_note'),
    sql`(${c.issueDate} || '') <= ${asOf}`,
  );
  const target = and(
    countedIssued(t, accountId),
    sql`${t.id} = page.source`,
    eq(t.documentType, 'invoice'),
    lte(t.issueDate, asOf),
    sql`${t.currency} = page.currency`,
  );
  const amount = decimalParts(column('page.amount'));
  const credit = decimalParts(column('credit_rows.amount'));
  const open = normalizedParts(
    minusParts(
      { units: column('chunk.au'), parts: column('chunk.ap') },
      { units: column('coalesce(paid.units, 0)'), parts: column('coalesce(paid.parts, 0)') },
      { units: column('coalesce(credited.units, 0)'), parts: column('coalesce(credited.parts, 0)') },
    ),
  );
  const items = { units: column('units'), parts: column('parts') };
  const rows = await db.all<[string, ...unknown[]]>(sql`
    WITH page AS MATERIALIZED (
      SELECT ${documents.id} AS id, ${documents.customerId} AS party, ${documents.currency} AS currency,
        ${documents.dueDate} AS due, ${documents.documentType} AS type, ${documents.sourceDocumentId} AS source,
        CASE WHEN ${counts} THEN ${amountDue(documents.totals)} END AS amount
      FROM ${documents} WHERE ${pageOf(accountId, page)}
    ),
    chunk AS MATERIALIZED (
      SELECT page.id AS id, page.party AS party, page.currency AS currency, page.due AS due,
        ${amount.units} AS au, ${amount.parts} AS ap
      FROM page WHERE page.type = 'invoice' AND page.amount IS NOT NULL
    ),
    paid AS (${query.paid(sql.raw('chunk'))}),
    credit_rows AS MATERIALIZED (
      SELECT chunk.id AS id, ${c.currency} AS currency, ${amountDue(c.totals)} AS amount
      FROM chunk CROSS JOIN ${documents} AS c
      WHERE ${c.sourceDocumentId} = chunk.id AND ${credits}
    ),
    credited AS (
      SELECT credit_rows.id AS id, credit_rows.currency AS currency,
        CAST(sum(${credit.units}) AS BIGINT) AS units, CAST(sum(${credit.parts}) AS BIGINT) AS parts
      FROM credit_rows GROUP BY credit_rows.id, credit_rows.currency
    ),
    items AS MATERIALIZED (
      SELECT chunk.party AS party, chunk.currency AS currency, chunk.due AS due,
        ${open.units} AS units, ${open.parts} AS parts
      FROM chunk
      LEFT JOIN paid ON paid.id = chunk.id
      LEFT JOIN credited ON credited.id = chunk.id AND credited.currency = chunk.currency
    )
    SELECT 'open', party, currency, ${openClass(items, column('due'), asOf, query.dueFrom)}, count(*), ${sumsOf(items)}
    FROM items GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'credit', page.party, page.currency, NULL, count(*), ${sumsOf(amount)}
    FROM page
    WHERE page.type = 'credit_note' AND page.amount IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${documents} AS t WHERE ${target})
    GROUP BY page.party, page.currency
    UNION ALL
    SELECT 'page', NULL, NULL, NULL, count(*), min(id), NULL FROM page`);
  const out: ReceivableSums[] = [];
  let next: string | null = null;
  for (const [kind, customerId, currency, cls, n, units, parts] of rows) {
    if (kind === 'page') {
      next = nextOf(Number(n), units as string | null, page.limit);
      continue;
    }
    out.push({
      kind: kind as ReceivableSums['kind'],
      customerId: customerId as string,
      currency: currency as string,
      class: cls as OpenClass | null,
      count: Number(n),
      amount: { units: units as string, parts: parts as string },
    });
  }
  return { rows: out, next };
}

/** A month's issued invoices or credit notes of one currency: how many, their totals and tax totals. */
export interface IssuedMonthSums {
  kind: 'totals';
  currency: string;
  month: string;
  documentType: 'invoice' | 'credit_note';
  count: number;
  total: SumText;
  tax: SumText;
}

/** A month's tax groups of one category and rate (as stored) in one currency: taxable amounts and tax. */
export interface IssuedRateSums {
  kind: 'rate';
  currency: string;
  month: string;
  documentType: 'invoice' | 'credit_note';
  category: string | null;
  rate: string;
  taxable: SumText;
  tax: SumText;
}

/**
 * A page of the documents issued from `from` to `to` (YYYY-MM-DD, both included) as revenue counts them, in
 * the order of their issue date and id (the documents_issue_idx: a page reads only documents of the range;
 * `page.after` is the last one's issue date and id, space-separated): the counted invoices and credit notes
 * per currency, month (YYYY-MM of the issue date) and document type, how many and their `totals.total` and
 * `totals.tax_total`; and per tax group's category and rate, its `taxable_amount` and `tax_amount`. A
 * group's members are read with `->>` and their label, which both engines take: SQLite from the element's
 * JSON text, PostgreSQL from the jsonb its `json_each` gives (migrations/pg/0010), read once per document
 * rather than once per member. Revenue reads whole months from the sums kept (`keptMonthSums`) and only
 * the part of a month a range begins or ends in this way.
 */
export async function issuedMonthSums(
  db: DbOrTx,
  accountId: string,
  range: { from: string; to: string },
  page: SumPage,
): Promise<Summed<IssuedMonthSums | IssuedRateSums>> {
  const counts = and(
    countedIssued(documents, accountId),
    sql`${documents.documentType} IN ('invoice', 'credit_note')`,
  );
  const [afterDate, afterId] =
    page.after === null ? [null, null] : (JSON.parse(page.after) as [string, string]);
  const inRange = and(
    eq(documents.accountId, accountId),
    gte(documents.issueDate, range.from),
    lte(documents.issueDate, range.to),
    afterDate == null
      ? undefined
      : sql`(${documents.issueDate}, ${documents.id}) > (${afterDate}, ${afterId ?? ''})`,
  );
  const total = decimalParts(column('totals_rows.total'));
  const tax = decimalParts(column('totals_rows.tax'));
  const taxable = decimalParts(column('group_rows.taxable'));
  const groupTax = decimalParts(column('group_rows.tax'));
  const rows = await db.all<[string, ...unknown[]]>(sql`
    WITH page AS MATERIALIZED (
      SELECT ${documents.id} AS id, ${documents.issueDate} AS issued, ${documents.currency} AS currency,
        substr(${documents.issueDate}, 1, 7) AS month, ${documents.documentType} AS type,
        CASE WHEN ${counts} THEN jsonb(${documents.totals}) END AS totals
      FROM ${documents} WHERE ${inRange}
      ORDER BY ${documents.issueDate}, ${documents.id} LIMIT ${page.limit}
    ),
    totals_rows AS MATERIALIZED (
      SELECT page.currency AS currency, page.month AS month, page.type AS type,
        json_extract(page.totals, '$.total') AS total, json_extract(page.totals, '$.tax_total') AS tax
      FROM page WHERE page.totals IS NOT NULL
    ),
    group_rows AS MATERIALIZED (
      SELECT page.currency AS currency, page.month AS month, page.type AS type,
        g.value ->> 'category' AS category, g.value ->> 'rate' AS rate,
        g.value ->> 'taxable_amount' AS taxable, g.value ->> 'tax_amount' AS tax
      FROM page, json_each(page.totals, '$.tax_groups') AS g
      WHERE page.totals IS NOT NULL
    )
    SELECT 'totals', currency, month, type, NULL, NULL, count(*), ${sumsOf(total)}, ${sumsOf(tax)}
    FROM totals_rows GROUP BY currency, month, type
    UNION ALL
    SELECT 'rate', currency, month, type, category, rate, count(*), ${sumsOf(taxable)}, ${sumsOf(groupTax)}
    FROM group_rows GROUP BY currency, month, type, category, rate
    UNION ALL
    SELECT 'page', NULL, NULL, NULL, NULL, NULL, count(*),
      (SELECT last.issued FROM page AS last ORDER BY last.issued DESC, last.id DESC LIMIT 1),
      (SELECT last.id FROM page AS last ORDER BY last.issued DESC, last.id DESC LIMIT 1), NULL, NULL FROM page`);
  return monthRows(rows, page.limit, true);
}

/**
 * Revenue's rows from what the database answers (a page's sums, or the sums kept: the same columns), and
 * where the next page starts (the 'page' row a page adds; null without one or after the last page).
 */
function monthRows(
  rows: [string, ...unknown[]][],
  limit = 0,
  byDate = false,
): Summed<IssuedMonthSums | IssuedRateSums> {
  const out: (IssuedMonthSums | IssuedRateSums)[] = [];
  let next: string | null = null;
  for (const [kind, currency, month, type, category, rate, n, u1, p1, u2, p2] of rows) {
    if (kind === 'page') {
      // A page by issue date goes on after its last document's date and id, as JSON (either may hold
      // anything a parser let through).
      const last = byDate ? JSON.stringify([u1, p1]) : (u1 as string | null);
      next = nextOf(Number(n), last, limit);
      continue;
    }
    const base = {
      currency: currency as string,
      month: month as string,
      documentType: type as 'invoice' | 'credit_note',
    };
    const first = { units: u1 as string, parts: p1 as string };
    const second = { units: u2 as string, parts: p2 as string };
    if (kind === 'totals') out.push({ kind, ...base, count: Number(n), total: first, tax: second });
    else
      out.push({
        kind: 'rate',
        ...base,
        category: category as string | null,
        rate: rate as string,
        taxable: first,
        tax: second,
      });
  }
  return { rows: out, next };
}

/**
 * The sums revenue counts for the documents issued in the months `from` to `to` (YYYY-MM, both included),
 * as the database keeps them (`issuedMonthRows`, its triggers: migrations 0031, pg/0011): the rows
 * `issuedMonthSums` would give for those whole months, in one statement over a few rows a month, however
 * many documents they hold.
 */
export async function keptMonthSums(
  db: DbOrTx,
  accountId: string,
  months: { from: string; to: string },
): Promise<(IssuedMonthSums | IssuedRateSums)[]> {
  const t = issuedMonthRows;
  const rows = await db.all<[string, ...unknown[]]>(sql`
    SELECT ${t.kind}, ${t.currency}, ${t.month}, ${t.documentType}, ${t.category}, ${t.rate}, ${t.documents},
      ${integerText(t.aUnits)}, ${integerText(t.aParts)}, ${integerText(t.bUnits)}, ${integerText(t.bParts)}
    FROM ${t}
    WHERE ${t.accountId} = ${accountId} AND ${t.month} >= ${months.from} AND ${t.month} <= ${months.to}
      AND ${t.documents} <> 0`);
  return monthRows(rows).rows;
}
