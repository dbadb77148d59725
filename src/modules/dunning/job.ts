import { Type } from '@sinclair/typebox';

/** One account's reminders of one day; the run key `dunning:<account>:<date>` makes that one job. */
export const DUNNING_KIND = 'dunning.daily';

export const DunningPayload = Type.Object({
  accountId: Type.String(),
  date: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
});
