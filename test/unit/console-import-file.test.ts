// The console's import page reads the chosen file's bytes: UTF-8, or Windows-1252 as a German Excel saves a
// CSV, never a U+FFFD in place of an umlaut.
import { describe, expect, test } from 'bun:test';
import { fileText, importRows } from '../../src/console/import-file';

/** The Windows-1252 bytes of `text` (its characters here are all in Latin-1 but the euro sign). */
const windows1252 = (text: string) =>
  new Uint8Array([...text].map((ch) => (ch === '€' ? 0x80 : (ch.codePointAt(0) ?? 0))));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('fileText', () => {
  test.each([
    ['UTF-8', utf8('name;email\nMüller;m@x.example'), 'name;email\nMüller;m@x.example'],
    ['UTF-8 with a BOM', utf8('\uFEFFname\nGrüße'), 'name\nGrüße'],
    ['Windows-1252', windows1252('name;notes\nMüller Söhne;Maß 5 €'), 'name;notes\nMüller Söhne;Maß 5 €'],
    ['ASCII', utf8('name\nAcme'), 'name\nAcme'],
    // Excel's "Unicode text": UTF-16 little-endian with its byte-order mark, tab-separated.
    [
      'UTF-16LE',
      new Uint8Array([0xff, 0xfe, ...[...'name\tcity\nMüller\tKöln'].flatMap((c) => [c.charCodeAt(0), 0])]),
      'name\tcity\nMüller\tKöln',
    ],
  ])('%s', (_, bytes, text) => {
    expect(fileText(bytes)).toBe(text);
    expect(fileText(bytes.buffer as ArrayBuffer)).toBe(text);
  });
});

describe('importRows', () => {
  test('a Windows-1252 CSV arrives as its lines, umlauts intact', async () => {
    const file = new File([windows1252('name;billing_address.city\r\nMüller;Köln\r\n')], 'kunden.csv');
    expect(await importRows(file)).toEqual({
      format: 'csv',
      data: ['name;billing_address.city', 'Müller;Köln'],
    });
  });

  test('a UTF-8 JSON file with a BOM is its array', async () => {
    const file = new File([utf8('\uFEFF[{"name":"Müller"}]')], 'kunden.json');
    expect(await importRows(file)).toEqual({ format: 'json', data: [{ name: 'Müller' }] });
  });
});
