// An e-mail is taken apart in a receive worker (issue 37): the MIME parse, the attachments and the ZIPs'
// entries under the caps, off the main thread; the files come back whole; a message the worker cannot read
// within its limit is refused as a whole, with the limit named, and the intake notes it (no retry loop).
import { describe, expect, test } from 'bun:test';
import MailComposer from 'nodemailer/lib/mail-composer';
import { receiveMessage } from '../../src/modules/mail-intake/use-cases/receive-message';
import type { AccountCtx } from '../../src/shared/context';
import { DomainError } from '../../src/shared/errors';
import { readMailMessage } from '../../src/workers/mail-message';
import { ReceivePool } from '../../src/workers/receive-pool';
import { deflatedEntry, rawZip, zipBombEntries } from '../raw-zip';

const limits = {
  maxFileBytes: 1024 * 1024,
  maxFiles: 20,
  maxArchiveBytes: 2 * 1024 * 1024,
  maxMessageFileBytes: 3 * 1024 * 1024,
};

const invoice = '<Invoice>R-1</Invoice>';

async function message(): Promise<Uint8Array> {
  // One honest entry, then 50 entries of 1 MiB of zeros each, declared honestly.
  const zip = rawZip([
    deflatedEntry('in-zip.xml', '<Invoice>R-2</Invoice>'),
    ...zipBombEntries(50, 1024 * 1024, (i) => `bomb-${i}.xml`),
  ]);
  const raw = await new MailComposer({
    from: 'Lieferant GmbH <rechnung@lieferant.example>',
    to: 'eingang@firma.example',
    subject: 'Rechnungen',
    messageId: '<r@lieferant.example>',
    date: new Date('2026-11-20T09:30:00Z'),
    text: 'Anbei.',
    attachments: [
      { filename: 'bomb.zip', content: Buffer.from(zip), contentType: 'application/zip' },
      { filename: 'r-1.xml', content: invoice, contentType: 'application/xml' },
    ],
  })
    .compile()
    .build();
  return new Uint8Array(raw);
}

