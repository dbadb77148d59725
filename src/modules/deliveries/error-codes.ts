// Why a delivery did not reach (everyone), as a code a client words in its own language: `error_message`
// stays the English sentence it always was (API clients show or match it); the code is read from that
// sentence, which this module's neighbours write themselves (deliver-email.ts, smtp-outcome.ts,
// build-delivery-email.ts, record-late-bounce.ts), so a delivery stored by any earlier version gets its
// code too and nothing new is stored. As src/modules/recurring-invoices/error-codes.ts does.
import type { DeliveryStatus } from './schema';

export const DELIVERY_ERROR_CODES = [
  /** The recipients' mail server refused the address (5xx at RCPT TO): a wrong or closed mailbox. */
  'recipient_rejected',
  /** Sent, but some recipients (a copy, one of several) were refused; the others got it. */
  'partly_rejected',
  /** The mail went out, and a bounce came back later (the customer's server gave up on it). */
  'bounced_later',
  /** The firm's own mail server refused the message or the sender (5xx after DATA, MAIL FROM). */
  'message_refused',
  /** The firm's mail server refused the login (SMTP_URL's user or password). */
  'login_refused',
  /** The firm's mail server could not be reached or kept answering "try later" until the attempts ran out. */
  'gave_up',
  /** Still queued: the last attempt did not go through (the server is tried again). */
  'retrying',
  /** E-mail is not set up on the installation (SMTP_URL). */
  'mail_not_configured',
  /** The PDF's link (its render) expired before the mail went out: render again and retry. */
  'link_expired',
  /** The buyer's e-invoice (XRechnung, Peppol XML) could not be written for this document. */
  'einvoice_failed',
  /** The document was deleted before the mail went out. */
  'document_deleted',
  /** A file the mail attaches (the PDF, a reminder's letter) is missing from storage. */
  'file_missing',
  /** A reminder not sent: its invoice was paid, settled or cancelled before its turn. */
  'reminder_obsolete',
  /** Anything else: its words in `error_message`. */
  'other',
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/** The code of a delivery's `error_message`, or null when it has none. */
export function deliveryErrorCode(status: DeliveryStatus, message: string | null): DeliveryErrorCode | null {
  if (message === null || message.trim() === '') return null;
  if (/^bounced after it was sent/.test(message)) return 'bounced_later';
  if (/^(rejected by the mail server|not accepted for): /.test(message))
    return status === 'sent' || status === 'delivered' ? 'partly_rejected' : 'recipient_rejected';
  // A wrong SMTP password is a permanent 535 stored as "refused by the mail server: Invalid login: 535 …":
  // the login, not the message (checked before the refusal it is worded as).
  if (/^(refused by the mail server: )?Invalid login|\b535\b/i.test(message)) return 'login_refused';
  if (/^refused by the mail server: /.test(message)) return 'message_refused';
  if (/^email delivery is not configured/.test(message)) return 'mail_not_configured';
  if (/^reminder not sent: /.test(message)) return 'reminder_obsolete';
  if (
    /^render \S+ expired before the email went out|^the link expired before the email went out/.test(message)
  )
    return 'link_expired';
  if (/^the \S+ e-invoice cannot be written/.test(message)) return 'einvoice_failed';
  if (/^document \S+ no longer exists/.test(message)) return 'document_deleted';
  if (/ is missing from storage$/.test(message)) return 'file_missing';
  if (status === 'queued') return 'retrying';
  if (/gave up after \d+ attempts/.test(message)) return 'gave_up';
  return 'other';
}
