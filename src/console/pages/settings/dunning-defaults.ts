// The service's default dunning levels in English (src/modules/dunning/policy.ts DEFAULT_LEVELS_EN; the
// console's end-to-end test compares them): GET /dunning-policy answers the German ones until a policy is
// saved, and an English reader starting from those would save German letters for every invoice.
import type { DunningLevel } from '../../api-types';

export const ENGLISH_DEFAULT_LEVELS: DunningLevel[] = [
  {
    days_after_due: 7,
    fee: '0.00',
    subject: 'Payment reminder {number}',
    message:
      '{salutation},\n\nPerhaps it has escaped your attention that our invoice {number} of {issue_date} has been due since {due_date}. An amount of {amount_due} is still outstanding; please transfer it by {pay_by}.\n\nIf you have already paid, please disregard this letter.\n\nKind regards\n{seller}',
  },
  {
    days_after_due: 21,
    fee: '5.00',
    subject: 'Second reminder {number}',
    message:
      '{salutation},\n\nOur invoice {number} of {issue_date} has not yet been paid in full. Please transfer the amount outstanding of {amount_due} plus a reminder fee of {fee}, {total} in all, by {pay_by}.\n\nKind regards\n{seller}',
  },
  {
    days_after_due: 35,
    fee: '10.00',
    subject: 'Final reminder {number}',
    message:
      '{salutation},\n\nDespite our reminders, our invoice {number} of {issue_date} has still not been paid in full. Please transfer the total of {total} by {pay_by}. If we do not receive payment by then, we will have to take further steps.\n\nKind regards\n{seller}',
  },
];
