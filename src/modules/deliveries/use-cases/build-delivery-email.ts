import type { Party } from '../../../domain/party';
import type { AccountCtx } from '../../../shared/context';
import type { BlobStore } from '../../../storage/blob-store';
import { findBusinessProfile } from '../../business-profiles';
import { findDocument, readDocument } from '../../documents';
import type { DocumentType } from '../../reference';
import { findRender } from '../../renders';
import { composeBody, emailLocale } from '../email/compose';
import type { OutgoingEmail } from '../email/mailer';
import type { DeliveryRow } from '../schema';

export type BuiltEmail = { email: OutgoingEmail } | { problem: string };

/** `2026/001` would be a path in some mail clients; keep the number readable, drop what is unsafe. */
function pdfFilename(number: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
  const safe = number.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').trim();
  return `${safe || 'document'}.pdf`;
}

export function deliveryMessageId(deliveryId: string): string {
  return `<${deliveryId}@invoice-service>`;
}

/**
 * The message of one delivery, from what is stored now: the document (finalized, so its content is
 * frozen), the render chosen at send time, the subject and message the client gave. A render that expired
 * or whose file is gone is a problem, not a retry: the link would be dead, so the delivery fails and asks
 * for a new render and a retry (which picks the latest render).
 */
export async function buildDeliveryEmail({
  ctx,
  blobs,
  input,
}: {
  ctx: AccountCtx;
  blobs: BlobStore;
  input: { delivery: DeliveryRow; from: string; downloadUrl: string };
}): Promise<BuiltEmail> {
  const { delivery } = input;
  const document = findDocument(ctx.db, ctx.accountId, delivery.documentId);
  if (!document) return { problem: `document ${delivery.documentId} no longer exists` };
  const render = delivery.renderId ? findRender(ctx.db, ctx.accountId, delivery.renderId) : undefined;
  const renderGone = `render ${delivery.renderId} expired before the email went out; render the document again and retry`;
  if (!render || render.expiresAt <= ctx.clock.now().toISOString()) return { problem: renderGone };
  let attachment: OutgoingEmail['attachment'] = null;
  if (delivery.attachPdf) {
    const bytes = await blobs.get(render.blobKey);
    if (!bytes) return { problem: `the PDF of render ${render.id} is missing from storage` };
    attachment = { filename: pdfFilename(document.number), content: bytes };
  }
  const profile = findBusinessProfile(ctx.db, ctx.accountId, document.businessProfileId);
  const seller = readDocument(ctx, document).data.seller as Party | undefined;
  const locale = emailLocale(document.locale, profile?.defaultLocale);
  const text = composeBody({
    locale,
    documentType: document.documentType as DocumentType,
    number: document.number,
    sellerName: seller?.name ?? '',
    currency: document.currency,
    total: document.totals.amount_due ?? document.totals.total,
    dueDate: document.dueDate,
    message: delivery.message,
    attached: attachment !== null,
    link: input.downloadUrl,
    linkExpiresAt: render.expiresAt,
  });
  return {
    email: {
      from: input.from,
      // Answers go to the seller, not to the technical sender the SMTP server accepts.
      replyTo: seller?.email ?? profile?.email ?? null,
      to: delivery.to,
      cc: delivery.cc,
      bcc: delivery.bcc,
      subject: delivery.subject,
      text,
      messageId: deliveryMessageId(delivery.id),
      attachment,
    },
  };
}
