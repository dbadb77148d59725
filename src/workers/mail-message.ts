// Reading one e-mail (RFC 5322 bytes) into the files worth trying as e-invoices: the MIME parse, the
// decoding of its attachments and the inflating of its ZIPs, which a hostile message can make as heavy as
// it likes, so it runs in a receive worker (receive-pool.ts), under the caps of mail-attachments.ts and the
// pool's time and memory limits. The mail-intake module then takes each file as any received file.
import {
  type AttachmentLimits,
  type CandidateFile,
  candidateFiles,
  type SkippedPart,
} from './mail-attachments';

/** The message's sender, subject, date and Message-ID, as kept on each document taken from it. */
export interface MessageHeaders {
  from: string | null;
  subject: string | null;
  date: string | null;
  message_id: string | null;
}

export interface MessageParts {
  email: MessageHeaders;
  files: CandidateFile[];
  /** Each part looked at and not tried, with why. */
  skipped: SkippedPart[];
}

/** `Name <address>` (or the address alone) of the From header's first mailbox. */
function senderOf(from: { name?: string; address?: string } | undefined): string | null {
  if (!from?.address) return from?.name || null;
  return from.name ? `${from.name} <${from.address}>` : from.address;
}

export async function readMailMessage(raw: Uint8Array, limits: AttachmentLimits): Promise<MessageParts> {
  // Loaded with the first message: a server without a mailbox never pays for it.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
  });
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  const email: MessageHeaders = {
    from: senderOf(parsed.from?.value[0]),
    subject: parsed.subject ?? null,
    date,
    message_id: parsed.messageId ?? null,
  };
  const { files, skipped } = candidateFiles(
    parsed.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
    limits,
  );
  return { email, files, skipped };
}
