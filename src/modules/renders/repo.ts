import { and, asc, desc, eq, gt, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type IssuedFileRow, type IssuedKind, issuedFiles, type RenderRow, renders } from './schema';

export async function insertRender(db: DbOrTx, row: RenderRow): Promise<RenderRow> {
  return await db.insert(renders).values(row).returning().get();
}

export async function findRender(db: DbOrTx, accountId: string, id: string): Promise<RenderRow | undefined> {
  return await db
    .select()
    .from(renders)
    .where(and(eq(renders.accountId, accountId), eq(renders.id, id)))
    .get();
}

/** Token downloads know only the render id: the token itself is the credential. */
export async function findRenderById(db: DbOrTx, id: string): Promise<RenderRow | undefined> {
  return await db.select().from(renders).where(eq(renders.id, id)).get();
}

export async function findExpired(db: DbOrTx, now: string, limit: number): Promise<RenderRow[]> {
  return await db.select().from(renders).where(lte(renders.expiresAt, now)).limit(limit).all();
}

export async function deleteRender(db: DbOrTx, id: string): Promise<void> {
  await db.delete(renders).where(eq(renders.id, id)).run();
}

/**
 * The newest render of a stored document still valid at `liveAt` that is not a copy (deliveries link and
 * attach it): what a customer is sent is the document as issued, never a copy in another look.
 */
export async function latestRenderOf(
  db: DbOrTx,
  accountId: string,
  documentId: string,
  liveAt: string,
): Promise<RenderRow | undefined> {
  return await db
    .select()
    .from(renders)
    .where(
      and(
        eq(renders.accountId, accountId),
        eq(renders.documentId, documentId),
        gt(renders.expiresAt, liveAt),
        eq(renders.copy, false),
      ),
    )
    .orderBy(desc(renders.id))
    .limit(1)
    .get();
}

/**
 * A render e-mailed as a link stays downloadable for `until` at least: its expiry moves later (never
 * earlier), so a mail's link is not dead an hour after sending. The PDF and its id stay the same.
 */
export async function keepRenderUntil(db: DbOrTx, render: RenderRow, until: string): Promise<RenderRow> {
  if (render.expiresAt >= until) return render;
  const kept = await db
    .update(renders)
    .set({ expiresAt: until })
    .where(
      and(eq(renders.accountId, render.accountId), eq(renders.id, render.id), lt(renders.expiresAt, until)),
    )
    .returning()
    .get();
  return kept ?? render;
}

/** The kept original of a document's `kind` in `profile` ('' = the plain PDF), if it has one yet. */
export async function findIssuedFile(
  db: DbOrTx,
  accountId: string,
  documentId: string,
  kind: IssuedKind,
  profile: string,
): Promise<IssuedFileRow | undefined> {
  return await db
    .select()
    .from(issuedFiles)
    .where(
      and(
        eq(issuedFiles.accountId, accountId),
        eq(issuedFiles.documentId, documentId),
        eq(issuedFiles.kind, kind),
        eq(issuedFiles.profile, profile),
      ),
    )
    .get();
}

/** A document's kept originals, oldest first. */
export async function issuedFilesOf(
  db: DbOrTx,
  accountId: string,
  documentId: string,
): Promise<IssuedFileRow[]> {
  return await db
    .select()
    .from(issuedFiles)
    .where(and(eq(issuedFiles.accountId, accountId), eq(issuedFiles.documentId, documentId)))
    .orderBy(asc(issuedFiles.createdAt), asc(issuedFiles.kind), asc(issuedFiles.profile))
    .all();
}

/**
 * Records a kept original unless the document already has one of that kind and profile: false then (the
 * key decided; the caller takes the one recorded). Never updates a row.
 */
export async function insertIssuedFile(db: DbOrTx, row: IssuedFileRow): Promise<boolean> {
  const inserted = await db
    .insert(issuedFiles)
    .values(row)
    .onConflictDoNothing({ target: [issuedFiles.documentId, issuedFiles.kind, issuedFiles.profile] })
    .returning({ documentId: issuedFiles.documentId })
    .all();
  return inserted.length > 0;
}
