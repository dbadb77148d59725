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

/**
 * Why a schedule is blocked, in the console's words, said after "The last invoice could not be created:":
 * the service's `last_error_code` (an older service without it: its `last_error` as it is). `technical` is
 * the service's own sentence, shown beside it for support; null when the words are the sentence itself.
 */
export function blockedReason(schedule: {
  last_error: string | null;
  last_error_code?: string;
}): { text: string; technical: string | null } | null {
  const said = schedule.last_error;
  if (!said) return null;
  const words: Record<string, string> = {
    einvoice_failed:
      'It does not meet the e-invoice rules this customer needs: complete the invoice template or the customer and save.',
    numbering_sequence_missing: 'Its numbering sequence no longer exists: choose another one and save.',
    number_taken: 'Its number is already used by another document: enter another first number and save.',
    invalid_template: 'The invoice template no longer makes a valid invoice: correct it and save.',
    interrupted: 'Creating it was interrupted: save the recurring invoice to try again.',
  };
  const known = schedule.last_error_code ? words[schedule.last_error_code] : undefined;
  if (!known) return { text: said, technical: null };
  // The buyer reference (BT-10) a German authority's XRechnung needs is its Leitweg-ID: named when it is missing.
  const leitweg =
    schedule.last_error_code === 'einvoice_failed' && /buyer_reference/.test(said)
      ? ` ${t('The Leitweg-ID (buyer reference) is missing: enter it at the customer or in the invoice template.')}`
      : '';
  return { text: `${t(known)}${leitweg}`, technical: said };
}

/** Why a generated invoice was not e-mailed, in the console's words (`send_error_code`; else the sentence). */
export function sendErrorText(invoice: { send_error?: string; send_error_code?: string }): {
  text: string;
  technical: string | null;
} | null {
  const said = invoice.send_error;
  if (!said) return null;
  const words: Record<string, string> = {
    no_email: 'The customer has no e-mail address: add one and send the invoice from its page.',
    mail_not_configured: 'Sending e-mail is not set up on this installation (SMTP_URL).',
    document_deleted: 'The invoice was deleted before it was e-mailed.',
    document_not_sendable: 'The invoice was voided before it was e-mailed.',
    account_disabled: 'The account is disabled: nothing is e-mailed.',
    send_failed: 'The e-mail could not be prepared or queued: send the invoice from its page.',
    refused: 'The invoice could not be e-mailed: send it from its page.',
  };
  const code = invoice.send_error_code ?? LEGACY_SEND_REASONS.find(([pattern]) => pattern.test(said))?.[1];
  const known = code ? words[code] : undefined;
  return known ? { text: t(known), technical: said } : { text: said, technical: null };
}

/** The reasons an older service gave without a code (send-occurrence.ts). */
const LEGACY_SEND_REASONS: [RegExp, string][] = [
  [/^the customer has no e-mail address/, 'no_email'],
  [/email delivery is not configured/, 'mail_not_configured'],
  [/^the invoice is void/, 'document_not_sendable'],
];
