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
