import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { type ReceivedEmail, type ReceivingDeps, receiveDocument, receivedOfBytes } from '../../receiving';
import { type AttachmentLimits, candidateFiles, type SkippedPart } from '../attachments';

export interface MessageOutcome {
  email: ReceivedEmail;
  /** Each e-invoice of the message kept (or found kept already: the same bytes came before). */
  kept: { name: string; id: string; created: boolean }[];
  /** Each part looked at and not kept, with why. */
  refused: SkippedPart[];
}

/** `Name <address>` (or the address alone) of the From header's first mailbox. */
function senderOf(from: { name?: string; address?: string } | undefined): string | null {
  if (!from?.address) return from?.name || null;
  return from.name ? `${from.name} <${from.address}>` : from.address;
}

/** A DomainError's message and its field messages, once each: what a bookkeeper reads in the note. */
function reasonOf(error: DomainError): string {
  const fields = (error.details?.fields as { msg: string }[] | undefined) ?? [];
  return [error.message, ...fields.map((f) => f.msg)].filter((m, i, a) => a.indexOf(m) === i).join(': ');
}

/**
 * Takes every e-invoice attached to one e-mail (RFC 5322 bytes) into the account's inbox, with the message's
 * sender, subject, date and Message-ID kept on each. A file that is no e-invoice is an outcome, not a throw;
 * what throws is the service's own trouble (storage, database), and the message is then tried again.
 */
export async function receiveMessage({
  ctx,
  deps,
  input,
}: {
  ctx: AccountCtx;
  deps: ReceivingDeps & { blobs: BlobStore };
  input: { raw: Uint8Array; limits: AttachmentLimits };
}): Promise<MessageOutcome> {
  // Loaded with the first message: a server without a mailbox never pays for it.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(Buffer.from(input.raw), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
  });
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  const email: ReceivedEmail = {
    from: senderOf(parsed.from?.value[0]),
    subject: parsed.subject ?? null,
    date,
    message_id: parsed.messageId ?? null,
  };
  const { files, skipped } = candidateFiles(
    parsed.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: new Uint8Array(a.content),
    })),
    input.limits,
  );
  const kept: MessageOutcome['kept'] = [];
  const refused = [...skipped];
  for (const file of files) {
    try {
      const { file: received, original } = receivedOfBytes(file.bytes);
      const { row, created } = await receiveDocument({
        ctx,
        deps,
        input: { file: received, original, source: { kind: 'email', fileName: file.name, email } },
      });
      kept.push({ name: file.name, id: row.id, created });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ name: file.name, reason: reasonOf(error) });
    }
  }
  return { email, kept, refused };
}
