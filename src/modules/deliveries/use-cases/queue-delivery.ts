import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict, DomainError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { findDocument } from '../../documents';
import type { RenderRow } from '../../renders';
import {
  FACTUR_X,
  findIssuedFile,
  keepRenderUntil,
  latestRenderOf,
  MAX_EXPIRES_IN,
  PLAIN_PDF,
  renderOfIssued,
} from '../../renders';
import { readSmtpUrl } from '../email/smtp-settings';
import { enqueueDeliverySend } from '../job-types';
import { insertDelivery } from '../repo';
import type { DeliveryRow } from '../schema';

/** Builds a render's signed download link; the route makes it, since only a request knows the origin. */
export type RenderLink = (render: RenderRow) => string;

/**
 * 501 before anything is looked at or stored: without a usable SMTP_URL a delivery would sit in `queued`
 * forever. The message names the setting, never its value (it holds the password).
 */
export function requireMailConfigured(smtpUrl: string | null): void {
  if (!smtpUrl) {
    throw new DomainError('not_configured', 'email delivery is not configured: set SMTP_URL');
  }
  if (!readSmtpUrl(smtpUrl).from) {
    throw new DomainError(
      'not_configured',
      'email delivery is not configured: SMTP_URL needs ?from=<sender address> (or a user name that is an address)',
    );
  }
}

/**
 * The render a new delivery links to (and attaches): the newest one that has not expired and is not a copy
 * (a send carries the document as issued). A buyer that needs Factur-X gets the PDF that is the e-invoice,
 * so that render must be a Factur-X one. With no such render live, the kept original (docs/renders.md) is
 * linked through a new render of it: no drawing, no unit of quota. Never rendered: 409.
 */
export async function renderToSend(
  ctx: AccountCtx,
  documentId: string,
  einvoiceProfile: string | null = null,
): Promise<RenderRow> {
  const facturx = einvoiceProfile === FACTUR_X;
  const render = await latestRenderOf(ctx.db, ctx.accountId, documentId, isoNow(ctx.clock));
  // A Factur-X render is the one that records its compliance check (renders store `format` as pdf).
  if (render && (!facturx || render.compliance !== null)) return render;
  const document = await findDocument(ctx.db, ctx.accountId, documentId);
  const forms = facturx ? [FACTUR_X] : [PLAIN_PDF, FACTUR_X];
  for (const profile of forms) {
    const kept = document && (await findIssuedFile(ctx.db, ctx.accountId, documentId, 'pdf', profile));
    if (document && kept) return await renderOfIssued(ctx, document, kept, MAX_EXPIRES_IN);
  }
  if (!render) {
    throw conflict('The document has no current render: render the document first', {
      document_id: documentId,
    });
  }
  throw conflict(
    "The buyer needs a Factur-X invoice: render the document with format 'facturx_pdf' first, or send with attach_einvoice false",
    { document_id: documentId, einvoice_profile: einvoiceProfile },
  );
}

/** Only invoices and credit notes are e-invoices. */
const EINVOICE_TYPES = new Set(['invoice', 'credit_note']);

/** The e-invoice a delivery carries: the customer's profile unless the sender says no (default yes). */
export function einvoiceToAttach(
  customerProfile: string | null | undefined,
  documentType: string,
  attach: boolean | undefined,
): string | null {
  if (!customerProfile || attach === false || !EINVOICE_TYPES.has(documentType)) return null;
  return customerProfile;
}

export interface NewDelivery {
  /** The new delivery's id when the caller named it already (a follow-up its original's reason names). */
  id?: string;
  documentId: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string | null;
  attachPdf: boolean;
  einvoiceProfile: string | null;
  render: RenderRow;
  retryOf: string | null;
  link: RenderLink;
  /**
   * A letter already stored (a reminder), attached before the render, and what the mail names as owed
   * and by when: the letter's total and pay-by date, so mail and letter agree.
   */
  letter?: { blobKey: string; filename: string; amount?: string | null; dueDate?: string | null } | null;
}

/**
 * Inserts the `queued` delivery and its `delivery.send` job. Call inside the caller's transaction: the
 * row and the job commit together (no delivery without a job, no job for a rolled-back delivery).
 */
export async function queueDelivery(ctx: AccountCtx, input: NewDelivery): Promise<DeliveryRow> {
  const now = isoNow(ctx.clock);
  // The mail's link is the render's signed link: a render made for a quick look (an hour by default) is
  // kept for a week from now, the longest a render lives, instead of dying before the customer reads it.
  const keepUntil = new Date(ctx.clock.now().getTime() + MAX_EXPIRES_IN * 1000).toISOString();
  const render = await keepRenderUntil(ctx.db, input.render, keepUntil);
  const row = await insertDelivery(ctx.db, {
    id: input.id ?? newId('dlv'),
    accountId: ctx.accountId,
    documentId: input.documentId,
    to: input.to,
    cc: input.cc,
    bcc: input.bcc,
    subject: input.subject,
    message: input.message,
    attachPdf: input.attachPdf,
    einvoiceProfile: input.einvoiceProfile,
    letterBlobKey: input.letter?.blobKey ?? null,
    letterFilename: input.letter?.filename ?? null,
    mailAmount: input.letter?.amount ?? null,
    mailDueDate: input.letter?.dueDate ?? null,
    renderId: render.id,
    status: 'queued',
    errorMessage: null,
    retryOf: input.retryOf,
    messageId: null,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
    sentAt: null,
  });
  await enqueueDeliverySend(ctx.db, ctx.clock, {
    accountId: ctx.accountId,
    deliveryId: row.id,
    downloadUrl: input.link(render),
  });
  return row;
}
