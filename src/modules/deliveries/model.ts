import { t } from 'elysia';
import { PageQuery } from '../../http/schemas';
import { deliveryErrorCode } from './error-codes';
import type { DeliveryRow } from './schema';

/** to + cc + bcc together: one message, one SMTP transaction; mass mailing is not what this is for. */
export const MAX_RECIPIENTS = 50;
/** RFC 5322's line limit: a subject is one header line. */
export const MAX_SUBJECT = 998;
export const MAX_MESSAGE = 10_000;

// Plain addresses only (`ap@acme.example`): no display names, no comma lists, and the format's pattern
// admits no whitespace or control characters, so nothing a client sends can end a header line.
const Address = t.String({ format: 'email', maxLength: 320, examples: ['ap@acme.example'] });
const Recipients = (description: string) => t.Array(Address, { maxItems: MAX_RECIPIENTS, description });

export const SendDocumentBody = t.Object(
  {
    to: t.Array(Address, { minItems: 1, maxItems: MAX_RECIPIENTS, description: 'At least one address' }),
    cc: t.Optional(Recipients('Default []')),
    bcc: t.Optional(Recipients('Default []; never shown in the message headers')),
    subject: t.Optional(
      t.String({
        minLength: 1,
        maxLength: MAX_SUBJECT,
        description: 'One line. Default: "<Document type> <number> from <seller>" in the document locale',
      }),
    ),
    message: t.Optional(
      t.Union([t.String({ maxLength: MAX_MESSAGE }), t.Null()], {
        description: 'Your words, placed in the email body above the download link',
      }),
    ),
    attach_pdf: t.Optional(t.Boolean({ description: 'Attach the latest render (default true)' })),
    attach_einvoice: t.Optional(
      t.Boolean({
        description:
          'When the customer has an einvoice_profile (default true then): attach the XRechnung or Peppol XML, named after the number, beside the PDF; for factur_x_en16931 the attached PDF is the latest render if it is a Factur-X one, else a Factur-X render drawn by the send (metered as a render). Ignored for other customers',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SendDocumentBody = typeof SendDocumentBody.static;

// Spelled out so the type is the union; presentDelivery stops compiling if the table gains a status.
const Status = t.Union([
  t.Literal('queued'),
  t.Literal('sent'),
  t.Literal('delivered'),
  t.Literal('bounced'),
  t.Literal('failed'),
]);

export const Delivery = t.Object({
  id: t.String({ examples: ['dlv_01jd0000000000000000000000'] }),
  invoice_id: t.String({ description: 'The document sent' }),
  to: t.Array(t.String()),
  cc: t.Array(t.String()),
  bcc: t.Array(t.String()),
  subject: t.String(),
  message: t.Union([t.String(), t.Null()]),
  attach_pdf: t.Boolean(),
  einvoice_profile: t.Optional(
    t.String({ description: 'The e-invoice attached (the customer einvoice_profile); absent when none' }),
  ),
  status: Status,
  render_id: t.Union([t.String(), t.Null()], {
    description: 'The render linked in the email (and attached when attach_pdf)',
  }),
  error_message: t.Union([t.String(), t.Null()], {
    description: 'Why it failed or bounced; while queued, why the last attempt did not go through',
  }),
  error_code: t.Optional(
    t.Union(
      [
        t.Literal('recipient_rejected'),
        t.Literal('partly_rejected'),
        t.Literal('bounced_later'),
        t.Literal('message_refused'),
        t.Literal('login_refused'),
        t.Literal('gave_up'),
        t.Literal('retrying'),
        t.Literal('mail_not_configured'),
        t.Literal('link_expired'),
        t.Literal('einvoice_failed'),
        t.Literal('document_deleted'),
        t.Literal('file_missing'),
        t.Literal('reminder_obsolete'),
        t.Literal('other'),
      ],
      {
        description:
          "Only when error_message is set: what it says, as a code a client words in its own language (recipient_rejected: the customer's mail server refused the address; partly_rejected: sent, some recipients refused; bounced_later: a bounce came back after sending; message_refused, login_refused: the firm's mail server refused the message or the login; gave_up; retrying; mail_not_configured; link_expired; einvoice_failed; document_deleted; file_missing; reminder_obsolete; other). docs/deliveries.md",
      },
    ),
  ),
  retry_of: t.Union([t.String(), t.Null()], { description: 'The delivery this one retries' }),
  created_at: t.String({ format: 'date-time' }),
  sent_at: t.Union([t.String({ format: 'date-time' }), t.Null()]),
});
export type Delivery = typeof Delivery.static;

export const ListDeliveriesQuery = t.Object({
  ...PageQuery,
  status: t.Optional(t.Union(Status.anyOf, { description: 'Only deliveries in this status' })),
});

export function presentDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    invoice_id: row.documentId,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    subject: row.subject,
    message: row.message,
    attach_pdf: row.attachPdf,
    ...(row.einvoiceProfile ? { einvoice_profile: row.einvoiceProfile } : {}),
    status: row.status,
    render_id: row.renderId,
    error_message: row.errorMessage,
    ...errorCodeOf(row),
    retry_of: row.retryOf,
    created_at: row.createdAt,
    sent_at: row.sentAt,
  };
}

function errorCodeOf(row: DeliveryRow): { error_code?: NonNullable<Delivery['error_code']> } {
  const code = deliveryErrorCode(row.status, row.errorMessage);
  return code ? { error_code: code } : {};
}
