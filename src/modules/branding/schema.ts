import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const brandingProfiles = sqliteTable(
  'branding_profiles',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull(),
    logoFileId: text('logo_file_id'),
    primaryColor: text('primary_color').notNull(),
    accentColor: text('accent_color').notNull(),
    fontFamily: text('font_family'),
    headerText: text('header_text'),
    footerText: text('footer_text').notNull(),
    hideServiceBranding: integer('hide_service_branding', { mode: 'boolean' }).notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('branding_profiles_account_idx').on(t.accountId, t.id),
    // At most one default per account, enforced by SQLite itself (race-free).
    uniqueIndex('branding_profiles_default_uq').on(t.accountId).where(sql`${t.isDefault} = 1`),
  ],
);

export type BrandingProfileRow = typeof brandingProfiles.$inferSelect;
