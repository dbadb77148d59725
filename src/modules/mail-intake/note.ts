import type { SkippedPart } from '../../workers/mail-attachments';

/**
 * The note put beside a message moved to Failed: a reply to it (threaded under it in a mail program) that
 * says, per attachment, why nothing was taken into the inbox.
 */
export async function failureNote(input: {
  subject: string | null;
  messageId: string | null;
  reasons: SkippedPart[];
}): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const lines = [
    'This message was moved to Failed: no e-invoice in it was taken into the inbox.',
    '',
    ...input.reasons.map((r) => `- ${r.name}: ${r.reason}`),
    '',
    'Send the XRechnung or ZUGFeRD/Factur-X file as an attachment (XML, PDF, or a ZIP of them), or move the',
    'message back into the folder the service watches once the problem is fixed.',
  ];
  const composer = new MailComposer({
    from: 'invoice-service <invoice-service@localhost>',
    subject: `Not taken into the inbox: ${input.subject ?? '(no subject)'}`,
    text: `${lines.join('\n')}\n`,
    ...(input.messageId && { inReplyTo: input.messageId, references: input.messageId }),
    date: new Date(),
  });
  return composer.compile().build();
}
