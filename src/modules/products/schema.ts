import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

/** The article catalogue: what a line item is filled from. Prices and rates are exact decimal strings. */
export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The firm's own article number (Artikelnummer); unique per account when set, BT-155 on a line. */
    articleNumber: text('article_number'),
    name: text('name').notNull(),
    description: text('description'),
    unitCode: text('unit_code'),
    unitPrice: text('unit_price'),
    /** EN 16931 BT-149: the quantity the price is for (a price per 100); null is 1. */
    priceBaseQuantity: text('price_base_quantity'),
    taxRate: text('tax_rate'),
    taxCategory: text('tax_category'),
    currency: text('currency'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_account_idx').on(t.accountId, t.id),
    // One article per article number and account; NULLs (no number) do not collide.
    uniqueIndex('products_article_number_uq').on(t.accountId, t.articleNumber),
  ],
);

export type ProductRow = typeof products.$inferSelect;
