/**
 * What an SMTP answer means for a delivery. Pure, so every branch is a table test
 * (test/unit/delivery-smtp-outcome.test.ts):
 * - a recipient refused with 5xx (RCPT TO, or every recipient refused) -> `bounced`: the address is wrong
 *   or the mailbox cannot take it, and sending again would get the same answer;
 * - any other 5xx (sender refused, message refused after DATA, login refused) -> `failed` now;
 * - 4xx, no answer at all (refused connection, timeout, reset, DNS) -> try again later.
 */
export type SendFailure = { kind: 'bounced' | 'failed' | 'retry'; reason: string };

/** The fields nodemailer puts on its errors (smtp-connection's _formatError). */
interface SmtpErrorShape {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  rejectedErrors?: unknown;
}

interface RecipientError {
  recipient?: unknown;
  response?: unknown;
  responseCode?: unknown;
}

const MAX_REASON = 1_000;

/** Always true for a 5xx except 503 (bad sequence of commands: a protocol hiccup, not a verdict). */
const isPermanent = (code: number) => code >= 500 && code < 600 && code !== 503;

// Errors nodemailer raises before talking to anyone that no retry can fix.
const PERMANENT_LOCAL_CODES = new Set(['EAUTH', 'ENOAUTH', 'EMESSAGE', 'ECONFIG', 'EMAXRECIPIENTS']);

export function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_REASON ? `${oneLine.slice(0, MAX_REASON - 1)}…` : oneLine;
}

/** `a@x.example: 550 5.1.1 no such user; b@...` from nodemailer's per-recipient errors. */
export function recipientReasons(errors: unknown): string | null {
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return (errors as RecipientError[])
    .map((e) => `${String(e.recipient ?? '?')}: ${String(e.response ?? 'rejected')}`)
    .join('; ');
}

/** The recipients a server refused for good (5xx) while it took the message for others. */
export function refusedRecipients(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return (errors as RecipientError[])
    .filter((e) => typeof e.responseCode === 'number' && isPermanent(e.responseCode))
    .map((e) => String(e.recipient ?? ''))
    .filter((recipient) => recipient !== '');
}

/**
 * The recipients a server refused for now (4xx: greylisting, a mailbox busy, too many recipients at once)
 * while it took the message for others: they did not get it, and asking again later may work.
 */
export function deferredRecipients(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return (errors as RecipientError[])
    .filter((e) => typeof e.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 500)
    .map((e) => String(e.recipient ?? ''))
    .filter((recipient) => recipient !== '');
}

export function classifySmtpError(error: unknown, redact: (text: string) => string): SendFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpErrorShape;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e.code === 'string' ? e.code : '';
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const reason = (text: string) => shorten(redact(text));

  if (code === 'EENVELOPE' && e.command === 'RCPT TO' && isPermanent(responseCode)) {
    const perRecipient = recipientReasons(e.rejectedErrors);
    return { kind: 'bounced', reason: reason(`rejected by the mail server: ${perRecipient ?? message}`) };
  }
  if (isPermanent(responseCode)) {
    return { kind: 'failed', reason: reason(`refused by the mail server: ${message}`) };
  }
  if (responseCode === 0 && PERMANENT_LOCAL_CODES.has(code)) {
    return { kind: 'failed', reason: reason(message) };
  }
  return { kind: 'retry', reason: reason(message) };
}
