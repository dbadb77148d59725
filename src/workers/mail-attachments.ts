// Which parts of an e-mail may be e-invoices: XML (by name, type, or its first bytes) and PDF attachments,
// and the XML and PDF files of a ZIP attachment one level deep (a ZIP inside it is not opened); every other
// part is named with why it was not tried. Runs in a receive worker (mail-message.ts): a ZIP is
// attacker-shaped, so every cap is checked before an entry is inflated (the count of files, the declared
// size against what is left) and again while it inflates, by the bytes it really gives, whatever its
// header says. Every byte inflated counts against its archive's and its message's budget, taken or not,
// so one message never costs more inflating than its budget, however many entries its ZIPs list.
import { inflateRawSync } from 'node:zlib';
import { MAX_INFLATE_RATIO, type ZipEntryInfo, ZipFormatError, ZipReader } from '../backup/zip-reader';

/** A file to try as an e-invoice, named as the message names it (`archive.zip/inner.xml` inside a ZIP). */
export interface CandidateFile {
  name: string;
  bytes: Uint8Array;
}

/** A part that was looked at and not tried, with why (it goes into the note of a message not taken). */
export interface SkippedPart {
  name: string;
  reason: string;
  /**
   * Plainly no e-invoice (an image, a text, a PDF that carries none): named in a note, but no reason for a
   * message whose e-invoices were taken to go to Failed as well. Unset: a part that may hold an e-invoice
   * and was not taken (unreadable, over a limit, not opened), which the bookkeeper must see.
   */
  passedOver?: boolean;
}

export interface AttachmentLimits {
  /** Largest file tried (an attachment, or a ZIP entry by the bytes it inflates to): the HTTP body limit. */
  maxFileBytes: number;
  /** Most files tried per message, ZIP entries included; counted before anything is inflated. */
  maxFiles: number;
  /** Most bytes inflated from one ZIP attachment, its entries together (taken or not). */
  maxArchiveBytes: number;
  /** Most bytes of files per message: attachments as decoded plus every byte inflated from its ZIPs. */
  maxMessageFileBytes: number;
}

export interface MailAttachment {
  filename?: string;
  contentType: string;
  content: Uint8Array;
}

/** Parts passed over are named one by one up to this many; the rest are counted in one line. */
export const MAX_NAMED_SKIPS = 50;

type Kind = 'xml' | 'pdf' | 'zip';

/** What a part is: a kind to try, or why it is not tried. */
type Sorted = { kind: Kind } | { skip: string; passedOver: boolean };

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip'];
const TNEF_TYPES = ['application/ms-tnef', 'application/vnd.ms-tnef'];
const SMIME_TYPES = ['application/pkcs7-mime', 'application/x-pkcs7-mime'];

const TNEF =
  "Outlook's TNEF (winmail.dat), not opened: ask the sender to send the invoice as a file (XML, PDF or ZIP)";
const SMIME =
  'an S/MIME message (encrypted, or signed as one block), not opened: ask the sender to send the invoice unencrypted';

/** How far into a part its first bytes are looked at for XML. */
const SNIFF_BYTES = 1024;
/** An XML declaration, or the root element of a UBL or CII invoice or credit note (ZUGFeRD 1 too). */
const XML_START =
  /^(?:<\?xml[\s?]|<(?:[\w.-]+:)?(?:Invoice|CreditNote|CrossIndustryInvoice|CrossIndustryDocument)[\s/>])/;

/** A part's first bytes as text: in the encoding its byte-order mark names, else UTF-8 (its BOM dropped). */
function headText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const encoding =
    head[0] === 0xff && head[1] === 0xfe
      ? 'utf-16le'
      : head[0] === 0xfe && head[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  return new TextDecoder(encoding).decode(head);
}

/**
 * By name, content type or first bytes; an XRechnung sent as `application/octet-stream` without a name
 * ending `.xml`, or as a `.txt` file, is XML by its first bytes (after a byte-order mark and blanks).
 */
