import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { scoped } from '../../db/scoped';
import type { PageRequest } from '../../shared/pagination';
import { type CustomTemplateRow, customTemplates, type TemplateVersionRow, templateVersions } from './schema';

type TemplateChanges = Partial<Omit<CustomTemplateRow, 'id' | 'accountId' | 'createdAt'>>;

export async function insertTemplate(db: DbOrTx, row: CustomTemplateRow): Promise<CustomTemplateRow> {
  return await db.insert(customTemplates).values(row).returning().get();
}

export async function findTemplate(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<CustomTemplateRow | undefined> {
  return await db
    .select()
    .from(customTemplates)
    .where(scoped(customTemplates, accountId, id))
    .get();
}

const defaultTemplate = preparedPerHandle((db) =>
  db
    .select()
    .from(customTemplates)
    .where(
      and(eq(customTemplates.accountId, sql.placeholder('accountId')), eq(customTemplates.isDefault, true)),
    )
    .prepare(),
);

/** The account's default, if it chose one (every render without its own asks): prepared once per handle. */
export async function findDefaultTemplate(
  db: DbOrTx,
  accountId: string,
): Promise<CustomTemplateRow | undefined> {
  return await defaultTemplate(db).get({ accountId });
}

export async function listTemplates(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
): Promise<CustomTemplateRow[]> {
  const scope = eq(customTemplates.accountId, accountId);
  return await db
    .select()
    .from(customTemplates)
    .where(page.after === null ? scope : and(scope, lt(customTemplates.id, page.after)))
    .orderBy(desc(customTemplates.id))
    .limit(page.limit + 1)
    .all();
}

export async function updateTemplate(db: DbOrTx, accountId: string, id: string, changes: TemplateChanges) {
  return await db
    .update(customTemplates)
    .set(changes)
    .where(scoped(customTemplates, accountId, id))
    .returning()
    .get();
}

export async function clearDefaultTemplate(db: DbOrTx, accountId: string): Promise<void> {
  await db
    .update(customTemplates)
    .set({ isDefault: false })
    .where(and(eq(customTemplates.accountId, accountId), eq(customTemplates.isDefault, true)))
    .run();
}

export async function deleteTemplate(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(customTemplates)
        .where(scoped(customTemplates, accountId, id))
        .returning({ id: customTemplates.id })
        .all()
    ).length > 0
  );
}

export async function insertVersion(db: DbOrTx, row: TemplateVersionRow): Promise<TemplateVersionRow> {
  return await db.insert(templateVersions).values(row).returning().get();
}

export async function listVersions(
  db: DbOrTx,
  accountId: string,
  templateId: string,
): Promise<TemplateVersionRow[]> {
  return await db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.accountId, accountId), eq(templateVersions.templateId, templateId)))
    .orderBy(desc(templateVersions.version))
    .all();
}

export async function findVersion(db: DbOrTx, accountId: string, templateId: string, version: number) {
  // Versions count up from 1: a number past 2^53 - 1 (JSON takes 1e20) was never had, and PostgreSQL's
  // bigint refused it with an error (a 500) where SQLite found nothing: both are the 404 of an unknown version.
  if (!Number.isSafeInteger(version)) return undefined;
  return await db
    .select()
    .from(templateVersions)
    .where(
      and(
        eq(templateVersions.accountId, accountId),
        eq(templateVersions.templateId, templateId),
        eq(templateVersions.version, version),
      ),
    )
    .get();
}