describe('an e-mail taken apart', () => {
  test('its headers, its files, and what the caps passed over', async () => {
    const parts = await readMailMessage(await message(), limits);
    expect(parts.email).toEqual({
      from: 'Lieferant GmbH <rechnung@lieferant.example>',
      subject: 'Rechnungen',
      date: '2026-11-20T09:30:00.000Z',
      message_id: '<r@lieferant.example>',
    });
    // The plain attachment, the honest entry, then one bomb entry (1 MiB fits the ZIP's 2 MiB less the
    // honest entry's bytes only once); the other 49 are passed over without being inflated.
    expect(parts.files.map((f) => [f.name, f.bytes.byteLength])).toEqual([
      ['r-1.xml', invoice.length],
      ['bomb.zip/in-zip.xml', 22],
      ['bomb.zip/bomb-0.xml', 1024 * 1024],
    ]);
    expect(parts.skipped).toHaveLength(49);
    for (const s of parts.skipped)
      expect(s.reason).toBe(
        `the ZIP's files together inflate to more than ${2 * 1024 * 1024} bytes: not tried`,
      );
  });

  test("a forwarded e-mail's attachments are taken as the message's own, two levels deep; deeper ones are named", async () => {
    const mail = (subject: string, attachments: object[]) =>
      new MailComposer({ from: 'a@b.example', subject, text: 'Anbei.', attachments }).compile().build();
    // Forwarded "as attachment" (Outlook, Thunderbird): an attachment of type message/rfc822. (Forwarded
    // inline, the parser reads the attached e-mail's parts as the message's own already.)
    const eml = (filename: string, content: Buffer) => ({
      filename,
      content,
      contentType: 'message/rfc822',
      contentDisposition: 'attachment',
    });
    const xml = (filename: string, content: string) => ({
      filename,
      content,
      contentType: 'application/xml',
    });
    const original = await mail('Rechnung RE-2026-004', [
      xml('RE-2026-004.xml', invoice),
      { filename: 'AGB.txt', content: 'AGB', contentType: 'text/plain' },
    ]);
    const oldest = await mail('Uralt', [xml('RE-0.xml', '<Invoice>R-0</Invoice>')]);
    const old = await mail('WG: Uralt', [
      xml('RE-1.xml', '<Invoice>R-1</Invoice>'),
      eml('uralt.eml', oldest),
    ]);
    const forward = await mail('WG: WG: Uralt', [
      xml('RE-2.xml', '<Invoice>R-2</Invoice>'),
      eml('alt.eml', old),
    ]);
    const raw = await mail('WG: Rechnung RE-2026-004', [
      eml('Rechnung RE-2026-004.eml', original),
      eml('WG alt.eml', forward),
      eml('Gruss.eml', await mail('Nur Text', [])),
    ]);
    const parts = await readMailMessage(new Uint8Array(raw), limits);
    expect(parts.email.subject).toBe('WG: Rechnung RE-2026-004');
    expect(parts.files.map((f) => [f.name, new TextDecoder().decode(f.bytes)])).toEqual([
      ['Rechnung RE-2026-004.eml/RE-2026-004.xml', invoice],
      ['WG alt.eml/RE-2.xml', '<Invoice>R-2</Invoice>'],
      ['WG alt.eml/alt.eml/RE-1.xml', '<Invoice>R-1</Invoice>'],
    ]);
    expect(parts.skipped).toEqual([
      {
        name: 'WG alt.eml/alt.eml/uralt.eml',
        reason: 'an e-mail attached more than 2 levels deep is not opened: forward the original instead',
      },
      { name: 'Gruss.eml', reason: 'an attached e-mail without attachments: passed over', passedOver: true },
      {
        name: 'Rechnung RE-2026-004.eml/AGB.txt',
        reason: 'not an XML file, a PDF or a ZIP (text/plain): passed over',
        passedOver: true,
      },
    ]);
  });

  test('in the receive worker: the same parts, the files handed back whole', async () => {
    const pool = new ReceivePool(1, { timeLimitMs: 60_000, memoryLimitBytes: 64 * 1024 ** 3 });
    try {
      const raw = await message();
      const reading = pool.readMessage(raw, limits, 'acc_a');
      expect(pool.running).toBe(1);
      const parts = await reading;
      expect(pool.running).toBe(0);
      expect(parts).toEqual(await readMailMessage(raw, limits));
      expect(new TextDecoder().decode(parts.files[0]?.bytes)).toBe(invoice);
      // The caller's bytes stay its own (copied to the worker, not taken from the caller).
      expect(raw.byteLength).toBeGreaterThan(0);
    } finally {
      pool.close();
    }
  });

  test("what a note or a log line repeats is bounded: a reason quoting the file, a sender's long name", async () => {
    const quoted = `The file is not well-formed XML: Invalid XML name: ${'\u0000'.repeat(10_000_000)}`;
    const outcome = await receiveMessage({
      ctx: { accountId: 'acc_a' } as AccountCtx,
      deps: {
        readMessage: async () => ({
          email: { from: null, subject: 'x', date: null, message_id: null },
          files: [],
          skipped: [{ name: `z.zip/${'n'.repeat(70_000)}.xml`, reason: quoted }],
        }),
      } as unknown as Parameters<typeof receiveMessage>[0]['deps'],
      input: { raw: new Uint8Array(10), limits },
    });
    const [part] = outcome.refused;
    expect(part?.name).toHaveLength(300);
    expect(part?.name.endsWith('…')).toBe(true);
    expect(part?.reason).toBe('The file is not well-formed XML: Invalid XML name:  ');
  });

  test('a message the worker cannot read within its time limit is refused as a whole, naming the limit', async () => {
    const entry = new URL('../workers/hanging-receive-worker.ts', import.meta.url).href;
    const pool = new ReceivePool(1, { timeLimitMs: 300, memoryLimitBytes: 64 * 1024 ** 3 }, entry);
    try {
      const refused = await pool.readMessage(new Uint8Array(10), limits).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as Error).message).toBe('The message could not be read within 0.3 s');
      // The intake's use-case makes it an outcome (the message goes to Failed with this reason), not a
      // throw (which would have it tried again at every look).
      const outcome = await receiveMessage({
        ctx: { accountId: 'acc_a' } as AccountCtx,
        deps: { readMessage: pool.readMessage } as Parameters<typeof receiveMessage>[0]['deps'],
        input: { raw: new Uint8Array(10), limits },
      });
      expect(outcome.kept).toEqual([]);
      expect(outcome.refused).toEqual([
        { name: 'the message', reason: 'The message could not be read within 0.3 s' },
      ]);
    } finally {
      pool.close();
    }
  });
});
