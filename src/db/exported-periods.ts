// What an export of a period holds, for "not exported yet" (docs/office.md): an export books the documents
// dated within its period that existed when it was made. A document counts as not exported until such an
// export was made after it arrived: a late supplier invoice dated in a month exported before it came still
// counts after a later month is exported, however many exports came since. A document dated on or before
// the accounting settings' `booked_until` (the books kept elsewhere, docs/exports.md) never counts: no
// export books it. The module that keeps the exports builds the condition (exports/repo.ts
// `notExportedBy`); the modules that keep the documents apply it to their own columns, without knowing the
// exports' table.
import type { SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** The condition "no export held this document", over its issue date and when it arrived. */
export type NotExportedBy = (date: SQLiteColumn, arrived: SQLiteColumn) => SQL;
