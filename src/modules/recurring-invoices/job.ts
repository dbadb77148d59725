import { Type } from '@sinclair/typebox';

/** One occurrence of one schedule; the run key `recurring:<id>:<date>` makes each period one job. */
export const GENERATE_KIND = 'recurring.generate';

export const GeneratePayload = Type.Object({
  recurringInvoiceId: Type.String(),
  occurrenceDate: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
});
