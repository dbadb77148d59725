import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type RenderRow, renders } from './schema';

export function insertRender(db: DbOrTx, row: RenderRow): RenderRow {
  return db.insert(renders).values(row).returning().get();
}

export function findRender(db: DbOrTx, accountId: string, id: string): RenderRow | undefined {
  return db
    .select()
    .from(renders)
    .where(and(eq(renders.accountId, accountId), eq(renders.id, id)))
    .get();
}

/** Token downloads know only the render id: the token itself is the credential. */
export function findRenderById(db: DbOrTx, id: string): RenderRow | undefined {
  return db.select().from(renders).where(eq(renders.id, id)).get();
}

export function findExpired(db: DbOrTx, now: string, limit: number): RenderRow[] {
  return db.select().from(renders).where(lte(renders.expiresAt, now)).limit(limit).all();
}

export function deleteRender(db: DbOrTx, id: string): void {
  db.delete(renders).where(eq(renders.id, id)).run();
}

/** The newest render of a stored document still valid at `liveAt` (deliveries link and attach it). */
export function latestRenderOf(
  db: DbOrTx,
  accountId: string,
  documentId: string,
  liveAt: string,
): RenderRow | undefined {
  return db
    .select()
    .from(renders)
    .where(
      and(
        eq(renders.accountId, accountId),
        eq(renders.documentId, documentId),
        gt(renders.expiresAt, liveAt),
      ),
    )
    .orderBy(desc(renders.id))
    .limit(1)
    .get();
}
