import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountRows } from '../../db/scoped';
import { conflict } from '../../shared/errors';
import { type ProductRow, products } from './schema';

/**
 * Listed newest first; `?q=` searches name and description. Documents copy a product's fields into their
 * lines, so nothing refers to a product: it can always go.
 */
/** What `?q=` searches: article number, name and description. */
export const productSearch = [products.articleNumber, products.name, products.description];

export const productRows = accountRows(products, { search: productSearch });

export const findProduct = productRows.find;

/** An article of the account, by what identifies it to the firm. */
export interface ArticleHolder {
  id: string;
  name: string;
}

/** Which of `numbers` articles of the account hold (number -> the article), asked in slices. */
export async function articleNumberHolders(
  db: DbOrTx,
  accountId: string,
  numbers: readonly string[],
): Promise<Map<string, ArticleHolder>> {
  const held = new Map<string, ArticleHolder>();
  const unique = [...new Set(numbers)];
  for (let i = 0; i < unique.length; i += 500) {
    const slice = unique.slice(i, i + 500);
    const rows = await db
      .select({ id: products.id, name: products.name, number: products.articleNumber })
      .from(products)
      .where(and(eq(products.accountId, accountId), inArray(products.articleNumber, slice)));
    for (const row of rows) if (row.number !== null) held.set(row.number, { id: row.id, name: row.name });
  }
  return held;
}

/** The 409 of an article number another article of the account holds. */
export function articleNumberTaken(number: string, holder?: ArticleHolder) {
  const whose = holder ? ` (${holder.name}, ${holder.id})` : '';
  return conflict(`article_number '${number}' belongs to another article of this account${whose}`, {
    article_number: number,
    ...(holder ? { product_id: holder.id } : {}),
  });
}

/**
 * `problems` as they are, or when there are none and the article number (`number`, trimmed; undefined when
 * the write leaves it alone) belongs to another article of the account than `self`: that 409, naming it.
 * Asked before the write, so PostgreSQL's transaction is never left aborted by the unique index.
 */
export async function articleNumberChecked<P>(
  ctx: { db: DbOrTx; accountId: string },
  problems: P[],
  number: string | null | undefined,
  self: string | null,
): Promise<P[]> {
  if (problems.length > 0 || typeof number !== 'string') return problems;
  const holder = (await articleNumberHolders(ctx.db, ctx.accountId, [number])).get(number);
  if (holder && holder.id !== self) throw articleNumberTaken(number, holder);
  return problems;
}

/** A write that met the unique index anyway (an article given the number in between): the same 409. */
export async function withArticleNumberCheck<T>(
  number: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (typeof number === 'string' && isUniqueViolation(error, 'article_number')) {
      throw articleNumberTaken(number.trim());
    }
    throw error;
  }
}

/**
 * The account's articles without an article number: an import matches a row without one against them
 * field by field (imports/resources/products.ts), so a list imported again does not double the catalogue.
 */
export async function articlesWithoutNumber(db: DbOrTx, accountId: string): Promise<ProductRow[]> {
  return await db
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), isNull(products.articleNumber)));
}
