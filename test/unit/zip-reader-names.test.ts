// The names of a ZIP's entries (src/backup/zip-reader.ts), read as the ZIP spec says (APPNOTE 4.4.4):
// UTF-8 when general purpose bit 11 says so, else IBM437, which Windows Explorer writes; Info-ZIP's Unicode
// Path extra field (0x7075) when it was written for the name beside it; UTF-8 without the flag (macOS's
// Archive Utility) stays UTF-8. The service's own archives (backups, exports) keep their names.
import { describe, expect, test } from 'bun:test';
import { crc32 } from 'node:zlib';
import { ZipArchive } from 'archiver';
import { ZipReader } from '../../src/backup/zip-reader';
import { deflatedEntry, type RawEntry, rawZip } from '../raw-zip';

const UTF8_FLAG = 0x0800;

/** "Rechnung_Müller_016.xml" in IBM437: ü is 0x81. */
const cp437Name = new Uint8Array([...Buffer.from('Rechnung_M'), 0x81, ...Buffer.from('ller_016.xml')]);

/** Info-ZIP's Unicode Path extra field for a header name: version 1, the name's CRC-32, the UTF-8 name. */
function unicodePath(headerName: Uint8Array, name: string, crc = crc32(headerName)): Uint8Array {
  const utf8 = Buffer.from(name);
  const field = Buffer.alloc(9 + utf8.length);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + utf8.length, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(crc, 5);
  utf8.copy(field, 9);
  return field;
}

function namesOf(entries: Partial<RawEntry>[]): string[] {
  const zip = rawZip(entries.map((e) => ({ ...deflatedEntry('x', '<Invoice/>'), ...e })));
  const reader = ZipReader.fromBytes(zip);
  try {
    return reader.entries.map((e) => e.name);
  } finally {
    reader.close();
  }
}

describe("a ZIP entry's name", () => {
  test('without the UTF-8 flag: IBM437, as Windows Explorer writes it', () => {
    // Every byte of IBM437's upper half is one character of its own.
    const upper = new Uint8Array([0x84, 0x94, 0x81, 0x8e, 0x99, 0x9a, 0xe1, 0x9c, 0xb0, 0xff]);
    expect(namesOf([{ rawName: cp437Name }, { rawName: upper }])).toEqual([
      'Rechnung_Müller_016.xml',
      'äöüÄÖÜß£░\u00a0',
    ]);
  });

  test('with the UTF-8 flag, or UTF-8 without it (macOS): UTF-8; ASCII as it is', () => {
    expect(
      namesOf([
        { name: 'Rechnung_Größe.xml', flags: UTF8_FLAG },
        { name: 'Übersicht_017.xml' },
        { name: 'blobs/acc_1/rcv_2' },
      ]),
    ).toEqual(['Rechnung_Größe.xml', 'Übersicht_017.xml', 'blobs/acc_1/rcv_2']);
  });

  test("Info-ZIP's Unicode Path extra field, when written for the name beside it", () => {
    const header = new Uint8Array(Buffer.from('Rechnung_B?ro.xml'));
    expect(
      namesOf([
        { rawName: header, extra: unicodePath(header, 'Rechnung_Büro.xml') },
        // After another extra field (an extended timestamp).
        {
          rawName: cp437Name,
          extra: new Uint8Array([
            ...[0x55, 0x54, 5, 0, 1, 0, 0, 0, 0],
            ...unicodePath(cp437Name, 'Rechnung_Müller_016.xml'),
          ]),
        },
        // Written for another name (renamed since by a tool that knows no Unicode Path): the header's.
        { rawName: cp437Name, extra: unicodePath(cp437Name, 'Alt.xml', 12345) },
      ]),
    ).toEqual(['Rechnung_Büro.xml', 'Rechnung_Müller_016.xml', 'Rechnung_Müller_016.xml']);
  });

  test("the service's own archives (archiver, as backups and exports are written) keep their names", async () => {
    const archive = new ZipArchive({});
    const chunks: Buffer[] = [];
    archive.on('data', (c: Buffer) => chunks.push(c));
    for (const name of ['manifest.json', 'blobs/acc_1/Größe März.pdf', 'Übersicht/Rechnung €.xml'])
      archive.append('x', { name });
    await archive.finalize();
    const reader = ZipReader.fromBytes(new Uint8Array(Buffer.concat(chunks)));
    try {
      expect(reader.entries.map((e) => e.name)).toEqual([
        'manifest.json',
        'blobs/acc_1/Größe März.pdf',
        'Übersicht/Rechnung €.xml',
      ]);
    } finally {
      reader.close();
    }
  });
});
