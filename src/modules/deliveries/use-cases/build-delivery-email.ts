import { dec, gt } from '../../../domain/money';
import type { Party } from '../../../domain/party';
import { getDocumentType } from '../../../domain/reference';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import type { AccountCtx } from '../../../shared/context';
import type { BlobStore } from '../../../storage/blob-store';
import { findBusinessProfile } from '../../business-profiles';
import { writeEInvoiceXml } from '../../compliance';
import {
  type DocumentRow,
  einvoiceInputOf,
  findDocument,
  paymentFigures,
  readDocument,
} from '../../documents';
import { readSupportingFiles } from '../../files';
import type { DocumentType } from '../../reference';
import { findRender, issuedXml } from '../../renders';
import { composeBody, emailLocale } from '../email/compose';
import type { OutgoingEmail } from '../email/mailer';
import { findDelivery } from '../repo';
import type { DeliveryRow } from '../schema';
import { firstSentBefore } from './first-sending';
import { linkExpiresAt } from './queue-follow-up';

export type BuiltEmail = { email: OutgoingEmail } | { problem: string };

/** `2026/001` would be a path in some mail clients; keep the number readable, drop what is unsafe. */
function attachmentName(number: string, extension: 'pdf' | 'xml'): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
  const safe = number.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').trim();
  return `${safe || 'document'}.${extension}`;
}

/**
 * The XRechnung or Peppol XML of a finalized document: the one kept as issued (the first written, by the
 * XML route, an earlier send or the archive; docs/renders.md), else written now as the XML route writes
 * it (with the supporting documents' files embedded) and kept; a problem when it cannot be written
 * (finalize checks it for such buyers, but the profile may have been set on the customer after finalize).
 */
async function einvoiceXml(
  ctx: AccountCtx,
  blobs: BlobStore,
  document: DocumentRow,
  profile: ComplianceProfile,
): Promise<{ bytes: Uint8Array } | { problem: string }> {
  const outcome = await issuedXml(ctx, blobs, document, {
    profile,
    firstUse: 'send',
    write: async () => {
      const input = await einvoiceInputOf(ctx, document);
      let attachedFiles: Awaited<ReturnType<typeof readSupportingFiles>> | undefined;
      try {
        attachedFiles = await readSupportingFiles(ctx, blobs, input.data.supporting_documents, 'document');
      } catch {
        attachedFiles = undefined;
      }
      return await writeEInvoiceXml({ profile, ...input, attachedFiles });
    },
  });
  if (outcome.ok) return { bytes: outcome.bytes };
  const first = outcome.problems[0];
  return {
    problem: `the ${profile} e-invoice cannot be written: ${first ? `${first.path}: ${first.message}` : 'not an e-invoice'}; fix the document (a corrected invoice) or send with attach_einvoice false`,
  };
}

/** The right side of the Message-IDs sent before they took the sender's domain; still recognised. */
export const LEGACY_MESSAGE_ID_DOMAIN = 'invoice-service';

/**
 * The domain of the sender's address (`"Firma" <rechnung@firma.de>` -> `firma.de`, an IDN as punycode):
 * a Message-ID's right side is a domain (RFC 5322 3.6.4), and spam filters score one that is none
 * (`@invoice-service`). Without a usable sender address, the old right side.
 */
export function messageIdDomain(from: string | null): string {
  const address = (from && (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from))?.trim() ?? '';
  const at = address.lastIndexOf('@');
  if (at === -1) return LEGACY_MESSAGE_ID_DOMAIN;
  try {
    const host = new URL(`http://${address.slice(at + 1)}`).hostname.toLowerCase();
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return host;
  } catch {
    // not a host name: fall through
  }
  return LEGACY_MESSAGE_ID_DOMAIN;
}

/**
 * `<dlv_…@firma.de>`: derived from the delivery id, so every attempt of one delivery sends the same one and
 * a bounce returning it names the delivery (mail-intake reads bounces; docs/deliveries.md).
 */
