import type { JobContext, JobScope } from '../../../jobs/definition';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { DomainError, type FieldError } from '../../../shared/errors';
import { findAccountWithPlan } from '../../accounts';
import { findCustomer } from '../../customers';
import {
  documentDelivery,
  prepareEInvoiceRender,
  type RenderLink,
  requireMailConfigured,
  sendDocument,
} from '../../deliveries';
import { findDocument } from '../../documents';
import {
  latestRenderOf,
  type RenderServices,
  renderStoredDocument,
  type StoredRenderBody,
} from '../../renders';
import { findOccurrence, findRecurringForJob, recordOccurrenceSend } from '../repo';
import type { OccurrenceRef } from './generate-occurrence';

export interface AutoSendServices {
  renders: RenderServices;
  link: RenderLink;
  smtpUrl: string | null;
}

export const NO_EMAIL_REASON =
  'the customer has no e-mail address: add one to the customer and send the invoice from its page';

/** Records why the occurrence's invoice was not e-mailed (once; a recorded outcome is kept). */
export async function recordSendFailure(job: Pick<JobScope, 'db'>, ref: OccurrenceRef, reason: string) {
  await recordOccurrenceSend(job.db, ref.recurringInvoiceId, ref.occurrenceDate, { sendError: reason });
}

/**
 * With auto_send: renders the occurrence's finalized invoice as a manual render would (the profile's or
 * default template; a Factur-X buyer's as Factur-X) and e-mails it to the customer's address through the
 * deliveries module's send (POST /documents/{id}/send's use case: same mail, attachments and e-invoice).
 * Once: the delivery is queued and recorded on the occurrence in one transaction fenced on this job's
 * claim, and an occurrence with a recorded delivery or error is never sent again. What stops it (no
 * address, no mail configured, a refusal) is recorded on the occurrence; the invoice stays finalized.
 */
export async function sendOccurrence({
  job,
  services,
  input,
}: {
  job: JobContext;
  services: AutoSendServices;
  input: OccurrenceRef;
}): Promise<void> {
  const schedule = await findRecurringForJob(job.db, input.recurringInvoiceId);
  const occurrence = await findOccurrence(job.db, input.recurringInvoiceId, input.occurrenceDate);
  if (!schedule || !occurrence || occurrence.deliveryId !== null || occurrence.sendError !== null) return;
  const scope = { memberId: schedule.createdBy };
  const ctx = job.forAccount(schedule.accountId, scope);
  const documentId = occurrence.documentId;
  const fail = async (reason: string) =>
    await job.commit(async (tx) => recordSendFailure({ db: tx }, input, reason));
  try {
    const document = await findDocument(ctx.db, ctx.accountId, documentId);
    if (!document) return await fail('the invoice was deleted before it could be e-mailed');
    // Voided (or still a draft) before its turn: nothing is drawn or counted for a mail that cannot go.
    if (!['finalized', 'sent', 'paid'].includes(document.status))
      return await fail(`the invoice is ${document.status}: it was not e-mailed`);
    const customer = await findCustomer(ctx.db, ctx.accountId, document.customerId);
    const to = customer?.email?.trim();
    if (!to) return await fail(NO_EMAIL_REASON);
    // Before rendering: without mail nothing is drawn or counted.
    requireMailConfigured(services.smtpUrl);
    // Sent by hand already: nothing to draw; the transaction below records that delivery.
    const sentByHand = (await documentDelivery(ctx.db, ctx.accountId, documentId)) !== undefined;
    const body = { to: [to] };
    const account = await findAccountWithPlan(ctx.db, ctx.accountId);
    // A disabled account's links are refused: its customers get no mail they cannot open.
    if (account?.account.disabledAt) return await fail('the account is disabled: nothing is e-mailed');
    const produce = async (render: StoredRenderBody) =>
      await renderStoredDocument({
        ctx,
        services: services.renders,
        input: {
          documentId,
          monthlyQuota: account?.monthlyRenderQuota ?? 0,
          planId: account?.account.planId ?? '',
          body: render,
        },
      });
    if (!sentByHand) {
      await prepareEInvoiceRender(ctx, { documentId, body, produce });
      // A retry after a render that was made reuses it: nothing is drawn twice.
      if (!(await latestRenderOf(ctx.db, ctx.accountId, documentId, isoNow(ctx.clock)))) await produce({});
    }
    await job.commit(async (tx) => {
      const current = await findOccurrence(tx, input.recurringInvoiceId, input.occurrenceDate);
      if (!current || current.deliveryId !== null || current.sendError !== null) return;
      // Sent by hand while this job waited its turn: that delivery is the occurrence's, not a second mail.
      const byHand = await documentDelivery(tx, schedule.accountId, documentId);
      if (byHand) {
        await recordOccurrenceSend(tx, input.recurringInvoiceId, input.occurrenceDate, {
          deliveryId: byHand.id,
        });
        return;
      }
      const txCtx = job.forAccount(schedule.accountId, { ...scope, db: tx });
      const delivery = await sendDocument({
        ctx: txCtx,
        input: { documentId, body, smtpUrl: services.smtpUrl, link: services.link },
      });
      await recordOccurrenceSend(tx, input.recurringInvoiceId, input.occurrenceDate, {
        deliveryId: delivery.id,
      });
    });
  } catch (error) {
    // A refusal (501 not configured, 409, 422, quota) does not pass by retrying: recorded, job done.
    if (error instanceof DomainError) return await fail(error.message);
    throw error;
  }
}

/**
 * auto_send needs auto_finalize (only a finalized invoice can be sent) and a customer with an e-mail
 * address. The address may be removed later: that occurrence is still made and finalized, and the missing
 * address is recorded on it (sendOccurrence).
 */
export async function autoSendProblems(
  ctx: AccountCtx,
  input: { autoSend: boolean; autoFinalize: boolean; customerId: string },
): Promise<FieldError[]> {
  if (!input.autoSend) return [];
  if (!input.autoFinalize) {
    const msg = 'auto_send needs auto_finalize: only a finalized invoice can be e-mailed';
    return [{ loc: 'body.auto_send', msg, type: 'not_allowed' }];
  }
  const customer = await findCustomer(ctx.db, ctx.accountId, input.customerId);
  if (!customer || customer.email?.trim()) return [];
  const msg = `the customer ${customer.name} has no e-mail address to send the invoices to: add one or leave auto_send off`;
  return [{ loc: 'body.auto_send', msg, type: 'missing' }];
}
