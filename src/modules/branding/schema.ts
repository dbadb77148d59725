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
    /**
     * Whether the colours were chosen (set on create or PATCH), not left at the default: a chosen #111827
     * must override a template's colour like any other (the default value alone cannot tell).
     */
    primaryColorChosen: integer('primary_color_chosen', { mode: 'boolean' }).notNull().default(false),
    accentColorChosen: integer('accent_color_chosen', { mode: 'boolean' }).notNull().default(false),
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
