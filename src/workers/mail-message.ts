// Reading one e-mail (RFC 5322 bytes) into the files worth trying as e-invoices: the MIME parse, the
// decoding of its attachments (those of an e-mail attached to it, a forward "as attachment", too) and the
// inflating of its ZIPs, which a hostile message can make as heavy as it likes, so it runs in a receive
// worker (receive-pool.ts), under the caps of mail-attachments.ts and the pool's time and memory limits.
// The mail-intake module then takes each file as any received file.
import type { ParsedMail } from 'mailparser';
import {
  type AttachmentLimits,
  type CandidateFile,
  candidateFiles,
  type MailAttachment,
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

/**
 * Attached e-mails are opened this many levels deep (a forward of a forward); each opening parses bytes the
 * message holds already, so no byte of it is parsed more than this many times plus once.
 */
const MAX_MESSAGE_LEVELS = 2;

const MESSAGE_TYPES = ['message/rfc822', 'message/global'];

type Parse = (bytes: Buffer) => Promise<ParsedMail>;

/**
 * The message's attachments in its order, an attached e-mail's ones in its place, named below it
 * (`Rechnung.eml/RE-1.xml`, as a ZIP's entries are); an attached e-mail not opened is named in `skipped`.
 */
async function attachmentsOf(
  parsed: ParsedMail,
  parse: Parse,
  at: { prefix: string; level: number; opened: { count: number }; limits: AttachmentLimits },
  out: { attachments: MailAttachment[]; skipped: SkippedPart[] },
): Promise<void> {
  for (const [i, part] of parsed.attachments.entries()) {
    const name = `${at.prefix}${part.filename?.trim() || `attachment-${i + 1}`}`;
    const content = new Uint8Array(part.content.buffer, part.content.byteOffset, part.content.byteLength);
    if (!MESSAGE_TYPES.includes(part.contentType.toLowerCase())) {
      out.attachments.push({ filename: name, contentType: part.contentType, content });
      continue;
    }
    if (at.level >= MAX_MESSAGE_LEVELS) {
      const reason = `an e-mail attached more than ${MAX_MESSAGE_LEVELS} levels deep is not opened: forward the original instead`;
      out.skipped.push({ name, reason });
      continue;
    }
    if (at.opened.count >= at.limits.maxFiles) {
      out.skipped.push({
        name,
        reason: `more than ${at.limits.maxFiles} attached e-mails in one message: not opened`,
      });
      continue;
    }
    at.opened.count++;
    const before = out.attachments.length + out.skipped.length;
    let inner: ParsedMail;
    try {
      inner = await parse(part.content);
    } catch {
      out.skipped.push({ name, reason: 'the attached e-mail cannot be read' });
      continue;
    }
    await attachmentsOf(inner, parse, { ...at, prefix: `${name}/`, level: at.level + 1 }, out);
    if (out.attachments.length + out.skipped.length === before)
      out.skipped.push({
        name,
        reason: 'an attached e-mail without attachments: passed over',
        passedOver: true,
      });
  }
}

export async function readMailMessage(raw: Uint8Array, limits: AttachmentLimits): Promise<MessageParts> {
  // Loaded with the first message: a server without a mailbox never pays for it.
  const { simpleParser } = await import('mailparser');
  const parse: Parse = (bytes) =>
    simpleParser(bytes, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const parsed = await parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  const email: MessageHeaders = {
    from: senderOf(parsed.from?.value[0]),
    subject: parsed.subject ?? null,
    date,
    message_id: parsed.messageId ?? null,
  };
  const found: { attachments: MailAttachment[]; skipped: SkippedPart[] } = { attachments: [], skipped: [] };
  await attachmentsOf(parsed, parse, { prefix: '', level: 0, opened: { count: 0 }, limits }, found);
  const { files, skipped } = candidateFiles(found.attachments, limits, found.skipped);
  return { email, files, skipped };
}
