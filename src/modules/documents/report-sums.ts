// What the reports sum of issued documents (modules/reports, docs/reports.md), summed by the database. The
// receivables: one statement over the rows the database keeps per invoice and credit note
// (`receivableItems`), only those not settled for good on the report's day, and no document's JSON.
// Revenue: whole months from the sums kept (`keptMonthSums`), a part of a month from its documents a page at
// a time (keyset on the issue date and id, a turn of the event loop between pages), each counted
// document's `totals` read once into a MATERIALIZED page (which keeps either engine from reading them again
// for every use). Which documents count is `countedIssued` (repo.ts), as for `issuedForReports`. Amounts
// are summed exactly (sql-money.ts).
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import { countedIssued } from './repo-reports';
import { documents, issuedMonthRows, receivableItems } from './schema';
import {
  creditEnteredNegative,
  decimalParts,
  integerText,
  normalizedParts,
  type OpenClass,
  openClass,
  type SqlParts,
  sumText,
  turnedIf,
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

const column = (name: string) => sql.raw(name);
const sumsOf = (value: SqlParts) => sql`${sumText(value.units)}, ${sumText(value.parts)}`;

/** The page's last id, and whether another page may follow: a full page does. */
function nextOf(count: number, last: string | null, limit: number): string | null {
  return count >= limit ? last : null;
}

/**
 * The payments dated after the report's day of the documents `documentIds` (a statement's SELECT of ids),
 * summed per document: a SELECT of `id`, `units` and `parts` (the payments module's `paidAfterPerDocument`).
 */
export type PaidPerDocument = (documentIds: SQL) => SQL;

export interface ReceivablesQuery {
  asOf: string;
  /** The first due dates of the buckets 0-30, 31-60 and 61-90 days past due (asOf less 30, 60, 90). */
  dueFrom: readonly [string, string, string];
  paid: PaidPerDocument;
}

/**
 * Of the invoices counted on `asOf`: how many and how much is open, per customer, currency and class
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

const r = receivableItems;

/**
 * The receivables on `asOf` in one statement, so that everything is read as of one moment (a write between
 * two statements could move a document from one part to the other, counting it twice or not at all). Of
 * the account's rows the database keeps (`receivableItems`), only those not settled for good by `asOf` and
 * issued on or before it are read (`receivable_items_open_idx`, which holds every column read; most of an
 * account's invoices are settled and never read):
 * - a row whose every event (payment, credit note) is dated on or before `asOf` counts as it stands: an
 *   invoice's open amount, a credit note that settles no invoice;
 * - a row with an event dated after `asOf`: an invoice's open amount on `asOf` is what the database keeps
 *   open on it (its amount due less all its payments and the counted credit notes of its currency naming
 *   it) plus its payments dated after `asOf` and those credit notes issued after it; a credit note read
 *   here names an invoice issued after `asOf`, so it settles none on that day: a credit of its customer.
 * Open amounts are summed per customer, currency and class (negative: the customer's credit; settled;
 * current; the buckets past due).
 */
export async function receivableSums(
  db: DbOrTx,
  accountId: string,
  query: ReceivablesQuery,
): Promise<ReceivableSums[]> {
  const { asOf } = query;
  const c = alias(documents, 'c');
  const rc = alias(receivableItems, 'rc');
  const open = and(eq(r.accountId, accountId), sql`${r.settledFrom} > ${asOf}`, lte(r.issueDate, asOf));
  // An invoice's amount kept open, its payments after `asOf` (`paid`) and the counted credit notes of its
  // currency naming it, issued after `asOf`, as kept (`credited`): added up by grouping their rows on the
  // invoice (a join of the three made SQLite scan one of them per invoice).
  const owed = normalizedParts({
    units: sql`CAST(sum(amounts.units) AS BIGINT)`,
    parts: sql`CAST(sum(amounts.parts) AS BIGINT)`,
  });
  const items = { units: column('units'), parts: column('parts') };
  const kept = { units: column('open_units'), parts: column('open_parts') };
  const asKept = { units: sql`${r.openUnits}`, parts: sql`${r.openParts}` };
  const rows = await db.all<[string, string, string, OpenClass | null, number | string, string, string]>(sql`
    WITH later AS MATERIALIZED (
      SELECT ${r.documentId} AS id, ${r.customerId} AS party, ${r.currency} AS currency, ${r.dueDate} AS due,
        ${r.documentType} AS type, ${r.openUnits} AS open_units, ${r.openParts} AS open_parts
      FROM ${r} WHERE ${open} AND ${r.lastEvent} > ${asOf}
    ),
    paid AS MATERIALIZED (${query.paid(sql`SELECT later.id FROM later WHERE later.type = 'invoice'`)}),
    credited AS MATERIALIZED (
      SELECT later.id AS id, CAST(sum(${rc.openUnits}) AS BIGINT) AS units,
        CAST(sum(${rc.openParts}) AS BIGINT) AS parts
      FROM later CROSS JOIN ${documents} AS c CROSS JOIN ${receivableItems} AS rc
      WHERE ${c.accountId} = ${accountId} AND ${c.sourceDocumentId} = later.id AND ${rc.documentId} = ${c.id}
        AND later.type = 'invoice' AND ${rc.documentType} = 'credit_note' AND ${rc.currency} = later.currency
        AND ${rc.issueDate} > ${asOf}
      GROUP BY later.id
    ),
    items AS MATERIALIZED (
      SELECT max(amounts.party) AS party, max(amounts.currency) AS currency, max(amounts.due) AS due,
        ${owed.units} AS units, ${owed.parts} AS parts
      FROM (
        SELECT later.id AS id, later.party AS party, later.currency AS currency, later.due AS due,
          later.open_units AS units, later.open_parts AS parts
        FROM later WHERE later.type = 'invoice'
        UNION ALL SELECT paid.id, NULL, NULL, NULL, paid.units, paid.parts FROM paid
        UNION ALL SELECT credited.id, NULL, NULL, NULL, credited.units, credited.parts FROM credited
      ) AS amounts
      GROUP BY amounts.id
    )
    SELECT 'invoice', party, currency, ${openClass(items, column('due'), asOf, query.dueFrom)}, count(*),
      ${sumsOf(items)}
    FROM items GROUP BY 2, 3, 4
    UNION ALL
    SELECT 'credit_note', later.party, later.currency, NULL, count(*), ${sumsOf(kept)}
    FROM later WHERE later.type = 'credit_note'
    GROUP BY later.party, later.currency
    UNION ALL
    SELECT ${r.documentType}, ${r.customerId}, ${r.currency},
      CASE WHEN ${r.documentType} = 'invoice' THEN ${openClass(asKept, r.dueDate, asOf, query.dueFrom)} END,
      count(*), ${sumsOf(asKept)}
    FROM ${r} WHERE ${open} AND ${r.lastEvent} <= ${asOf}
    GROUP BY 1, 2, 3, 4`);
  return rows.map(([type, customerId, currency, cls, n, units, parts]) => ({
    kind: type === 'invoice' ? 'open' : 'credit',
    customerId,
    currency,
    class: type === 'invoice' ? cls : null,
    count: Number(n),
    amount: { units, parts },
  }));
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
  // A credit note entered with negative amounts counts as one entered positive (its sign turned); read
  // from the page's parsed totals, of the counted documents only.
  const turned = creditEnteredNegative(sql`page.type`, sql`page.totals`);
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
        ${turnedIf(turned, sql`json_extract(page.totals, '$.total')`)} AS total,
        ${turnedIf(turned, sql`json_extract(page.totals, '$.tax_total')`)} AS tax
      FROM page WHERE page.totals IS NOT NULL
    ),
    group_rows AS MATERIALIZED (
      SELECT page.currency AS currency, page.month AS month, page.type AS type,
        g.value ->> 'category' AS category, g.value ->> 'rate' AS rate,
        ${turnedIf(turned, sql`(g.value ->> 'taxable_amount')`)} AS taxable,
        ${turnedIf(turned, sql`(g.value ->> 'tax_amount')`)} AS tax
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
