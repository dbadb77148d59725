import { inTransaction } from '../../../db/transaction';
import type { Party } from '../../../domain/party';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { conflict, type FieldError, notFound, validationError } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import { findCustomer } from '../../customers';
import { findDocument, readDocument } from '../../documents';
import type { DocumentType } from '../../reference';
import { FACTUR_X, findIssuedFile, latestRenderOf } from '../../renders';
import { CONTROL_CHARACTERS, defaultSubject, emailLocale } from '../email/compose';
import { MAX_RECIPIENTS, type SendDocumentBody } from '../model';
import type { DeliveryRow } from '../schema';
import { firstSentBefore } from './first-sending';
import {
  einvoiceToAttach,
  queueDelivery,
  type RenderLink,
  renderToSend,
  requireMailConfigured,
} from './queue-delivery';

/** What the schema cannot say: a subject is one header line, and the recipient cap covers all three lists. */
export function sendProblems(body: SendDocumentBody): FieldError[] {
  const problems: FieldError[] = [];
  if (body.subject !== undefined && CONTROL_CHARACTERS.test(body.subject)) {
    const msg = 'subject must be one line: no CR, LF or other control characters';
    problems.push({ loc: 'body.subject', msg, type: 'value_error' });
  }
  if (body.subject !== undefined && body.subject.trim() === '') {
    problems.push({ loc: 'body.subject', msg: 'subject must not be blank', type: 'value_error' });
  }
  const count = body.to.length + (body.cc?.length ?? 0) + (body.bcc?.length ?? 0);
  if (count > MAX_RECIPIENTS) {
    const msg = `at most ${MAX_RECIPIENTS} recipients in to, cc and bcc together; got ${count}`;
    problems.push({ loc: 'body', msg, type: 'too_long' });
  }
  return problems;
}

/**
 * A buyer who needs a Factur-X invoice gets one without a render by hand: when the newest current render of
 * the finalized document is not a Factur-X one (or there is none) and no Factur-X PDF is kept as issued yet
 * (sendDocument links that one), `produce` draws one (metered, as any render, and kept from then on) with
 * the template of the newest render, before the send's transaction. Anything else is left to sendDocument,
 * which still refuses a document never rendered for other buyers (SPEC 3).
 */
export async function prepareEInvoiceRender(
  ctx: AccountCtx,
  input: {
    documentId: string;
    body: SendDocumentBody;
    produce: (body: {
      format: 'facturx_pdf';
      template_id?: string;
      template_version?: number;
    }) => Promise<unknown>;
  },
): Promise<void> {
  const document = await findDocument(ctx.db, ctx.accountId, input.documentId);
  if (!document || !SENDABLE.has(document.status)) return;
  const customer = await findCustomer(ctx.db, ctx.accountId, document.customerId);
  const profile = einvoiceToAttach(
    customer?.einvoiceProfile,
    document.documentType,
    input.body.attach_einvoice,
  );
  if (profile !== FACTUR_X) return;
  const latest = await latestRenderOf(ctx.db, ctx.accountId, document.id, isoNow(ctx.clock));
  if (latest && latest.compliance !== null) return;
  if (await findIssuedFile(ctx.db, ctx.accountId, document.id, 'pdf', FACTUR_X)) return;
  await input.produce({
    format: 'facturx_pdf',
    ...(latest ? { template_id: latest.templateId } : {}),
    ...(latest?.templateVersion ? { template_version: latest.templateVersion } : {}),
  });
}

const SENDABLE = new Set(['finalized', 'sent', 'paid']);

/**
 * POST /documents/{id}/send: a `queued` delivery of a finalized document with its newest current render,
 * and the job that sends it, in one transaction. The document's status does not change (SPEC 3).
 */
export async function sendDocument({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { documentId: string; body: SendDocumentBody; smtpUrl: string | null; link: RenderLink };
}): Promise<DeliveryRow> {
  requireMailConfigured(input.smtpUrl);
  const problems = sendProblems(input.body);
  if (problems.length > 0) throw validationError(problems);
  return await inTransaction(ctx, async (tx) => {
    const document = await findDocument(tx.db, tx.accountId, input.documentId);
    if (!document) throw notFound('Document');
    // Sent and paid ones too: a copy e-mailed again (the customer lost it, a reminder of it) is ordinary.
    if (!SENDABLE.has(document.status)) {
      throw conflict(
        `Only a finalized, sent or paid document can be sent; this one is '${document.status}'`,
        {
          status: document.status,
        },
      );
    }
    const customer = await findCustomer(tx.db, tx.accountId, document.customerId);
    const einvoiceProfile = einvoiceToAttach(
      customer?.einvoiceProfile,
      document.documentType,
      input.body.attach_einvoice,
    );
    const render = await renderToSend(tx, document.id, einvoiceProfile);
    const profile = await findBusinessProfile(tx.db, tx.accountId, document.businessProfileId);
    const seller = (await readDocument(tx, document)).data.seller as Party | undefined;
    const subject =
      input.body.subject ??
      defaultSubject({
        locale: emailLocale(document.locale, profile?.defaultLocale),
        documentType: document.documentType as DocumentType,
        number: document.number,
        sellerName: seller?.name ?? '',
        // Sent before: this e-mail is a copy, its subject says so (docs/deliveries.md "Sent again: a copy").
        copy: (await firstSentBefore(tx, document, isoNow(tx.clock))) !== null,
      });
    return await queueDelivery(tx, {
      documentId: document.id,
      to: input.body.to,
      cc: input.body.cc ?? [],
      bcc: input.body.bcc ?? [],
      subject,
      message: input.body.message ?? null,
      attachPdf: input.body.attach_pdf ?? true,
      einvoiceProfile,
      render,
      retryOf: null,
      link: input.link,
    });
  });
}
