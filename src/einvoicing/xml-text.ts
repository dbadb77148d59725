// The text of a received XML file from its bytes: its byte-order mark, else its declared encoding, else
// UTF-8. Kept apart from received-file.ts (the readers, libxml2), so the request thread and the inbox
// folder decode a file without loading either.
import { validationError } from '../shared/errors';

export const DECLARED_ENCODING = /^(\uFEFF?<\?xml[^>]*?\sencoding\s*=\s*)(["'])([^"']*)\2/;

/**
 * An embedded file's text: a byte-order mark decides, then the declared encoding when it is one the
 * platform knows (ISO-8859-1, windows-1252, UTF-16), else UTF-8, which must then decode without error.
 * Declarations seen in the wild such as `UTF-8_W/O_BOM` name no encoding: such a file is read as UTF-8.
 */
export function xmlTextOf(bytes: Uint8Array, what = 'The embedded XML'): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = DECLARED_ENCODING.exec(head)?.[3]?.trim() ?? '';
  let decoder: TextDecoder | null = null;
  try {
    if (declared !== '' && !/^utf-?8$/i.test(declared))
      decoder = new TextDecoder(declared as ConstructorParameters<typeof TextDecoder>[0]);
  } catch {
    decoder = null; // a label the platform does not know: UTF-8 below
  }
  if (decoder && decoder.encoding !== 'utf-8') return decoder.decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Declared UTF-8 (or nothing a platform knows) but written in another encoding: say which it is.
    const msg = /^utf-?8$/i.test(declared)
      ? `${what} declares UTF-8 but its bytes are not UTF-8 (written in ISO-8859-1 or windows-1252?): declare the encoding it is in, or send it in UTF-8`
      : `${what} is not UTF-8${declared ? ` and declares an encoding this service does not know (${declared.slice(0, 40)})` : ''}`;
    throw validationError([{ loc: 'body', msg, type: 'not_an_einvoice' }], msg);
  }
}

/**
 * A received XML file's text (an upload, the inbox folder, an e-mail attachment, a network's file): its
 * byte-order mark or declared encoding decides as for an embedded file (xmlTextOf), so an ISO-8859-1 or
 * windows-1252 invoice keeps its umlauts. XML whose bytes are no UTF-8 and that declares no other
 * encoding is refused (read as UTF-8 its umlauts would be lost without a word); bytes that are no XML at
 * all (a scan, an archive) are decoded leniently, for the readers to name what they are.
 */
export function receivedXmlText(bytes: Uint8Array): string {
  try {
    return xmlTextOf(bytes, 'The XML');
  } catch (error) {
    const text = new TextDecoder('utf-8').decode(bytes);
    if (!text.trimStart().startsWith('<')) return text;
    const msg =
      'The XML is not UTF-8 and its declaration names no other encoding: send it in UTF-8, or declare the encoding it is in (such as ISO-8859-1 or windows-1252)';
    throw DECLARED_ENCODING.test(text)
      ? error
      : validationError([{ loc: 'body', msg, type: 'not_an_einvoice' }], msg);
  }
}
