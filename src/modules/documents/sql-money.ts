// Exact sums of decimal text in SQL, one statement for SQLite and PostgreSQL alike (the reports' sums:
// docs/reports.md). Amounts are stored as decimal strings ("1190.00", "-0.5", at most 15 whole digits and
// 10 decimals: domain/money), which SQLite could only sum as floating-point numbers. Split into two integers
// — the whole units and the ten-billionths, both signed as the amount — each engine sums them exactly as
// 64-bit integers (PostgreSQL as numeric), and the caller joins the two sums (10^10 ten-billionths to the
// unit) without a float. Only functions both engines have: substr, instr (PostgreSQL's migrations define
// it), CAST ... AS BIGINT, CASE.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Ten-billionths per unit: the finest decimal an amount holds. */
export const TEN_BILLION = 10_000_000_000;

/** An amount as two integers: `units + parts / 10^10`, both with the amount's sign. */
export interface SqlParts {
  units: SQL;
  parts: SQL;
}

/**
 * `value` (decimal text, or NULL) as whole units and ten-billionths. `value` is repeated in the SQL: give
 * a column, not an expression that reads JSON (read it once in a subquery first).
 */
export function decimalParts(value: SQLWrapper): SqlParts {
  const point = sql`instr(${value}, '.')`;
  return {
    units: sql`CAST(CASE WHEN ${point} = 0 THEN ${value} ELSE substr(${value}, 1, ${point} - 1) END AS BIGINT)`,
    parts: sql`(CASE WHEN ${point} = 0 THEN 0 ELSE CAST(substr(substr(${value}, ${point} + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(${value}, 1, 1) = '-' THEN -1 ELSE 1 END) END)`,
  };
}

/**
 * The same value with its ten-billionths between 0 and 10^10 - 1 (the units carry the rest, rounded down):
 * then the value is negative exactly when its units are, and zero when both are. Integer division and
 * remainder truncate toward zero on both engines, hence the remainder made positive first.
 */
export function normalizedParts(value: SqlParts): SqlParts {
  const parts = sql`(((${value.parts}) % ${sql.raw(String(TEN_BILLION))}) + ${sql.raw(String(TEN_BILLION))}) % ${sql.raw(String(TEN_BILLION))}`;
  return {
    units: sql`(${value.units}) + ((${value.parts}) - (${parts})) / ${sql.raw(String(TEN_BILLION))}`,
    parts,
  };
}

/** `value` (decimal text) with its sign turned where `flip` holds: "-1.50" and "1.50" for each other. */
export function turnedIf(flip: SQLWrapper, value: SQLWrapper): SQL {
  return sql`CASE WHEN ${flip} THEN (CASE WHEN substr(${value}, 1, 1) = '-' THEN substr(${value}, 2) ELSE '-' || ${value} END) ELSE ${value} END`;
}

/**
 * Whether a document is a credit note entered with negative amounts (its total negative): it credits as
 * much as one entered positive, so its figures are read turned (migrations 0039 / pg 0020 keep the
 * database's sums so; docs/reports.md).
 */
export function creditEnteredNegative(type: SQLWrapper, totals: SQLWrapper): SQL {
  return sql`(${type} = 'credit_note' AND substr(json_extract(${totals}, '$.total'), 1, 1) = '-')`;
}

/** `a + b + c ...`, part by part (exact: integers). */
export function plusParts(...values: SqlParts[]): SqlParts {
  return {
    units: sql.join(
      values.map((v) => sql`(${v.units})`),
      sql` + `,
    ),
    parts: sql.join(
      values.map((v) => sql`(${v.parts})`),
      sql` + `,
    ),
  };
}

/**
 * A sum of integers as decimal text, 0 for no rows: text because an integer past 2^53 would not survive
 * the driver as a JS number (PostgreSQL's sum of bigint is numeric, its text exact too).
 */
export const sumText = (value: SQLWrapper): SQL => sql`CAST(coalesce(sum(${value}), 0) AS TEXT)`;

/** An integer column as decimal text, for the same reason (the kept sums' columns). */
export const integerText = (value: SQLWrapper): SQL => sql`CAST(${value} AS TEXT)`;

/** The classes of an open amount on a day (the receivables' and payables' ageing: docs/reports.md). */
export type OpenClass = 'settled' | 'credit' | 'current' | '0-30' | '31-60' | '61-90' | '90+';

/**
 * The class of a claim's open amount (normalized parts) on `asOf`, by its due date: negative is the party's
 * credit, zero settled, positive current when not yet due (no due date, or due on or after `asOf`), else
 * its bucket of days past due. `dueFrom` are the first due dates of buckets 0-30, 31-60 and 61-90
 * (`asOf` less 30, 60 and 90 days): dates compare as text.
 */
export function openClass(
  open: SqlParts,
  due: SQLWrapper,
  asOf: string,
  dueFrom: readonly [string, string, string],
): SQL {
  return sql`CASE WHEN (${open.units}) < 0 THEN 'credit'
    WHEN (${open.units}) = 0 AND (${open.parts}) = 0 THEN 'settled'
    WHEN ${due} IS NULL OR ${due} >= ${asOf} THEN 'current'
    WHEN ${due} >= ${dueFrom[0]} THEN '0-30'
    WHEN ${due} >= ${dueFrom[1]} THEN '31-60'
    WHEN ${due} >= ${dueFrom[2]} THEN '61-90'
    ELSE '90+' END`;
}
