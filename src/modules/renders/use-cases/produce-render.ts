import type { DbOrTx } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { RenderInput } from '../../../rendering/types';
import type { Clock } from '../../../shared/clock';
import { newId } from '../../../shared/ids';
import { presentTotals } from '../../documents';
import { reserveRender } from '../../usage';
import { findRenderById, insertRender } from '../repo';
import type { RenderRow } from '../schema';
import type { RenderServices } from '../services';

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
  try {
    const bytes = await services.renderPdf(input.pdf);
    await services.blobs.put(blobKey, bytes, 'application/pdf');
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
      expiresAt: new Date(now.getTime() + input.expiresIn * 1000).toISOString(),
      createdAt: now.toISOString(),
    };
    // One transaction: the render is recorded exactly when its unit of quota becomes a render made.
    const row = await inTransaction(ctx, async ({ db: tx }) => {
      const inserted = await insertRender(tx, record);
      await reservation.confirm(tx);
      return inserted;
    });
    return { row, bytes };
  } catch (error) {
    // With fixed ids, another attempt of the same job (one whose claim was lost while it was still drawing)
    // may have recorded this very render: that PDF and its unit of quota stand, and this attempt uses them.
    const recorded = input.ids ? await findRenderById(ctx.db, id) : undefined;
    if (recorded)
      return { row: recorded, bytes: (await services.blobs.get(recorded.blobKey)) ?? new Uint8Array() };
    await reservation.release();
    await services.blobs.delete(blobKey).catch(() => undefined);
    throw error;
  }
}
