// The name an upload's Content-Disposition gives a received file (docs/receiving.md, `source`): a client
// that writes the plain filename in UTF-8 (curl, most scripts) is read as UTF-8, a Windows path keeps its
// last segment, and a long name keeps its extension.
import { expect, test } from 'bun:test';
import { fileNameOf } from '../../src/modules/receiving/inbox-routes';

/** The header as the server reads it: each byte one character. */
const asBytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

test('a plain filename written in UTF-8 is read as UTF-8; one in Latin-1 stays as it is', () => {
  expect(fileNameOf(asBytes('attachment; filename="Rechnung März.xml"'))).toBe('Rechnung März.xml');
  expect(fileNameOf('attachment; filename="Rechnung M\u00e4rz.xml"')).toBe('Rechnung März.xml');
  expect(fileNameOf("attachment; filename*=UTF-8''Rechnung%20M%C3%A4rz.xml")).toBe('Rechnung März.xml');
});

test('a Windows path keeps its last segment; a quote inside the name stays', () => {
  expect(fileNameOf(asBytes('attachment; filename="..\\..\\windows\\Rechnung März.xml"'))).toBe(
    'Rechnung März.xml',
  );
  expect(fileNameOf('attachment; filename="C:\\Belege\\RE-1.xml"')).toBe('RE-1.xml');
  expect(fileNameOf('attachment; filename="Rechnung \\"A\\".xml"')).toBe('Rechnung "A".xml');
});

test('a name longer than 255 characters keeps its extension', () => {
  const name = fileNameOf(`attachment; filename="${'a'.repeat(300)}.xml"`);
  expect(name?.length).toBe(255);
  expect(name?.endsWith('.xml')).toBe(true);
});

test('filename* in ISO-8859-1 or US-ASCII (RFC 8187); another charset falls back to the plain filename', () => {
  expect(fileNameOf("attachment; filename*=ISO-8859-1''Rechnung_B%FCro.xml")).toBe('Rechnung_Büro.xml');
  expect(fileNameOf("attachment; filename*=iso-8859-1'de'Rechnung%20M%E4rz.xml")).toBe('Rechnung März.xml');
  expect(fileNameOf("attachment; filename*=us-ascii''RE-2026-001.xml")).toBe('RE-2026-001.xml');
  // Before the plain one, whichever comes first in the header.
  expect(
    fileNameOf(`attachment; filename="Rechnung_Buero.xml"; filename*=ISO-8859-1''Rechnung_B%FCro.xml`),
  ).toBe('Rechnung_Büro.xml');
  // A charset not read, bytes its charset cannot be, a broken escape: the plain filename, else none.
  expect(fileNameOf(`attachment; filename*=Shift_JIS''%82%A0.xml; filename="RE-2.xml"`)).toBe('RE-2.xml');
  expect(fileNameOf(`attachment; filename*=us-ascii''B%FCro.xml; filename="Buero.xml"`)).toBe('Buero.xml');
  expect(fileNameOf(`attachment; filename*=UTF-8''B%FCro.xml; filename="Buero.xml"`)).toBe('Buero.xml');
  expect(fileNameOf(`attachment; filename*=UTF-8''B%Fro.xml; filename="Buero.xml"`)).toBe('Buero.xml');
  expect(fileNameOf("attachment; filename*=KOI8-R''%F0.xml")).toBeNull();
});
