import type { DbOrTx } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { RenderInput } from '../../../rendering/types';
import type { Clock } from '../../../shared/clock';
import { newId } from '../../../shared/ids';
import { presentTotals } from '../../documents';
import { reserveRender } from '../../usage';
import { findRenderById, insertIssuedFile, insertRender } from '../repo';
import type { IssuedFirstUse, RenderRow } from '../schema';
import type { RenderServices } from '../services';
import { issuedBlobKey, issuedFileRow } from './issued-files';

export interface ProduceRenderInput {
  accountId: string;
  monthlyQuota: number;
  documentId: string | null;
  currency: string;
  expiresIn: number;
  /** The template the render records: a custom template's ctpl_ id, not the built-in design it draws. */
  templateId: string;
  templateVersion: number | null;
  /** The Factur-X check's summary, null for plain PDFs. */
  compliance: Record<string, unknown> | null;
  pdf: RenderInput;
  /**
   * Fixed ids for a render that a job may attempt again after a crash (a batch item): the same unit of
   * quota is reused and a render already recorded is not made twice. Default: fresh ids.
   */
  ids?: { renderId: string; eventId: string };
  /**
   * A stored document's first PDF of its form (`profile`: '' plain, or Factur-X's): kept as its original
   * too, in the transaction that records the render. When another render kept one first, this one is undone
   * (no file, no record, its unit given back) and `LostOriginal` thrown: the caller takes the kept one.
   */
  keep?: { profile: string; firstUse: IssuedFirstUse } | null;
  /** A stored document drawn in another look than its kept original (the PDF carries the copy mark). */
  copy?: boolean;
}

/** Another render of the same document kept its original first (produceRender's `keep`). */
export class LostOriginal extends Error {
  constructor() {
    super('another render kept the original first');
  }
}

/**
 * The one path every PDF takes: reserve a unit of quota, draw, store the file, record the render. A
 * failure at any step gives the unit back and leaves no file and no record behind.
 */
export async function produceRender({
  ctx,
  services,
  input,
}: {
  ctx: { db: DbOrTx; clock: Clock };
  services: RenderServices;
  input: ProduceRenderInput;
}): Promise<{ row: RenderRow; bytes: Uint8Array }> {
  const id = input.ids?.renderId ?? newId('rnd');
  const reservation = await reserveRender(ctx, {
    accountId: input.accountId,
    renderId: id,
    monthlyQuota: input.monthlyQuota,
    eventId: input.ids?.eventId,
  });
  const blobKey = `renders/${input.accountId}/${id}.pdf`;
  const keep = input.keep && input.documentId ? { ...input.keep, documentId: input.documentId } : null;
  // The original gets a file of its own: the render's expires with it, the original never does.
  const keptKey = keep ? issuedBlobKey(input.accountId, keep.documentId, 'pdf', keep.profile) : null;
  try {
    const bytes = await services.renderPdf(input.pdf);
    await services.blobs.put(blobKey, bytes, 'application/pdf');
    if (keptKey) await services.blobs.put(keptKey, bytes, 'application/pdf');
    const now = ctx.clock.now();
    const record = {
      id,
      accountId: input.accountId,
      documentId: input.documentId,
      documentType: input.pdf.documentType,
      format: 'pdf',
      templateId: input.templateId,
      templateVersion: input.templateVersion,
      pageSize: input.pdf.pageSize,
      blobKey,
      sizeBytes: bytes.byteLength,
      calculation: presentTotals(input.pdf.totals, input.currency),
      compliance: input.compliance,
      copy: input.copy ?? false,
      expiresAt: new Date(now.getTime() + input.expiresIn * 1000).toISOString(),
      createdAt: now.toISOString(),
    };
    // One transaction: the render is recorded exactly when its unit of quota becomes a render made (and,
    // for a document's first PDF, exactly when it becomes the original). READ COMMITTED on PostgreSQL:
    // every write in it is decided by a key or a row lock (the original by the issued file's unique key,
    // the month's counter by its upsert under the row's lock), so two instances recording renders of one
    // account wait on the counter row instead of aborting each other (docs/instances.md).
    const row = await inTransaction(
      ctx,
      async ({ db: tx }) => {
        const inserted = await insertRender(tx, record);
        if (keep && keptKey) {
          const look = {
            templateId: input.templateId,
            templateVersion: input.templateVersion,
            pageSize: input.pdf.pageSize,
          };
          const original = issuedFileRow(
            { accountId: input.accountId, clock: ctx.clock },
            { ...keep, kind: 'pdf', bytes, look, compliance: input.compliance },
            keptKey,
          );
          if (!(await insertIssuedFile(tx, original))) throw new LostOriginal();
        }
        await reservation.confirm(tx);
        return inserted;
      },
      { isolation: 'read committed' },
    );
    return { row, bytes };
  } catch (error) {
    // With fixed ids, another attempt of the same job (one whose claim was lost while it was still drawing)
    // may have recorded this very render: that PDF and its unit of quota stand, and this attempt uses them.
    const recorded = input.ids ? await findRenderById(ctx.db, id) : undefined;
    if (recorded)
      return { row: recorded, bytes: (await services.blobs.get(recorded.blobKey)) ?? new Uint8Array() };
    await reservation.release();
    await services.blobs.delete(blobKey).catch(() => undefined);
    if (keptKey) await services.blobs.delete(keptKey).catch(() => undefined);
    throw error;
  }
}
