// What the recurring invoice screens share: the frequencies and states as the console names them, and the
// API's problems with a schedule placed at the form's fields.
import { ApiError } from '../api';
import { t } from '../i18n';

export const FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
];

export const RECURRING_STATES: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

/** "Every 2 quarters" in words of its own per frequency ("Alle 2 Quartale", not "Vierteljährlich, jedes 2."). */
const EVERY: Record<string, (n: number) => string> = {
  daily: (n) => t('Every {n} days', { n }),
  weekly: (n) => t('Every {n} weeks', { n }),
  monthly: (n) => t('Every {n} months', { n }),
  quarterly: (n) => t('Every {n} quarters', { n }),
  yearly: (n) => t('Every {n} years', { n }),
};

export function frequencyText(frequency: string, interval: number): string {
  const every = EVERY[frequency];
  if (interval > 1 && every) return every(interval);
  return t(FREQUENCIES.find((entry) => entry.value === frequency)?.label ?? frequency);
}

/**
 * With no numbering sequence the API names `numbering_sequence_id` as missing; the console asks for the
 * first invoice's number instead, so the problem is shown at that field.
 */
export function numberingError(error: ApiError | null): ApiError | null {
  if (!error) return null;
  const fields = error.fields.map((field) =>
    field.loc === 'body.numbering_sequence_id' && /^Field required \(or the template/.test(field.msg)
      ? { ...field, loc: 'body.invoice_template.invoice_number' }
      : field,
  );
  return new ApiError(error.status, error.code, error.message, fields, error.details);
}

/** The template's field problems (`body.invoice_template.line_items.0.quantity`) at the lines' own paths. */
export function templateError(error: ApiError | null): ApiError | null {
  if (!error) return null;
  const fields = error.fields.map((field) => ({
    ...field,
    loc: field.loc.replace(/^body\.invoice_template\./, 'body.'),
  }));
  return new ApiError(error.status, error.code, error.message, fields, error.details);
}