export function deliveryMessageId(deliveryId: string, from: string | null): string {
  return `<${deliveryId}@${messageIdDomain(from)}>`;
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
  const document = await findDocument(ctx.db, ctx.accountId, delivery.documentId);
  if (!document) return { problem: `document ${delivery.documentId} no longer exists` };
  const render = delivery.renderId ? await findRender(ctx.db, ctx.accountId, delivery.renderId) : undefined;
  const renderGone = `render ${delivery.renderId} expired before the email went out; render the document again and retry`;
  const now = ctx.clock.now().toISOString();
  if (!render || render.expiresAt <= now) return { problem: renderGone };
  // The mail states when its own link ends: the render may be kept longer since the link was signed.
  const linkEnd = linkExpiresAt(input.downloadUrl) ?? render.expiresAt;
  if (linkEnd <= now) {
    return { problem: 'the link expired before the email went out; retry the delivery for a new one' };
  }
  const attachments: OutgoingEmail['attachments'] = [];
  if (delivery.letterBlobKey) {
    const letter = await blobs.get(delivery.letterBlobKey);
    if (!letter) return { problem: `the letter of delivery ${delivery.id} is missing from storage` };
    const filename = attachmentName(delivery.letterFilename ?? 'letter', 'pdf');
    attachments.push({ filename, content: letter, contentType: 'application/pdf' });
  }
  const profile = delivery.einvoiceProfile as ComplianceProfile | null;
  let einvoice: { profile: ComplianceProfile; filename: string; pdf: string | null } | null = null;
  let pdf: string | null = null;
  // A Factur-X buyer's e-invoice is the PDF itself (the render was chosen to be one).
  if (delivery.attachPdf || profile === 'factur_x_en16931') {
    const bytes = await blobs.get(render.blobKey);
    if (!bytes) return { problem: `the PDF of render ${render.id} is missing from storage` };
    const filename = attachmentName(document.number, 'pdf');
    attachments.push({ filename, content: bytes, contentType: 'application/pdf' });
    pdf = filename;
    if (profile === 'factur_x_en16931') einvoice = { profile, filename, pdf: filename };
  }
  if (profile !== null && profile !== 'factur_x_en16931') {
    const written = await einvoiceXml(ctx, blobs, document, profile);
    if ('problem' in written) return written;
    const filename = attachmentName(document.number, 'xml');
    attachments.push({ filename, content: written.bytes, contentType: 'application/xml' });
    einvoice = { profile, filename, pdf };
  }
  const content = (await readDocument(ctx, document)).data;
  const seller = content.seller as Party | undefined;
  // A correction names the invoice it corrects, so the buyer (an authority's intake) can match the two.
  const source =
    document.documentType === 'credit_note' && document.sourceDocumentId
      ? await findDocument(ctx.db, ctx.accountId, document.sourceDocumentId)
      : undefined;
  const sellerProfile = await findBusinessProfile(ctx.db, ctx.accountId, document.businessProfileId);
  const locale = emailLocale(document.locale, sellerProfile?.defaultLocale);
  const text = composeBody({
    locale,
    documentType: document.documentType as DocumentType,
    number: document.number,
    sellerName: seller?.name ?? '',
    currency: document.currency,
    // A reminder names what its letter asks (still owed after payments, with its fee) and by when; a
    // document e-mail its amount due and due date. Older reminder deliveries stored neither.
    total:
      delivery.mailAmount ??
      (delivery.letterBlobKey
        ? paymentFigures(document).amount_due
        : (document.totals.amount_due ?? document.totals.total)),
    letter: delivery.letterBlobKey ? delivery.subject : null,
    corrects: source?.number ?? null,
    // Paid in advance beyond its total (a final invoice's Abschläge): the amount is paid back, as the PDF says.
    refund:
      !delivery.letterBlobKey &&
      delivery.mailAmount === null &&
      getDocumentType(document.documentType as DocumentType).payable &&
      gt(dec(document.totals.total), dec('0')) &&
      gt(dec('0'), dec(document.totals.amount_due ?? document.totals.total)),
    // A quote's date is its validity (`valid_until`, else the `due_date` it was given), as its PDF prints.
    dueDate:
      delivery.mailDueDate ??
      (document.documentType === 'quote' && typeof content.valid_until === 'string'
        ? content.valid_until
        : document.dueDate),
    message: delivery.message,
    attached: attachments.length > 0,
    einvoice,
    // Sent before this e-mail was first made: a copy, said so (a reminder is its own letter, never one). A
    // retry or a follow-up to recipients refused for now is the same e-mail: asked as of its first attempt,
    // so its body agrees with the subject it took from it.
    copyOf: delivery.letterBlobKey
      ? null
      : await firstSentBefore(ctx, document, await firstAttemptAt(ctx, delivery), delivery.retryOf === null),
    invoiceCopy: delivery.letterBlobKey ? pdf : null,
    link: input.downloadUrl,
    linkExpiresAt: linkEnd,
    // The seller's zone; a German-language mail without one is read in Germany.
    timeZone: sellerProfile?.defaultTimezone ?? (locale.startsWith('de') ? 'Europe/Berlin' : null),
    sender: seller
      ? {
          legalName: seller.legal_name ?? seller.name,
          address: seller.address ?? null,
          taxId: seller.tax_id ?? null,
          registration: seller.registration_number ?? null,
          managingDirectors: seller.managing_directors ?? null,
          legalInfo: seller.legal_info ?? null,
        }
      : null,
  });
  return {
    email: {
      from: input.from,
      // Answers go to the seller, not to the technical sender the SMTP server accepts.
      replyTo: seller?.email ?? sellerProfile?.email ?? null,
      to: delivery.to,
      cc: delivery.cc,
      bcc: delivery.bcc,
      subject: delivery.subject,
      text,
      messageId: deliveryMessageId(delivery.id, input.from),
      attachments,
    },
  };
}

/** When the e-mail `delivery` retries or follows up was first made (its own creation when it is the first). */
async function firstAttemptAt(ctx: AccountCtx, delivery: DeliveryRow): Promise<string> {
  let at = delivery;
  // Bounded: a chain of retries is short, and a cycle (never written) must not loop.
  for (let hops = 0; at.retryOf !== null && hops < 50; hops++) {
    const earlier = await findDelivery(ctx.db, ctx.accountId, at.retryOf);
    if (!earlier) break;
    at = earlier;
  }
  return at.createdAt;
}
