import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { ImportEntry } from './entries';
import { type ImportHead, type ImportRow, imports } from './schema';

export type { ImportHead } from './schema';

const { validRows: _validRows, ...headColumns } = getTableColumns(imports);

/**
 * `valid_rows` is written as entriesText formats it (one entry per line, `entriesText` here), not as drizzle
 * would.
 */
export async function insertImport(db: DbOrTx, row: ImportHead, entriesText: string): Promise<ImportHead> {
  return await db
    .insert(imports)
    .values({ ...row, validRows: sql`${entriesText}` })
    .returning(headColumns)
    .get();
}

export async function findImport(db: DbOrTx, accountId: string, id: string): Promise<ImportHead | undefined> {
  return await db
    .select(headColumns)
    .from(imports)
    .where(scoped(imports, accountId, id))
    .get();
}

/** Progress only: what each background chunk reads before committing the next rows. */
export async function findImportProgress(db: DbOrTx, accountId: string, id: string) {
  return await db
    .select({
      status: imports.status,
      totalRows: imports.totalRows,
      importedRows: imports.importedRows,
      failedRows: imports.failedRows,
    })
    .from(imports)
    .where(scoped(imports, accountId, id))
    .get();
}

export async function findImportErrors(db: DbOrTx, accountId: string, id: string) {
  return (
    (
      await db
        .select({ errors: imports.errors })
        .from(imports)
        .where(scoped(imports, accountId, id))
        .get()
    )?.errors ?? null
  );
}

/**
 * The stored entries as the JSON text they are kept in (null once staged or done): confirm copies it to the
 * staged file as is, without a parse and a stringify of megabytes.
 */
export async function loadEntriesText(db: DbOrTx, accountId: string, id: string): Promise<string | null> {
  const row = await db
    .select({ text: sql<string | null>`${imports.validRows}` })
    .from(imports)
    .where(scoped(imports, accountId, id))
    .get();
  return row?.text ?? null;
}

/** The entries stored at create for confirm to commit; empty once the import is done. */
export async function loadEntries(db: DbOrTx, accountId: string, id: string): Promise<ImportEntry[]> {
  const row = await db
    .select({ validRows: imports.validRows })
    .from(imports)
    .where(scoped(imports, accountId, id))
    .get();
  return (row?.validRows ?? []) as ImportEntry[];
}

export async function updateImport(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<ImportRow>,
): Promise<ImportHead | undefined> {
  return await db
    .update(imports)
    .set(changes)
    .where(scoped(imports, accountId, id))
    .returning(headColumns)
    .get();
}

/**
 * The account of an import, for the background job, whose payload names only the import: the one lookup
 * not scoped by account, since the account is what it finds out.
 */
export async function findImportAccount(db: DbOrTx, id: string): Promise<string | undefined> {
  return (await db.select({ accountId: imports.accountId }).from(imports).where(eq(imports.id, id)).get())
    ?.accountId;
}

/** A chunk's progress: no RETURNING, which would read the columns stored after the (large) rows. */
export async function setImportProgress(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<ImportRow>,
): Promise<void> {
  await db
    .update(imports)
    .set(changes)
    .where(scoped(imports, accountId, id))
    .run();
}
