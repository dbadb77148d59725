export const OCTET_STREAM = 'application/octet-stream';
export const SVG = 'image/svg+xml';

// An SVG's root element must appear within this many bytes; a file that hides it deeper is not an SVG to us.
const SVG_HEAD_BYTES = 64 * 1024;

/**
 * The real type of an upload, from its bytes: the client's Content-Type and filename are never trusted.
 * SVG is checked first because it is text (file-type knows no SVG and would call it XML at best).
 */
export async function sniffContentType(bytes: Uint8Array): Promise<string> {
  if (looksLikeSvg(bytes)) return SVG;
  const { fileTypeFromBuffer } = await import('file-type'); // on first upload, not at start
  const detected = await fileTypeFromBuffer(bytes);
  return detected?.mime ?? OCTET_STREAM;
}

/**
 * Text whose root element is `<svg`, after an optional BOM, XML declaration, comments and a DOCTYPE.
 * A DOCTYPE with an internal subset (`[...]`, where entities are declared) is refused: no legitimate logo
 * needs one, and entity expansion is a classic way to attack XML readers.
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  let text = new TextDecoder('utf-8').decode(bytes.subarray(0, SVG_HEAD_BYTES));
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  for (;;) {
    text = text.trimStart();
    if (text.startsWith('<?xml')) text = after(text, '?>');
    else if (text.startsWith('<!--')) text = after(text, '-->');
    else if (/^<!doctype\s/i.test(text)) {
      const end = text.indexOf('>');
      if (end < 0 || text.slice(0, end).includes('[')) return false;
      text = text.slice(end + 1);
    } else break;
  }
  return /^<svg[\s>/]/.test(text);
}

/** The rest of `text` after the first `marker`, or '' when it never ends (which then fails the root test). */
function after(text: string, marker: string): string {
  const end = text.indexOf(marker);
  return end < 0 ? '' : text.slice(end + marker.length);
}
