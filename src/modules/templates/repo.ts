import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../shared/pagination';
import { type CustomTemplateRow, customTemplates, type TemplateVersionRow, templateVersions } from './schema';

const scoped = (accountId: string, id: string) =>
  and(eq(customTemplates.accountId, accountId), eq(customTemplates.id, id));
type TemplateChanges = Partial<Omit<CustomTemplateRow, 'id' | 'accountId' | 'createdAt'>>;

export function insertTemplate(db: DbOrTx, row: CustomTemplateRow): CustomTemplateRow {
  return db.insert(customTemplates).values(row).returning().get();
}

export function findTemplate(db: DbOrTx, accountId: string, id: string): CustomTemplateRow | undefined {
  return db.select().from(customTemplates).where(scoped(accountId, id)).get();
}

export function findDefaultTemplate(db: DbOrTx, accountId: string): CustomTemplateRow | undefined {
  return db
    .select()
    .from(customTemplates)
    .where(and(eq(customTemplates.accountId, accountId), eq(customTemplates.isDefault, true)))
    .get();
}

export function listTemplates(db: DbOrTx, accountId: string, page: PageRequest): CustomTemplateRow[] {
  const scope = eq(customTemplates.accountId, accountId);
  return db
    .select()
    .from(customTemplates)
    .where(page.after === null ? scope : and(scope, lt(customTemplates.id, page.after)))
    .orderBy(desc(customTemplates.id))
    .limit(page.limit + 1)
    .all();
}

export function updateTemplate(db: DbOrTx, accountId: string, id: string, changes: TemplateChanges) {
  return db.update(customTemplates).set(changes).where(scoped(accountId, id)).returning().get();
}

export function clearDefaultTemplate(db: DbOrTx, accountId: string): void {
  db.update(customTemplates)
    .set({ isDefault: false })
    .where(and(eq(customTemplates.accountId, accountId), eq(customTemplates.isDefault, true)))
    .run();
}

export function deleteTemplate(db: DbOrTx, accountId: string, id: string): boolean {
  return (
    db.delete(customTemplates).where(scoped(accountId, id)).returning({ id: customTemplates.id }).all()
      .length > 0
  );
}

export function insertVersion(db: DbOrTx, row: TemplateVersionRow): TemplateVersionRow {
  return db.insert(templateVersions).values(row).returning().get();
}

export function listVersions(db: DbOrTx, accountId: string, templateId: string): TemplateVersionRow[] {
  return db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.accountId, accountId), eq(templateVersions.templateId, templateId)))
    .orderBy(desc(templateVersions.version))
    .all();
}

export function findVersion(db: DbOrTx, accountId: string, templateId: string, version: number) {
  return db
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
