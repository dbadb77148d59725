// A file that is not XML at all is named by what it is (src/einvoicing/receive/not-xml.ts), so the
// refusal tells a bookkeeper they sent a scan, a spreadsheet export or an archive, not a parser's words.
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { parseEInvoice } from '../../src/einvoicing/receive';
import { notXmlKind } from '../../src/einvoicing/receive/not-xml';
import { sharedPath } from '../shared-material';

const asText = (bytes: number[] | string) =>
  typeof bytes === 'string' ? bytes : new TextDecoder('utf-8').decode(new Uint8Array(bytes));

test.each([
  ['JPEG (JFIF)', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF')], 'a JPEG image'],
  ['JPEG (Exif)', [0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, ...Buffer.from('Exif')], 'a JPEG image'],
  ['PNG', [0x89, ...Buffer.from('PNG\r\n'), 0x1a, 0x0a, 0, 0, 0, 13], 'a PNG image'],
  ['GIF', 'GIF89a\u0001\u0000', 'a GIF image'],
  ['TIFF', [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0], 'a TIFF image'],
  [
    'ZIP / Office',
    [0x50, 0x4b, 3, 4, 20, 0, 0, 0],
    'a ZIP archive (Word and Excel files are ZIP archives too)',
  ],
  ['PDF', '%PDF-1.7\n%âãÏÓ\n1 0 obj', 'a PDF'],
  ['RTF', '{\\rtf1\\ansi Rechnung', 'an RTF document'],
  ['zeros', [0, 0, 0, 0, 0, 0], 'binary data'],
  ['UTF-16LE XML', [0xff, 0xfe, ...Buffer.from('<?xml', 'utf16le')], 'XML in UTF-16 (send it in UTF-8)'],
  [
    'UTF-16BE XML',
    [0xfe, 0xff, ...Buffer.from('\u3c00\u3f00', 'utf16le')],
    'XML in UTF-16 (send it in UTF-8)',
  ],
  ['JSON', '{"invoice_number": "RE-1"}', 'JSON'],
  ['CSV', 'Nummer;Datum;Betrag\nRE-1;2026-03-01;119,00\n', 'a CSV file (a table of values)'],
  ['HTML', '<!DOCTYPE html>\n<html><body>Rechnung</body></html>', 'an HTML page'],
  [
    'text',
    '  Bitte zahlen Sie bis Ende des Monats.',
    'plain text (it begins “Bitte zahlen Sie bis Ende des Monats.”)',
  ],
] as const)('%s', (_name, bytes, kind) => {
  expect(notXmlKind(asText(bytes as number[] | string))).toBe(kind);
});

test('XML is left to the XML parser, whatever it holds', () => {
  for (const xml of ['<Invoice/>', '  \n<?xml version="1.0"?><x/>', '<!-- a comment --><x/>', '<broken']) {
    expect(notXmlKind(xml)).toBeNull();
  }
});

test('the refusal names it and what the service reads', () => {
  const jpg = readFileSync(sharedPath('receiving-corpus/samples/horstoeko/tests/assets/dummy_picture.jpg'));
  expect(() => parseEInvoice(new TextDecoder().decode(jpg))).toThrow(
    /^This is a JPEG image, not an e-invoice: the service reads UBL 2\.1 Invoice or CreditNote/,
  );
});
