// Which parts of an e-mail may be e-invoices: XML and PDF attachments, and the XML and PDF files of a ZIP
// attachment one level deep (a ZIP inside it is not opened). Sizes are checked before anything is inflated.
import { ZipFormatError, ZipReader } from '../../backup/zip-reader';

/** A file to try as an e-invoice, named as the message names it (`archive.zip/inner.xml` inside a ZIP). */
export interface CandidateFile {
  name: string;
  bytes: Uint8Array;
}

/** A part that was looked at and not tried, with why (it goes into the note of a message not taken). */
export interface SkippedPart {
  name: string;
  reason: string;
}

export interface AttachmentLimits {
  /** Largest file tried (an attachment, or a ZIP entry once inflated): the HTTP body limit. */
  maxFileBytes: number;
  /** Most files tried per message, ZIP entries included. */
  maxFiles: number;
}

export interface MailAttachment {
  filename?: string;
  contentType: string;
  content: Uint8Array;
}

type Kind = 'xml' | 'pdf' | 'zip' | null;

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip'];

function kindOf(name: string, contentType: string, bytes: Uint8Array): Kind {
  const lower = name.toLowerCase();
  const type = contentType.toLowerCase();
  const head = new TextDecoder().decode(bytes.subarray(0, 5));
  if (head === '%PDF-' || lower.endsWith('.pdf') || type === 'application/pdf') return 'pdf';
  if (head.startsWith('PK\u0003\u0004') || lower.endsWith('.zip') || ZIP_TYPES.includes(type)) return 'zip';
  if (lower.endsWith('.xml') || type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml'))
    return 'xml';
  return null;
}

/** The files of a message worth trying, and what was passed over with a reason. */
export function candidateFiles(
  attachments: MailAttachment[],
  limits: AttachmentLimits,
): { files: CandidateFile[]; skipped: SkippedPart[] } {
  const files: CandidateFile[] = [];
  const skipped: SkippedPart[] = [];
  const take = (name: string, bytes: Uint8Array) => {
    if (files.length >= limits.maxFiles)
      skipped.push({ name, reason: `more than ${limits.maxFiles} files in one message: not tried` });
    else if (bytes.byteLength > limits.maxFileBytes)
      skipped.push({ name, reason: `larger than ${limits.maxFileBytes} bytes: not tried` });
    else files.push({ name, bytes });
  };
  attachments.forEach((part, i) => {
    const name = part.filename?.trim() || `attachment-${i + 1}`;
    const kind = kindOf(name, part.contentType, part.content);
    if (kind === 'xml' || kind === 'pdf') take(name, part.content);
    else if (kind === 'zip') unzip(name, part.content, limits, take, skipped);
  });
  return { files, skipped };
}

function unzip(
  name: string,
  bytes: Uint8Array,
  limits: AttachmentLimits,
  take: (name: string, bytes: Uint8Array) => void,
  skipped: SkippedPart[],
): void {
  let zip: ZipReader;
  try {
    zip = ZipReader.fromBytes(bytes);
  } catch (error) {
    const why = error instanceof ZipFormatError ? error.message : 'not a readable ZIP';
    skipped.push({ name, reason: `the ZIP cannot be read: ${why}` });
    return;
  }
  try {
    for (const entry of zip.entries) {
      const inner = `${name}/${entry.name}`;
      if (entry.name.endsWith('/')) continue;
      const lower = entry.name.toLowerCase();
      if (lower.endsWith('.zip')) {
        skipped.push({ name: inner, reason: 'a ZIP inside a ZIP is not opened' });
        continue;
      }
      if (!lower.endsWith('.xml') && !lower.endsWith('.pdf')) continue;
      if (entry.size > limits.maxFileBytes) {
        skipped.push({
          name: inner,
          reason: `inflates to more than ${limits.maxFileBytes} bytes: not tried`,
        });
        continue;
      }
      try {
        take(inner, zip.read(entry));
      } catch (error) {
        skipped.push({ name: inner, reason: `cannot be read from the ZIP: ${(error as Error).message}` });
      }
    }
  } finally {
    zip.close();
  }
}
