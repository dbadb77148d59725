import type { SkippedPart } from '../../workers/mail-attachments';
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
