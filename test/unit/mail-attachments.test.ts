// Which parts of an e-mail are tried as e-invoices (src/modules/mail-intake/attachments.ts): XML, PDF, and
// the XML and PDF files of a ZIP one level deep, sizes checked before anything is inflated.
import { describe, expect, test } from 'bun:test';
import { ZipArchive } from 'archiver';
import { candidateFiles } from '../../src/modules/mail-intake/attachments';

async function zipOf(entries: Record<string, string | Buffer>, store = false): Promise<Uint8Array> {
  const archive = new ZipArchive({ store });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  for (const [name, body] of Object.entries(entries)) archive.append(body, { name });
  await archive.finalize();
  return new Uint8Array(Buffer.concat(chunks));
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const limits = { maxFileBytes: 1000, maxFiles: 3 };

describe('attachments tried as e-invoices', () => {
  test('XML and PDF by name, type or magic bytes; images, text and signatures are not tried', () => {
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
    expect(skipped).toEqual([]);
  });

  test('a ZIP is opened one level deep: its XML and PDF files, a ZIP inside named and left closed', async () => {
    const inner = await zipOf({ 'deep.xml': '<Invoice/>' });
    const zip = await zipOf({
      'a.xml': '<Invoice/>',
      'dir/b.pdf': '%PDF-1.4',
      'readme.txt': 'hi',
      'inner.zip': Buffer.from(inner),
    });
    const { files, skipped } = candidateFiles(
      [{ filename: 'rechnungen.zip', contentType: 'application/zip', content: zip }],
      limits,
    );
    expect(files.map((f) => f.name)).toEqual(['rechnungen.zip/a.xml', 'rechnungen.zip/dir/b.pdf']);
    expect(new TextDecoder().decode(files[0]?.bytes)).toBe('<Invoice/>');
    expect(skipped).toEqual([
      { name: 'rechnungen.zip/inner.zip', reason: 'a ZIP inside a ZIP is not opened' },
    ]);
  });

  test('sizes: a file over the limit, a ZIP entry declaring more (never inflated), more files than allowed', async () => {
    const big = await zipOf({ 'big.xml': `<Invoice>${' '.repeat(5000)}</Invoice>`, 'ok.xml': '<Invoice/>' });
    const { files, skipped } = candidateFiles(
      [
        { filename: 'huge.xml', contentType: 'application/xml', content: new Uint8Array(1001) },
        { filename: 'big.zip', contentType: 'application/zip', content: big },
        { filename: '1.xml', contentType: 'application/xml', content: bytes('<a/>') },
        { filename: '2.xml', contentType: 'application/xml', content: bytes('<b/>') },
        { filename: '3.xml', contentType: 'application/xml', content: bytes('<c/>') },
      ],
      limits,
    );
    expect(files.map((f) => f.name)).toEqual(['big.zip/ok.xml', '1.xml', '2.xml']);
    expect(skipped.map((s) => s.name)).toEqual(['huge.xml', 'big.zip/big.xml', '3.xml']);
    expect(skipped[1]?.reason).toContain('inflates to more than 1000 bytes');
    expect(skipped[2]?.reason).toContain('more than 3 files');
  });

  test('a damaged ZIP is named, not thrown', () => {
    const { files, skipped } = candidateFiles(
      [
        {
          filename: 'kaputt.zip',
          contentType: 'application/zip',
          content: bytes('PK\u0003\u0004 not really'),
        },
      ],
      limits,
    );
    expect(files).toEqual([]);
    expect(skipped[0]?.reason).toContain('the ZIP cannot be read');
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
