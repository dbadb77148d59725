import { isCalendarDate } from '../../shared/dates';
import type { FieldError } from '../../shared/errors';
import type { InvoiceTemplate, StoredTemplate } from './model';
import { daysBetween } from './schedule';

const AT = 'body.invoice_template';

/**
 * The template as stored: a `due_date` (with its optional `issue_date`, default the schedule's start date)
 * is read as payment terms and kept as `due_in_days`, because every occurrence has its own issue date.
 */
export function normalizeTemplate(
  input: InvoiceTemplate,
  schedule: { startDate: string; businessProfileId: string; customerId: string },
): { template: StoredTemplate; problems: FieldError[] } {
  const startDate = schedule.startDate;
  const {
    issue_date: issueDate,
    due_date: dueDate,
    business_profile_id: profileId,
    customer_id: customerId,
    number,
    ...rest
  } = input;
  const problems: FieldError[] = [];
  // The create shape names the parties; they are the schedule's, so they may repeat them, not differ.
  for (const [field, given, own] of [
    ['business_profile_id', profileId, schedule.businessProfileId],
    ['customer_id', customerId, schedule.customerId],
  ] as const) {
    if (given !== undefined && given !== own) {
      problems.push({
        loc: `${AT}.${field}`,
        msg: `must equal the recurring invoice's ${field} (${own}) when given`,
        type: 'not_allowed',
      });
    }
  }
  if (number !== undefined && rest.invoice_number !== undefined && number !== rest.invoice_number) {
    problems.push({
      loc: `${AT}.number`,
      msg: 'give invoice_number or number, not two different ones',
      type: 'not_allowed',
    });
  }
  const template: StoredTemplate =
    number !== undefined && rest.invoice_number === undefined ? { ...rest, invoice_number: number } : rest;
  for (const [field, value] of [
    ['issue_date', issueDate],
    ['due_date', dueDate],
  ] as const) {
    if (value !== undefined && !isCalendarDate(value)) {
      problems.push({
        loc: `${AT}.${field}`,
        msg: `'${value}' is not a calendar date`,
        type: 'date_invalid',
      });
    }
  }
  if (dueDate === undefined || problems.length > 0) return { template, problems };
  if (template.due_in_days !== undefined) {
    const msg = 'give due_in_days or due_date, not both';
    return { template, problems: [{ loc: `${AT}.due_date`, msg, type: 'not_allowed' }] };
  }
  const terms = daysBetween(issueDate ?? startDate, dueDate);
  if (terms < 0) {
    const msg = `due_date is before ${issueDate === undefined ? 'start_date' : 'issue_date'}`;
    return { template, problems: [{ loc: `${AT}.due_date`, msg, type: 'date_order' }] };
  }
  return { template: { ...template, due_in_days: terms }, problems };
}
