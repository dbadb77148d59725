// Which parts of an e-mail are tried as e-invoices (src/workers/mail-attachments.ts): XML, PDF, and the XML
// and PDF files of a ZIP one level deep; and the caps a hostile ZIP meets (issue 37): the count of files
// before anything is inflated, each entry by the bytes it really inflates to whatever its header says, each
// ZIP's total and the message's total, every byte inflated counted whether its entry is taken or not.
import { describe, expect, test } from 'bun:test';
import { ZipArchive } from 'archiver';
import { type AttachmentLimits, candidateFiles, MAX_NAMED_SKIPS } from '../../src/workers/mail-attachments';
import { deflatedEntry, rawZip } from '../raw-zip';

async function zipOf(entries: Record<string, string | Buffer>, store = false): Promise<Uint8Array> {
  const archive = new ZipArchive({ store });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  for (const [name, body] of Object.entries(entries)) archive.append(body, { name });
  await archive.finalize();
  return new Uint8Array(Buffer.concat(chunks));
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const limits: AttachmentLimits = {
  maxFileBytes: 1000,
  maxFiles: 3,
  maxArchiveBytes: 2000,
  maxMessageFileBytes: 3000,
};
const zipPart = (filename: string, content: Uint8Array) => ({
  filename,
  contentType: 'application/zip',
  content,
});
const xmlPart = (filename: string, content: Uint8Array) => ({
  filename,
  contentType: 'application/xml',
  content,
});
/** `n` bytes of an XML-looking file. */
const sized = (n: number) => `<a>${'x'.repeat(n - 7)}</a>`;
const reasons = (skipped: { name: string; reason: string }[]) =>
  Object.fromEntries(skipped.map((s) => [s.name, s.reason]));

describe('attachments tried as e-invoices', () => {
  test('XML and PDF by name, type or magic bytes; images and signatures are named, passed over', () => {
    const { files, skipped } = candidateFiles(
      [
        { filename: 'rechnung.XML', contentType: 'application/octet-stream', content: bytes('<Invoice/>') },
        { filename: 'scan', contentType: 'application/octet-stream', content: bytes('%PDF-1.7 ...') },
        { contentType: 'text/xml', content: bytes('<x/>') },
        { filename: 'logo.png', contentType: 'image/png', content: bytes('\x89PNG') },
        { filename: 'smime.p7s', contentType: 'application/pkcs7-signature', content: bytes('sig') },
      ],
      limits,
    );
    expect(files.map((f) => f.name)).toEqual(['rechnung.XML', 'scan', 'attachment-3']);
    expect(skipped).toEqual([
      { name: 'logo.png', reason: 'an image (image/png), not an e-invoice: passed over', passedOver: true },
      {
        name: 'smime.p7s',
        reason: 'not an XML file, a PDF or a ZIP (application/pkcs7-signature): passed over',
        passedOver: true,
      },
    ]);
  });

  test('XML by its first bytes: an XRechnung sent as octet-stream without .xml, or as a .txt; bounded', () => {
    const cii =
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>';
    const utf16 = (text: string, bom: number[], le: boolean) => {
      const units = Buffer.from(text, 'utf16le');
      if (!le) units.swap16();
      return new Uint8Array([...bom, ...units]);
    };
    const { files, skipped } = candidateFiles(
      [
        {
          filename: 'RE-2026-007',
          contentType: 'application/octet-stream',
          content: bytes('<?xml version="1.0"?><x/>'),
        },
        { filename: 'RE-2026-008.txt', contentType: 'text/plain', content: bytes(`\uFEFF \r\n\t${cii}`) },
        {
          filename: 'ubl.dat',
          contentType: 'application/octet-stream',
          content: bytes('<ubl:Invoice xmlns:ubl="u">'),
        },
        { filename: 'cn', contentType: 'application/octet-stream', content: bytes('<CreditNote>') },
        {
          filename: 'le.txt',
          contentType: 'text/plain',
          content: utf16('<?xml version="1.0"?>', [0xff, 0xfe], true),
        },
        { filename: 'be.txt', contentType: 'text/plain', content: utf16('<Invoice/>', [0xfe, 0xff], false) },
        // Not XML by their first bytes: a text, an HTML page, XML past the first KiB, an SVG logo.
        { filename: 'agb.txt', contentType: 'text/plain', content: bytes('Allgemeine Geschäftsbedingungen') },
        {
          filename: 'mail.html',
          contentType: 'text/html',
          content: bytes('<html><body>Invoice</body></html>'),
        },
        {
          filename: 'late',
          contentType: 'application/octet-stream',
          content: bytes(`${' '.repeat(1024)}<?xml ?>`),
        },
        { filename: 'logo.svg', contentType: 'image/svg+xml', content: bytes('<?xml version="1.0"?><svg/>') },
      ],
      { ...limits, maxFiles: 20, maxMessageFileBytes: 100_000 },
    );
    expect(files.map((f) => f.name)).toEqual([
      'RE-2026-007',
      'RE-2026-008.txt',
      'ubl.dat',
      'cn',
      'le.txt',
      'be.txt',
    ]);
    expect(files[1]?.bytes).toEqual(bytes(`\uFEFF \r\n\t${cii}`));
    expect(reasons(skipped)).toEqual({
      'agb.txt': 'not an XML file, a PDF or a ZIP (text/plain): passed over',
      'mail.html': 'not an XML file, a PDF or a ZIP (text/html): passed over',
      late: 'not an XML file, a PDF or a ZIP (application/octet-stream): passed over',
      'logo.svg': 'an image (image/svg+xml), not an e-invoice: passed over',
    });
    expect(skipped.every((s) => s.passedOver)).toBe(true);
  });

  test("Outlook's winmail.dat and an S/MIME message are named as parts not opened, not as passed over", () => {
    const tnef = new Uint8Array([0x78, 0x9f, 0x3e, 0x22, 0x01, 0x02]);
    const { files, skipped } = candidateFiles(
      [
        { filename: 'winmail.dat', contentType: 'application/ms-tnef', content: tnef },
        // By its magic number, whatever it is called.
        { filename: 'ATT00001.dat', contentType: 'application/octet-stream', content: tnef },
        { filename: 'smime.p7m', contentType: 'application/pkcs7-mime', content: bytes('0\x80') },
      ],
      limits,
    );
    expect(files).toEqual([]);
    const tnefReason =
      "Outlook's TNEF (winmail.dat), not opened: ask the sender to send the invoice as a file (XML, PDF or ZIP)";
    expect(skipped).toEqual([
      { name: 'winmail.dat', reason: tnefReason },
      { name: 'ATT00001.dat', reason: tnefReason },
      {
        name: 'smime.p7m',
        reason:
          'an S/MIME message (encrypted, or signed as one block), not opened: ask the sender to send the invoice unencrypted',
      },
    ]);
  });

  test('a ZIP is opened one level deep: its XML and PDF files, a ZIP inside named and left closed', async () => {
    const inner = await zipOf({ 'deep.xml': '<Invoice/>' });
    const zip = await zipOf({
      'a.xml': '<Invoice/>',
      'dir/b.pdf': '%PDF-1.4',
      'readme.txt': 'hi',
      'inner.zip': Buffer.from(inner),
    });
    const { files, skipped } = candidateFiles([zipPart('rechnungen.zip', zip)], limits);
    expect(files.map((f) => f.name)).toEqual(['rechnungen.zip/a.xml', 'rechnungen.zip/dir/b.pdf']);
    expect(new TextDecoder().decode(files[0]?.bytes)).toBe('<Invoice/>');
    // The ZIP inside may hold invoices: named first, as a part not taken; the text is passed over.
    expect(skipped).toEqual([
      { name: 'rechnungen.zip/inner.zip', reason: 'a ZIP inside a ZIP is not opened' },
      {
        name: 'rechnungen.zip/readme.txt',
        reason: 'not an XML file or a PDF: passed over',
        passedOver: true,
      },
    ]);
  });

  test('a ZIP from macOS: its __MACOSX metadata is no file sent and is left out', async () => {
    const zip = await zipOf({
      'RE-1.xml': '<Invoice/>',
      '__MACOSX/._RE-1.xml': Buffer.from([0, 5, 22, 7, 0, 2]),
      'dir/._RE-2.xml': Buffer.from([0, 5, 22, 7]),
    });
    const { files, skipped } = candidateFiles([zipPart('Rechnungen.zip', zip)], limits);
    expect(files.map((f) => f.name)).toEqual(['Rechnungen.zip/RE-1.xml']);
    expect(skipped).toEqual([]);
  });

  test('an entry name Windows Explorer wrote in IBM437 (no UTF-8 flag) is read as such', () => {
    // "Rechnung_Müller_016.xml" with ü as 0x81, as the Explorer's "Send to > Compressed folder" writes it.
    const rawName = new Uint8Array([...Buffer.from('Rechnung_M'), 0x81, ...Buffer.from('ller_016.xml')]);
    const zip = rawZip([{ ...deflatedEntry('x', '<Invoice/>'), rawName }]);
    const { files } = candidateFiles([zipPart('Rechnungen.zip', zip)], limits);
    expect(files.map((f) => f.name)).toEqual(['Rechnungen.zip/Rechnung_Müller_016.xml']);
  });

  test('plain attachments first, then ZIP entries; a file over the limit, an entry declaring more (never inflated), more files than allowed', async () => {
    const big = await zipOf({ 'big.xml': sized(5000), 'ok.xml': '<Invoice/>', 'late.xml': '<Late/>' });
    const { files, skipped } = candidateFiles(
      [
        zipPart('big.zip', big),
        xmlPart('huge.xml', new Uint8Array(1001)),
        xmlPart('1.xml', bytes('<a/>')),
        xmlPart('2.xml', bytes('<b/>')),
      ],
      limits,
    );
    expect(files.map((f) => f.name)).toEqual(['1.xml', '2.xml', 'big.zip/ok.xml']);
    expect(reasons(skipped)).toEqual({
      'huge.xml': 'larger than 1000 bytes: not tried',
      'big.zip/big.xml': 'inflates to more than 1000 bytes: not tried',
      'big.zip/late.xml': 'more than 3 files in one message: not tried',
    });
  });

  test('a damaged ZIP is named, not thrown', () => {
    const { files, skipped } = candidateFiles(
      [zipPart('kaputt.zip', bytes('PK\u0003\u0004 not really'))],
      limits,
    );
    expect(files).toEqual([]);
    expect(skipped[0]?.reason).toContain('the ZIP cannot be read');
  });
});

describe('the caps a hostile ZIP meets', () => {
  const wide = { ...limits, maxFiles: 20 };

  test('an entry whose header lies is stopped by the bytes it really inflates to, and costs only the cap', () => {
    // 16 MiB of zeros declaring 10 bytes: stopped at 1000 bytes; the archive's budget (2000) is charged
    // 1000, so the honest entry after it still fits.
    const zip = rawZip([
      deflatedEntry('bomb.xml', new Uint8Array(16 * 1024 * 1024), 10),
      deflatedEntry('ok.xml', sized(500)),
      deflatedEntry('short.xml', sized(10), 400),
    ]);
    const { files, skipped } = candidateFiles([zipPart('z.zip', zip)], wide);
    expect(files.map((f) => [f.name, f.bytes.byteLength])).toEqual([['z.zip/ok.xml', 500]]);
    expect(new TextDecoder().decode(files[0]?.bytes)).toBe(sized(500));
    expect(reasons(skipped)).toEqual({
      'z.zip/bomb.xml': 'inflates to more than 1000 bytes: not tried',
      // Fewer bytes than declared: damaged, not tried either.
      'z.zip/short.xml': 'cannot be read from the ZIP: it inflates to 10 bytes, not the 400 its header says',
    });
  });

  test('the count of files is checked before an entry is inflated', () => {
    // Entries past the third hold data that fails the moment anything inflates it: their reason is the
    // count, so none of them was inflated.
    const broken = { name: '', data: new Uint8Array([0xff, 0xff, 0xff, 0xff]), size: 50 };
    const zip = rawZip([
      ...['1.xml', '2.xml', '3.xml'].map((n) => deflatedEntry(n, '<Invoice/>')),
      ...Array.from({ length: 7 }, (_, i) => ({ ...broken, name: `late-${i}.xml` })),
    ]);
    const { files, skipped } = candidateFiles([zipPart('z.zip', zip)], limits);
    expect(files).toHaveLength(3);
    expect(skipped).toHaveLength(7);
    for (const s of skipped) expect(s.reason).toBe('more than 3 files in one message: not tried');
    // The same data inflated is damaged: what those entries would have said.
    const one = candidateFiles([zipPart('z.zip', rawZip([{ ...broken, name: 'b.xml' }]))], limits);
    expect(one.skipped[0]?.reason).toBe('cannot be read from the ZIP: its data is damaged');
  });

  test("a ZIP's entries together inflate to at most its cap: by the size declared before, by the bytes while inflating", () => {
    const first = rawZip([
      deflatedEntry('1.xml', sized(800)),
      deflatedEntry('2.xml', sized(800)),
      // Declares 800 with 400 left: not inflated.
      deflatedEntry('3.xml', sized(800)),
      // Declares 100, gives 800: stopped at the 400 left.
      deflatedEntry('4.xml', sized(800), 100),
      // Nothing left.
      deflatedEntry('5.xml', sized(10)),
    ]);
    // Another ZIP has a cap of its own.
    const second = rawZip([deflatedEntry('6.xml', sized(800))]);
    const { files, skipped } = candidateFiles([zipPart('a.zip', first), zipPart('b.zip', second)], {
      ...wide,
      maxMessageFileBytes: 10_000,
    });
    expect(files.map((f) => f.name)).toEqual(['a.zip/1.xml', 'a.zip/2.xml', 'b.zip/6.xml']);
    const full = "the ZIP's files together inflate to more than 2000 bytes: not tried";
    expect(reasons(skipped)).toEqual({ 'a.zip/3.xml': full, 'a.zip/4.xml': full, 'a.zip/5.xml': full });
  });

  test("a message's files together come to at most its cap, across attachments and ZIPs", () => {
    const first = rawZip([deflatedEntry('1.xml', sized(800)), deflatedEntry('2.xml', sized(800))]);
    const second = rawZip([
      // 700 left: declares 100, gives 800, stopped at 700; then nothing is left.
      deflatedEntry('3.xml', sized(800), 100),
      deflatedEntry('4.xml', sized(10)),
    ]);
    const { files, skipped } = candidateFiles(
      [
        zipPart('a.zip', first),
        zipPart('b.zip', second),
        xmlPart('plain.xml', bytes(sized(900))),
        xmlPart('second.xml', bytes(sized(600))),
        // Listed after the ZIPs, tried before them.
        xmlPart('third.xml', bytes(sized(100))),
      ],
      { ...wide, maxMessageFileBytes: 3000 },
    );
    // The plain attachments (1600) first; then a.zip/1.xml (800); 2.xml declares 800 with 600 left.
    expect(files.map((f) => f.name)).toEqual(['plain.xml', 'second.xml', 'third.xml', 'a.zip/1.xml']);
    const full = "the message's files together come to more than 3000 bytes: not tried";
    expect(reasons(skipped)).toEqual({
      'a.zip/2.xml': full,
      'b.zip/3.xml': full,
      'b.zip/4.xml': full,
    });
  });

  test('a lying entry is charged what it inflated: the totals hold however many entries lie', () => {
    // Entries each declaring 10 bytes and inflating to 16 KiB, each stopped at the 1000-byte file cap: a ZIP
    // stops after two (its 2000), the message after three (its 3000), whatever the headers say.
    const bomb = () =>
      rawZip(Array.from({ length: 5 }, (_, i) => deflatedEntry(`${i}.xml`, new Uint8Array(16_384), 10)));
    const { files, skipped } = candidateFiles(
      [zipPart('a.zip', bomb()), zipPart('b.zip', bomb()), zipPart('c.zip', bomb())],
      wide,
    );
    expect(files).toEqual([]);
    const entry = 'inflates to more than 1000 bytes: not tried';
    const archive = "the ZIP's files together inflate to more than 2000 bytes: not tried";
    const message = "the message's files together come to more than 3000 bytes: not tried";
    const expected: Record<string, string> = {};
    for (let i = 0; i < 5; i++) {
      expected[`a.zip/${i}.xml`] = i < 2 ? entry : archive;
      expected[`b.zip/${i}.xml`] = i < 1 ? entry : message;
      expected[`c.zip/${i}.xml`] = message;
    }
    expect(reasons(skipped)).toEqual(expected);
  });

  test('the parts that may be e-invoices are named first: a ZIP of many images does not crowd them out', () => {
    const zip = rawZip([
      ...Array.from({ length: 60 }, (_, i) => deflatedEntry(`scan-${i}.png`, 'PNG')),
      ...Array.from({ length: 5 }, (_, i) => deflatedEntry(`${i}.xml`, '<a/>')),
    ]);
    const { files, skipped } = candidateFiles([zipPart('z.zip', zip)], limits);
    expect(files.map((f) => f.name)).toEqual(['z.zip/0.xml', 'z.zip/1.xml', 'z.zip/2.xml']);
    expect(skipped).toHaveLength(MAX_NAMED_SKIPS);
    expect(skipped.slice(0, 2)).toEqual([
      { name: 'z.zip/3.xml', reason: 'more than 3 files in one message: not tried' },
      { name: 'z.zip/4.xml', reason: 'more than 3 files in one message: not tried' },
    ]);
    // The rest are images: the line counting them says so, so it sends no message to Failed.
    expect(skipped.at(-1)).toEqual({
      name: `${62 - (MAX_NAMED_SKIPS - 1)} more parts`,
      reason: 'passed over as well (not named one by one)',
      passedOver: true,
    });
  });

  test(`a note names at most ${MAX_NAMED_SKIPS} parts; the rest are counted in one line`, () => {
    const zip = rawZip(Array.from({ length: 200 }, (_, i) => deflatedEntry(`${i}.xml`, '<a/>')));
    const { files, skipped } = candidateFiles([zipPart('many.zip', zip)], limits);
    expect(files).toHaveLength(3);
    expect(skipped).toHaveLength(MAX_NAMED_SKIPS);
    expect(skipped.at(-2)).toEqual({
      name: 'many.zip/51.xml',
      reason: 'more than 3 files in one message: not tried',
    });
    expect(skipped.at(-1)).toEqual({
      name: `${197 - (MAX_NAMED_SKIPS - 1)} more parts`,
      reason: 'passed over as well (not named one by one)',
    });
  });
});

describe('reconnecting to a mailbox that refuses or is down', () => {
  test('waits 1 s, then twice as long each time, never more than 15 minutes', async () => {
    const { reconnectDelayMs } = await import('../../src/modules/mail-intake/mailbox');
    expect([1, 2, 3, 4, 10, 11, 50].map(reconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 512_000, 900_000, 900_000,
    ]);
  });
});
