// A file chosen on the import page, read into the body of POST /imports.
import { t } from './i18n';

/**
 * The text of a file's bytes: UTF-8 when they are valid UTF-8, else Windows-1252, which Excel writes a CSV
 * in on a German Windows (read as UTF-8, `Müller` would arrive as `M\uFFFDller` and be imported so). A BOM
 * is dropped.
 */
export function fileText(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // Excel's "Unicode text" is UTF-16 with its byte-order mark (TextDecoder drops the mark).
  if (view[0] === 0xff && view[1] === 0xfe) return new TextDecoder('utf-16le').decode(view);
  if (view[0] === 0xfe && view[1] === 0xff) return new TextDecoder('utf-16be').decode(view);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * An Excel workbook by its first bytes, whatever its name: `.xlsx` (and `.ods`) files are ZIP archives,
 * `.xls` files OLE compound files. Sent as text, one arrived as a 422 about a NUL character.
 */
export function isWorkbook(bytes: Uint8Array): boolean {
  const starts = (magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  return starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

/** A chosen file as the import's `data`: a JSON array as it is, a CSV as its lines. */
export async function importRows(file: File): Promise<{ format: 'json' | 'csv'; data: unknown[] }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isWorkbook(bytes)) {
    throw new Error(
      t(
        'This is a spreadsheet workbook (such as .xlsx), not a CSV file. Open it in Excel, choose File › Save As › “CSV UTF-8 (comma delimited)” or “CSV (semicolon delimited)”, and import that file.',
      ),
    );
  }
  const text = fileText(bytes);
  if (/\.json$/i.test(file.name) || text.trimStart().startsWith('[')) {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error(t('A JSON import is an array of objects.'));
    return { format: 'json', data: parsed };
  }
  return {
    format: 'csv',
    data: text.split(/\r?\n/).filter((line, index, all) => line !== '' || index < all.length - 1),
  };
}
