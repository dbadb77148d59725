import type { SkippedPart } from '../../workers/mail-attachments';
import type { LateBounceVerdict } from '../deliveries';
import type { MessageOutcome } from './use-cases/receive-message';

const line = (part: SkippedPart) => `- ${part.name}: ${part.reason}`;

/** What the note says: why nothing was taken, or, beside a copy of a message partly taken, what was not. */
function noteText(reasons: SkippedPart[], kept: MessageOutcome['kept']): string[] {
  const notTaken = reasons.filter((r) => !r.passedOver);
  const passed = reasons.filter((r) => r.passedOver);
  if (kept.length === 0) {
    return [
      'This message was moved to Failed: no e-invoice in it was taken into the inbox.',
      '',
      ...[...notTaken, ...passed].map(line),
      '',
      'Send the XRechnung or ZUGFeRD/Factur-X file as an attachment (XML, PDF, or a ZIP of them), or move the',
      'message back into the folder the service watches once the problem is fixed.',
    ];
  }
  return [
    'Not every file of this message that may be an e-invoice was taken into the inbox. The message was',
    'moved to Processed with what was taken; this copy of it is in Failed for these parts:',
    '',
    ...notTaken.map(line),
    '',
    'Taken into the inbox:',
    ...kept.map((k) => `- ${k.name}: ${k.created ? 'received' : 'received before'} as ${k.id}`),
    ...(passed.length > 0 ? ['', 'Passed over (no e-invoice in them):', ...passed.map(line)] : []),
    '',
    'Ask the sender for those files again, or move this copy back into the folder the service watches once',
    'the problem is fixed: what was taken is not taken twice.',
  ];
}

/**
 * The note put into Failed beside a message (or a copy of one) from which an e-invoice was not taken: a
 * reply to it (threaded under it in a mail program) that names each part not taken and why, and when the
 * message was partly taken, what was.
 */
export async function failureNote(input: {
  subject: string | null;
  messageId: string | null;
  reasons: SkippedPart[];
  /** The e-invoices taken from the message: none when it went to Failed itself. */
  kept?: MessageOutcome['kept'];
}): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const kept = input.kept ?? [];
  const composer = new MailComposer({
    from: 'invoice-service <invoice-service@localhost>',
    subject: `${kept.length === 0 ? 'Not taken' : 'Partly taken'} into the inbox: ${input.subject ?? '(no subject)'}`,
    text: `${noteText(input.reasons, kept).join('\n')}\n`,
    ...(input.messageId && { inReplyTo: input.messageId, references: input.messageId }),
    date: new Date(),
  });
  return composer.compile().build();
}

const WHAT: Record<LateBounceVerdict['outcome'], string> = {
  bounced: 'now bounced',
  noted: 'named as not arrived, still sent',
  delayed: 'delayed, left as it is',
  unchanged: 'left as it is',
  unmatched: 'left as it is (the report names none of its recipients)',
};

/** Control characters out (a remote server's answer is quoted), one line each. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');

/**
 * The note put into Processed beside a bounce of the account's own mail: which delivery it is about and what
 * became of it, where the firm sees it and what to do.
 */
export async function bounceNote(input: {
  subject: string | null;
  messageId: string | null;
  bounces: LateBounceVerdict[];
}): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const bounced = input.bounces.some((b) => b.outcome === 'bounced' || b.outcome === 'noted');
  const id = input.bounces.length === 1 ? input.bounces[0]?.deliveryId : '<id>';
  const lines = [
    bounced
      ? 'This bounce is about an e-mail the service sent; the delivery now says the mail did not arrive:'
      : 'This report is about an e-mail the service sent:',
    '',
    ...input.bounces.flatMap((b) => [
      oneLine(
        `- delivery ${b.deliveryId} ("${b.subject}" to ${b.to.join(', ')}, document ${b.documentId}): ${WHAT[b.outcome]}`,
      ),
      oneLine(`  ${b.reason}`),
    ]),
    '',
    ...(bounced
      ? [
          "The delivery's status shows on the document's e-mails and in the API (GET /api/v1/deliveries/",
          `${id}); the document's own status is left as it is. Correct the address and retry the delivery`,
          `(POST /api/v1/deliveries/${id}/retry), or reach the customer another way.`,
        ]
      : ['Nothing to do: the delivery was left as it is.']),
  ];
  const composer = new MailComposer({
    from: 'invoice-service <invoice-service@localhost>',
    subject: `${bounced ? 'Delivery bounced' : 'Delivery report'}: ${input.subject ?? '(no subject)'}`,
    text: `${lines.join('\n')}\n`,
    ...(input.messageId && { inReplyTo: input.messageId, references: input.messageId }),
    date: new Date(),
  });
  return composer.compile().build();
}
