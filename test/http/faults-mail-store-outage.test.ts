// SQLITE-ONLY TEST: the mailbox and the object store's outage, the same whatever the database; not run again on PostgreSQL.
// The mailbox (IMAP_URL, a real dovecot) while the object store is away for a while. A message the service
// could not keep because its store or database was unavailable counted as a failure of the message: after
// five sweeps (five seconds at IMAP_POLL_SECONDS=1, or five new messages arriving by IDLE) it was moved to
// Failed with "the service failed 5 times taking it", and the bookkeeper had to move it back by hand. An
// outage is no failure of the message (as for background jobs, docs/jobs.md): it waits in the folder and is
// taken, once, when the store answers again.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { hasDovecot, TestDovecot } from '../dovecot';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { waitUntil } from '../instances';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { S3Proxy } from '../s3-proxy';
import { TestS3 } from '../s3rver';

setDefaultTimeout(60_000);

const xrechnung = readFileSync(join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'));

const message = (n: number) =>
  new MailComposer({
    from: 'Lieferant GmbH <rechnung@lieferant.example>',
    to: 'eingang@firma.example',
    subject: `Rechnung ${n}`,
    messageId: `<store-outage-${n}@lieferant.example>`,
    date: new Date('2026-11-20T09:30:00Z'),
    text: 'Anbei unsere Rechnung.',
    // Each message's file its own bytes (a comment after the root): a message taken twice would be two
    // documents, not hidden by the inbox's same-bytes rule.
    attachments: [
      {
        filename: 'xrechnung.xml',
        content: Buffer.concat([xrechnung, Buffer.from(`\n<!-- message ${n} -->\n`)]),
        contentType: 'application/xml',
      },
    ],
  })
    .compile()
    .build();

describe.skipIf(!hasDovecot)('the mailbox while the object store is away', () => {
  let imap: TestDovecot;
  let s3: TestS3;
  let server: TestServer;
  let account: TestAccount;

  beforeAll(async () => {
    imap = await TestDovecot.start();
    s3 = await TestS3.start();
    server = await startServer({ imap: imap.env({ pollSeconds: 1 }), s3: s3.env() });
    account = await makeAccount(server);
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    await imap?.stop();
  });

  test('a message waits in the folder through the outage (not moved to Failed) and is taken once after', async () => {
    await s3.halt();
    let resumed = false;
    try {
      await imap.deliver(await message(1));
      // More than five sweeps (one a second), and news by IDLE: each one met the store away.
      await Bun.sleep(4_000);
      await imap.deliver(await message(2));
      await Bun.sleep(4_000);
      expect(await imap.messages('Failed')).toHaveLength(0);
      expect(await imap.messages('INBOX')).toHaveLength(2);
      const status = await server.json('/ready');
      expect(status.body.mailbox?.state).toBe('error');
      await s3.resume();
      resumed = true;
      await waitUntil(async () => (await imap.messages('Processed')).length === 2, 'both taken', 30_000);
    } finally {
      if (!resumed) await s3.resume();
    }
    expect(await imap.messages('INBOX')).toHaveLength(0);
    expect(await imap.messages('Failed')).toHaveLength(0);
    const received = await server.json('/api/v1/received-documents?limit=100', { key: account.apiKey });
    // Each message taken once: two files, two received documents (the second a copy of the first's
    // invoice), each kept in the bucket once.
    expect(received.body.data).toHaveLength(2);
    expect(await s3.keys(`received/${account.id}/`)).toHaveLength(2);
  });
});

describe.skipIf(!hasDovecot)('a message the store keeps refusing while it answers everything else', () => {
  let imap: TestDovecot;
  let s3: TestS3;
  let proxy: S3Proxy;
  let server: TestServer;

  beforeAll(async () => {
    imap = await TestDovecot.start();
    s3 = await TestS3.start();
    proxy = S3Proxy.start(s3);
    server = await startServer({ imap: imap.env({ pollSeconds: 1 }), s3: proxy.env() });
    await makeAccount(server);
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.stop();
    await s3?.stop();
    await imap?.stop();
  });

  test("goes to Failed after its tries (a proxy's error page for its file is no outage of the store), not held for ever", async () => {
    // A proxy in front of the bucket answering this file's upload with its own HTML page (a size limit,
    // say), which reads as a store outage; the store's own probe and every other key pass.
    proxy.fault = (request) =>
      request.method === 'PUT' && request.key.startsWith('received/')
        ? new Response('<html><body><h1>413 Request Entity Too Large</h1></body></html>', {
            status: 413,
            headers: { 'content-type': 'text/html' },
          })
        : null;
    await imap.deliver(await message(3));
    await waitUntil(
      async () => (await imap.messages('INBOX')).length === 0,
      'taken out of the folder',
      30_000,
    );
    // In Failed (with the note beside it), not Processed; the store's probe passed each time.
    expect((await imap.messages('Failed')).length).toBeGreaterThanOrEqual(1);
    expect(await imap.messages('Processed')).toHaveLength(0);
    expect(proxy.requests.some((r) => r.key.startsWith('.probe/'))).toBe(true);
  });
});
