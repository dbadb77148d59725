import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, timestamp, updatedAt } from '../../db/columns';
import type { TemplateConfig } from '../../rendering/types';
import { accounts } from '../accounts/schema';

export const customTemplates = sqliteTable(
  'custom_templates',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description'),
    baseTemplateId: text('base_template_id').notNull(),
    config: text('config', { mode: 'json' }).$type<TemplateConfig>().notNull(),
    status: text('status', { enum: ['draft', 'published'] }).notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull(),
    /** The number the next snapshot takes: versions are never renumbered or reused. */
    nextVersion: integer('next_version').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at'),
  },
  (t) => [
    index('custom_templates_account_idx').on(t.accountId, t.id),
    uniqueIndex('custom_templates_default_uq').on(t.accountId).where(sql`${t.isDefault} = 1`),
  ],
);

export const templateVersions = sqliteTable(
  'template_versions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** No foreign key: a deleted template's versions stay, so renders pinned to them stay explained. */
    templateId: text('template_id').notNull(),
    version: integer('version').notNull(),
    label: text('label'),
    changelog: text('changelog'),
    config: text('config', { mode: 'json' }).$type<TemplateConfig>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('template_versions_number_uq').on(t.templateId, t.version)],
);

export type CustomTemplateRow = typeof customTemplates.$inferSelect;
export type TemplateVersionRow = typeof templateVersions.$inferSelect;