function sortOf(name: string, contentType: string, bytes: Uint8Array): Sorted {
  const lower = name.toLowerCase();
  const type = contentType.toLowerCase();
  const head = String.fromCharCode(...bytes.subarray(0, 5));
  if (head === '%PDF-' || lower.endsWith('.pdf') || type === 'application/pdf') return { kind: 'pdf' };
  if (head.startsWith('PK\u0003\u0004') || lower.endsWith('.zip') || ZIP_TYPES.includes(type))
    return { kind: 'zip' };
  // An SVG logo is image/svg+xml: an image, not a file to try.
  const image = type.startsWith('image/');
  if (
    lower.endsWith('.xml') ||
    type === 'application/xml' ||
    type === 'text/xml' ||
    (!image && type.endsWith('+xml'))
  )
    return { kind: 'xml' };
  const magic = bytes[0] === 0x78 && bytes[1] === 0x9f && bytes[2] === 0x3e && bytes[3] === 0x22;
  if (TNEF_TYPES.includes(type) || lower === 'winmail.dat' || magic) return { skip: TNEF, passedOver: false };
  if (SMIME_TYPES.includes(type) || lower.endsWith('.p7m')) return { skip: SMIME, passedOver: false };
  if (!image && XML_START.test(headText(bytes).trimStart())) return { kind: 'xml' };
  const what = type || 'of no type';
  return {
    skip: image
      ? `an image (${what}), not an e-invoice: passed over`
      : `not an XML file, a PDF or a ZIP (${what}): passed over`,
    passedOver: true,
  };
}

/** Bytes that may still be spent. */
class Budget {
  used = 0;
  constructor(readonly max: number) {}
  get left(): number {
    return Math.max(0, this.max - this.used);
  }
}

/** Bytes of their own (a fresh buffer of exactly their length): what a worker can hand back by transfer. */
const own = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();

/**
 * The files of a message worth trying, and every other part with why it was not tried (`skipped`, after
 * those its caller passed over already). Plain XML and PDF attachments come first (already decoded, they
 * cost nothing more), then the ZIPs' entries, each in the order the message lists them.
 */
export function candidateFiles(
  attachments: MailAttachment[],
  limits: AttachmentLimits,
  passed: SkippedPart[] = [],
): { files: CandidateFile[]; skipped: SkippedPart[] } {
  const files: CandidateFile[] = [];
  const skipped: SkippedPart[] = [...passed];
  const message = new Budget(limits.maxMessageFileBytes);
  const named = attachments.map((part, i) => {
    const name = part.filename?.trim() || `attachment-${i + 1}`;
    return { name, part, sorted: sortOf(name, part.contentType, part.content) };
  });
  for (const { name, part, sorted } of named) {
    if ('skip' in sorted) {
      skipped.push({ name, reason: sorted.skip, ...(sorted.passedOver && { passedOver: true }) });
      continue;
    }
    if (sorted.kind === 'zip') continue;
    const size = part.content.byteLength;
    const why = tooMany(files, limits) ?? tooLarge(size, limits.maxFileBytes) ?? overBudget(size, message);
    if (why) skipped.push({ name, reason: why });
    else {
      message.used += size;
      files.push({ name, bytes: own(part.content) });
    }
  }
  for (const { name, part, sorted } of named) {
    if ('kind' in sorted && sorted.kind === 'zip') unzip(name, part.content, limits, message, files, skipped);
  }
  return { files, skipped: summarized(skipped) };
}

const tooMany = (files: CandidateFile[], limits: AttachmentLimits) =>
  files.length >= limits.maxFiles ? `more than ${limits.maxFiles} files in one message: not tried` : null;

const tooLarge = (size: number, max: number) => (size > max ? `larger than ${max} bytes: not tried` : null);

const overBudget = (size: number, message: Budget) => (size > message.left ? messageFull(message.max) : null);

const messageFull = (max: number) => `the message's files together come to more than ${max} bytes: not tried`;
const archiveFull = (max: number) => `the ZIP's files together inflate to more than ${max} bytes: not tried`;
const entryTooLarge = (max: number) => `inflates to more than ${max} bytes: not tried`;

const MACOS_METADATA = /(?:^|\/)(?:__MACOSX\/|\._)/;

