import type { createTransport } from 'nodemailer';
import { deferredRecipients, recipientReasons, refusedRecipients } from './smtp-outcome';
import type { SmtpSettings } from './smtp-settings';

export interface OutgoingEmail {
  from: string;
  replyTo: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  /** `<dlv_…@firma.de>` (the sender's domain): the same for every attempt of one delivery, so a re-send is recognisable. */
  messageId: string;
  /** The PDF first, then an e-invoice XML when the buyer needs one. */
  attachments: { filename: string; content: Uint8Array; contentType: string }[];
}

export interface SendResult {
  /** Recipients the server refused while taking the message for the others, with its reasons. */
  partlyRejected: string | null;
  /** Of those, the ones refused for now (4xx): a later attempt may reach them. */
  deferred: string[];
  /** Of those, the ones refused for good (5xx). */
  refused: string[];
}

// A dead server must fail an attempt in seconds (the job retries with backoff), and the whole exchange
// must stay well inside the job lease (60 s) and the shutdown grace (10 s for a healthy server), so one
// email is not sent by two workers. SMTP_URL's own query (`?connectionTimeout=...`) still wins.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type Transport = ReturnType<typeof createTransport>;
const transports = new Map<string, Transport>();

/**
 * One transport per SMTP_URL per process, made on first use. nodemailer itself loads then too: importing
 * it costs about 45 ms, which a service that never sends email should not pay at start.
 */
async function transportFor(settings: SmtpSettings): Promise<Transport> {
  let transport = transports.get(settings.transportUrl);
  if (!transport) {
    const { createTransport } = await import('nodemailer');
    transport =
      transports.get(settings.transportUrl) ??
      createTransport({
        url: settings.transportUrl,
        ...TIMEOUTS,
        // Content is always given as bytes; never let a message name a file or URL to read.
        disableFileAccess: true,
        disableUrlAccess: true,
        logger: false,
      });
    transports.set(settings.transportUrl, transport);
  }
  return transport;
}

/**
 * Hands the message to the SMTP server; resolves once the server accepted it for at least one recipient.
 * nodemailer writes every header itself (encoded words, folded lines), and addresses reach it already
 * checked, so no input can add a header. Bcc recipients are in the envelope only, never in a header.
 */
export async function sendEmail(
  settings: SmtpSettings,
  email: OutgoingEmail,
  signal: AbortSignal,
): Promise<SendResult> {
  const transport = await transportFor(settings);
  const info = await transport.sendMail({
    from: email.from,
    replyTo: email.replyTo ?? undefined,
    to: email.to,
    cc: email.cc.length > 0 ? email.cc : undefined,
    bcc: email.bcc.length > 0 ? email.bcc : undefined,
    subject: email.subject,
    text: email.text,
    messageId: email.messageId,
    attachments: email.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: Buffer.from(attachment.content),
      contentType: attachment.contentType,
    })),
    signal,
  });
  const errors = (info as { rejectedErrors?: unknown }).rejectedErrors;
  const rejected = recipientReasons(errors);
  return {
    partlyRejected: rejected ? settings.redact(rejected) : null,
    deferred: deferredRecipients(errors),
    refused: refusedRecipients(errors),
  };
}
