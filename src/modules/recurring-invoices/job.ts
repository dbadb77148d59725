import { Type } from '@sinclair/typebox';
import { jobKind } from '../../jobs/definition';

/** One occurrence of one schedule; the run key `recurring:<id>:<date>` makes each period one job. */
export const GENERATE_KIND = 'recurring.generate';

export const GeneratePayload = Type.Object({
  recurringInvoiceId: Type.String(),
  occurrenceDate: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
});

/**
 * With auto_send: e-mails one generated occurrence's invoice. Enqueued in the occurrence's own transaction
 * (run key `recurring-send:<id>:<date>`), so each occurrence has one such job; the occurrence row records
 * its delivery (or why it could not go out) once, which keeps a retried or doubled job from sending twice.
 */
export const SEND_KIND = 'recurring.send';
export const sendKind = jobKind(SEND_KIND, GeneratePayload, 5);
