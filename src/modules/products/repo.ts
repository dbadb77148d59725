import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsText } from '../../db/text-search';
import type { PageRequest } from '../../shared/pagination';
import { type ProductRow, products } from './schema';

const scoped = (accountId: string, id: string) => and(eq(products.accountId, accountId), eq(products.id, id));

export async function insertProduct(db: DbOrTx, row: ProductRow): Promise<ProductRow> {
  return await db.insert(products).values(row).returning().get();
}

export async function findProduct(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<ProductRow | undefined> {
  return await db.select().from(products).where(scoped(accountId, id)).get();
}

/** Newest first; `search` keeps the rows whose name or description contains it (any case). */
export async function listProducts(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
  search = '',
): Promise<ProductRow[]> {
  const conditions = [
    eq(products.accountId, accountId),
    containsText([products.name, products.description], search),
  ];
  if (page.after !== null) conditions.push(lt(products.id, page.after));
  return await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.id))
    .limit(page.limit + 1)
    .all();
}

export async function updateProduct(
  db: DbOrTx,
  accountId: string,
  id: string,
  changes: Partial<ProductRow>,
): Promise<ProductRow | undefined> {
  return await db.update(products).set(changes).where(scoped(accountId, id)).returning().get();
}

/** Documents copy a product's fields into their lines, so nothing refers to a product: it can always go. */
export async function deleteProduct(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  return (
    (await db.delete(products).where(scoped(accountId, id)).returning({ id: products.id }).all()).length > 0
  );
}
