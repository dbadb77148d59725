// What a file that is not XML at all is, for the refusal to name it: a bookkeeper who dropped a scan, a
// spreadsheet export or a ZIP into the inbox reads "This is a JPEG image", not a parser's complaint about
// an invalid XML name. Only the file's beginning is looked at (its text as decoded, bytes above 0x7F of a
// binary file as U+FFFD).

/** A C0 control character other than tab, line feed, form feed and carriage return: no text holds one. */
const isBinary = (text: string) =>
  [...text].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d;
  });

/** What a text that cannot be XML is: a code for programs (and the console's words), and words for people. */
export interface NotXml {
  /** `html`, `jpeg`, `png`, `gif`, `tiff`, `zip`, `pdf`, `rtf`, `utf16`, `binary`, `json`, `csv`, `text`. */
  document: string;
  words: string;
}

/** What the text is when it cannot be XML; null when it may be (it begins with `<`, an HTML page aside). */
export function notXml(text: string): NotXml | null {
  const head = text.slice(0, 512).trimStart();
  const is = (document: string, words: string): NotXml => ({ document, words });
  if (/^<!DOCTYPE\s+html|^<html[\s>]/i.test(head)) return is('html', 'an HTML page');
  if (head.startsWith('<')) return null;
  if (/^(\uFFFD{1,3}|\u00FF\u00D8\u00FF)/.test(head) && /JFIF|Exif/.test(head.slice(0, 64)))
    return is('jpeg', 'a JPEG image');
  if (head.slice(1, 4) === 'PNG' && (head[0] === '\uFFFD' || head[0] === '\u0089'))
    return is('png', 'a PNG image');
  if (/^GIF8[79]a/.test(head)) return is('gif', 'a GIF image');
  if (head.startsWith('II*\u0000') || head.startsWith('MM\u0000*')) return is('tiff', 'a TIFF image');
  if (head.startsWith('PK\u0003\u0004'))
    return is('zip', 'a ZIP archive (Word and Excel files are ZIP archives too)');
  if (head.startsWith('%PDF-')) return is('pdf', 'a PDF');
  if (head.startsWith('{\\rtf')) return is('rtf', 'an RTF document');
  // A UTF-16 byte-order mark read as UTF-8 (two U+FFFD), then `<` beside a NUL.
  if (head.startsWith('\uFFFD\uFFFD') && (head.slice(2, 4) === '<\u0000' || head.slice(2, 4) === '\u0000<'))
    return is('utf16', 'XML in UTF-16 (send it in UTF-8)');
  if (isBinary(head)) return is('binary', 'binary data');
  if (/^[[{]/.test(head)) return is('json', 'JSON');
  // A table: the first line's most used separator at least as often on the next line.
  const [first = '', second = ''] = head.split('\n').filter((line) => line.trim() !== '');
  const count = (line: string, separator: string) => line.split(separator).length - 1;
  const separator = [';', ',', '\t'].reduce((a, b) => (count(first, b) > count(first, a) ? b : a));
  if (count(first, separator) >= 2 && count(second, separator) >= count(first, separator))
    return is('csv', 'a CSV file (a table of values)');
  return is('text', `plain text (it begins “${head.slice(0, 40).split('\n')[0]}”)`);
}

/** The words of notXml. */
export const notXmlKind = (text: string): string | null => notXml(text)?.words ?? null;
