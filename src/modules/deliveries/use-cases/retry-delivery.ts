import { inTransaction } from '../../../db/transaction';
import type { AccountCtx } from '../../../shared/context';
import { invalidTransition, notFound } from '../../../shared/errors';
import { canRetry } from '../lifecycle';
import { findDelivery } from '../repo';
import type { DeliveryRow } from '../schema';
import { queueDelivery, type RenderLink, renderToSend, requireMailConfigured } from './queue-delivery';

/**
 * POST /deliveries/{id}/retry: a new `queued` delivery with the original's recipients, subject, message
 * and attach_pdf, linking (and attaching) the newest current render, which may be newer than the one that
 * failed. The original is left as it is. Only the delivery's status is checked, as SPEC 3 has it: the
 * document may have moved on (marked sent, say) since the first try.
 */
export async function retryDelivery({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { id: string; smtpUrl: string | null; link: RenderLink };
}): Promise<DeliveryRow> {
  requireMailConfigured(input.smtpUrl);
  return await inTransaction(ctx, async (tx) => {
    const original = await findDelivery(tx.db, tx.accountId, input.id);
    if (!original) throw notFound('Delivery');
    if (!canRetry(original.status)) throw invalidTransition('retry', original.status);
    return await queueDelivery(tx, {
      documentId: original.documentId,
      to: original.to,
      cc: original.cc,
      bcc: original.bcc,
      subject: original.subject,
      message: original.message,
      attachPdf: original.attachPdf,
      einvoiceProfile: original.einvoiceProfile,
      render: await renderToSend(tx, original.documentId, original.einvoiceProfile),
      retryOf: original.id,
      link: input.link,
      // A reminder's retry sends the same letter again.
      letter:
        original.letterBlobKey && original.letterFilename
          ? {
              blobKey: original.letterBlobKey,
              filename: original.letterFilename,
              amount: original.mailAmount,
              dueDate: original.mailDueDate,
            }
          : null,
    });
  });
}
