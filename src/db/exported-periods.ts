// What an export of a period holds, for "not exported yet" (docs/office.md): an export books the documents
// dated within its period that existed when it was made. A document counts as not exported until such an
// export was made after it arrived: a late supplier invoice dated in a month exported before (or in a month
// before any export) still counts after a later month is exported, however many exports came since.
import { and, gt, gte, lte, not, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** One export made: its period (`from`-`to`, issue dates) and when it was made (`at`, ISO time). */
export interface ExportedPeriod {
  from: string;
  to: string;
  at: string;
}

/**
 * The condition "no export in `periods` holds this document": its date (`date`) outside each period, or
 * its arrival (`arrived`: finalized, received) after that export was made. True for every document when
 * there are none.
 */
export function notExportedBy(
  date: SQLiteColumn,
  arrived: SQLiteColumn,
  periods: readonly ExportedPeriod[],
): SQL | undefined {
  if (periods.length === 0) return undefined;
  return and(
    ...periods.map((p) => or(not(and(gte(date, p.from), lte(date, p.to)) as SQL), gt(arrived, p.at))),
  );
}