function unzip(
  name: string,
  bytes: Uint8Array,
  limits: AttachmentLimits,
  message: Budget,
  files: CandidateFile[],
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
  zip.close();
  const archive = new Budget(limits.maxArchiveBytes);
  for (const entry of zip.entries) {
    const inner = `${name}/${entry.name}`;
    // A folder, or what macOS's Archive Utility adds beside each file (`__MACOSX/._RE-1.xml`): no file sent.
    if (entry.name.endsWith('/') || MACOS_METADATA.test(entry.name)) continue;
    const lower = entry.name.toLowerCase();
    if (lower.endsWith('.zip')) {
      skipped.push({ name: inner, reason: 'a ZIP inside a ZIP is not opened' });
      continue;
    }
    if (!lower.endsWith('.xml') && !lower.endsWith('.pdf')) {
      skipped.push({ name: inner, reason: 'not an XML file or a PDF: passed over', passedOver: true });
      continue;
    }
    // Before inflating: the count, then the size the entry declares against each bound.
    const before =
      tooMany(files, limits) ??
      (entry.size > limits.maxFileBytes ? entryTooLarge(limits.maxFileBytes) : null) ??
      (entry.size > archive.left || archive.left === 0 ? archiveFull(archive.max) : null) ??
      (entry.size > message.left || message.left === 0 ? messageFull(message.max) : null);
    if (before) {
      skipped.push({ name: inner, reason: before });
      continue;
    }
    // While inflating: the tightest bound, by the bytes the entry really gives.
    const bound = Math.min(limits.maxFileBytes, archive.left, message.left);
    const boundBy =
      bound === limits.maxFileBytes
        ? entryTooLarge(limits.maxFileBytes)
        : bound === archive.left
          ? archiveFull(archive.max)
          : messageFull(message.max);
    const read = inflateEntry(bytes, entry, bound);
    archive.used += read.spent;
    message.used += read.spent;
    if ('bytes' in read) files.push({ name: inner, bytes: read.bytes });
    else
      skipped.push({
        name: inner,
        reason: read.over ? boundBy : `cannot be read from the ZIP: ${read.error}`,
      });
  }
}

type Inflated =
  | { bytes: Uint8Array; spent: number }
  | { over: true; spent: number }
  | { over: false; error: string; spent: number };

/**
 * One entry's bytes, inflated up to `bound` and no further: zlib inflates chunk by chunk and stops within
 * one chunk of the bound (`maxOutputLength`), so a bomb costs `bound` bytes of work, not what it would
 * inflate to. `spent` is what the attempt inflated (at most); an entry that inflates to another size than
 * its header declares is damaged and not tried.
 */
function inflateEntry(zip: Uint8Array, entry: ZipEntryInfo, bound: number): Inflated {
  const view = new DataView(zip.buffer, zip.byteOffset + entry.localOffset, 30);
  const start = entry.localOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  const data = zip.subarray(start, start + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) {
    if (data.byteLength > bound) return { over: true, spent: 0 };
    out = data.slice();
  } else if (entry.method === 8) {
    try {
      out = own(inflateRawSync(data, { maxOutputLength: Math.max(1, bound) }));
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { over: true, spent: bound };
      // Stopped by bad data: it cannot have inflated more than deflate's best ratio gives from its bytes.
      const spent = Math.min(bound, data.byteLength * MAX_INFLATE_RATIO);
      return { over: false, error: 'its data is damaged', spent };
    }
    if (out.byteLength > bound) return { over: true, spent: bound };
  } else return { over: false, error: `compression method ${entry.method} is not supported`, spent: 0 };
  if (out.byteLength !== entry.size) {
    const error = `it inflates to ${out.byteLength} bytes, not the ${entry.size} its header says`;
    return { over: false, error, spent: out.byteLength };
  }
  return { bytes: out, spent: out.byteLength };
}

/**
 * At most MAX_NAMED_SKIPS lines: a note lists each part passed over, not a hostile ZIP's thousands. The
 * parts that may hold an e-invoice come first, so a ZIP of images never crowds them out of the note.
 */
function summarized(all: SkippedPart[]): SkippedPart[] {
  const skipped = [...all.filter((s) => !s.passedOver), ...all.filter((s) => s.passedOver)];
  if (skipped.length <= MAX_NAMED_SKIPS) return skipped;
  const shown = skipped.slice(0, MAX_NAMED_SKIPS - 1);
  const rest = skipped.slice(shown.length);
  return [
    ...shown,
    {
      name: `${rest.length} more parts`,
      reason: 'passed over as well (not named one by one)',
      ...(rest.every((s) => s.passedOver) && { passedOver: true }),
    },
  ];
}
