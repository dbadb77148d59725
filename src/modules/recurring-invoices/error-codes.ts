// What went wrong, as a code a client words in its own language: `last_error` and `send_error` are English
// sentences (kept as they are for API clients that show or match them); the codes beside them are read from
// those sentences, which this module writes itself (generate-occurrence.ts, send-occurrence.ts), so a stored
// sentence from any earlier version gets its code too and nothing new is stored.

/** Why a schedule is blocked (`last_error_code`). */
export type LastErrorCode =
  /** With auto_finalize: the invoice fails the buyer's e-invoice profile (e.g. no Leitweg-ID); none was made. */
  | 'einvoice_failed'
  /** The numbering sequence the schedule or its template names was deleted. */
  | 'numbering_sequence_missing'
  /** The next number of the template's fixed series is used by another document. */
  | 'number_taken'
  /** The template (or schedule) no longer makes a valid invoice: the fields are named in `last_error`. */
  | 'invalid_template'
  /** The job's worker was lost on its last attempt. */
  | 'interrupted'
  | 'other';

export function lastErrorCode(reason: string): LastErrorCode {
  if (/^The buyer needs \S+ and the invoice of \S+ fails it/.test(reason)) return 'einvoice_failed';
  if (/numbering_sequence_id: numbering sequence not found/.test(reason)) return 'numbering_sequence_missing';
  if (/Number '.*' is already used by document/.test(reason)) return 'number_taken';
  if (/^Request validation failed/.test(reason)) return 'invalid_template';
  if (/^lease expired on the last attempt/.test(reason)) return 'interrupted';
  return 'other';
}

/** Why an occurrence's invoice was not e-mailed (`send_error_code`). */
export type SendErrorCode =
  /** The customer has no e-mail address (any more). */
  | 'no_email'
  /** E-mail is not set up on the installation (SMTP_URL). */
  | 'mail_not_configured'
  /** The invoice was deleted before its turn. */
  | 'document_deleted'
  /** The invoice was voided (or is not finalized) before its turn. */
  | 'document_not_sendable'
  /** The account is disabled. */
  | 'account_disabled'
  /** Rendering or queueing the mail kept failing. */
  | 'send_failed'
  /** Another refusal (a render quota, the e-invoice cannot be written, …): its words in `send_error`. */
  | 'refused';

export function sendErrorCode(reason: string): SendErrorCode {
  if (/^the customer has no e-mail address/.test(reason)) return 'no_email';
  if (/^email delivery is not configured/.test(reason)) return 'mail_not_configured';
  if (/^the invoice was deleted before/.test(reason)) return 'document_deleted';
  if (/^the invoice is \w+: it was not e-mailed/.test(reason)) return 'document_not_sendable';
  if (/^the account is disabled/.test(reason)) return 'account_disabled';
  if (/^could not be e-mailed: /.test(reason)) return 'send_failed';
  return 'refused';
}
