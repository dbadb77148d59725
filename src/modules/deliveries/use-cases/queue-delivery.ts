import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { conflict, DomainError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { RenderRow } from '../../renders';
import { latestRenderOf } from '../../renders';
import { readSmtpUrl } from '../email/smtp-settings';
import { enqueueDeliverySend } from '../job';
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

/** The render a new delivery links to (and attaches): the newest one that has not expired. */
export function renderToSend(ctx: AccountCtx, documentId: string): RenderRow {
  const render = latestRenderOf(ctx.db, ctx.accountId, documentId, isoNow(ctx.clock));
  if (!render) {
    throw conflict('The document has no current render: render the document first', {
      document_id: documentId,
    });
  }
  return render;
}

export interface NewDelivery {
  documentId: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string | null;
  attachPdf: boolean;
  render: RenderRow;
  retryOf: string | null;
  link: RenderLink;
}

/**
 * Inserts the `queued` delivery and its `delivery.send` job. Call inside the caller's transaction: the
 * row and the job commit together (no delivery without a job, no job for a rolled-back delivery).
 */
export function queueDelivery(ctx: AccountCtx, input: NewDelivery): DeliveryRow {
  const now = isoNow(ctx.clock);
  const row = insertDelivery(ctx.db, {
    id: newId('dlv'),
    accountId: ctx.accountId,
    documentId: input.documentId,
    to: input.to,
    cc: input.cc,
    bcc: input.bcc,
    subject: input.subject,
    message: input.message,
    attachPdf: input.attachPdf,
    renderId: input.render.id,
    status: 'queued',
    errorMessage: null,
    retryOf: input.retryOf,
    messageId: null,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
    sentAt: null,
  });
  enqueueDeliverySend(ctx.db, ctx.clock, {
    accountId: ctx.accountId,
    deliveryId: row.id,
    downloadUrl: input.link(input.render),
  });
  return row;
}
