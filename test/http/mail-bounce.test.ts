// A bounce that comes back after the firm's relay took the mail: the customer's server refused it later and
// a delivery status notification (RFC 3464) arrived in the mailbox mail intake reads. Real parts: the mail is
// sent through a real SMTP server (test/smtp.ts), the bounce returns it (whole, or its headers) into a real
// IMAP server (test/dovecot.ts), read by a second instance on the same data whose IMAP_ACCOUNT is the sender's.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { deliveries } from '../../src/modules/deliveries/schema';
import { FakeClock } from '../../src/shared/clock';
import { documentBody } from '../document-factories';
import { hasDovecot, TestDovecot } from '../dovecot';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

setDefaultTimeout(60_000);

const FROM = '"Acme Handel GmbH" <rechnung@acme-handel.example>';

let smtp: TestSmtp;
let imap: TestDovecot;
let clock: FakeClock;
/** Sends (its jobs run by the test); has both accounts. */
let sender: TestServer;
/** The same data, reading the mailbox into account A's. */
let reader: TestServer;
let a: TestAccount;
let b: TestAccount;

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await Bun.sleep(100);
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  imap = await TestDovecot.start();
  // 2026-12-20: an invoice due 2026-12-02 is overdue (a reminder may be sent).
  clock = new FakeClock(new Date('2026-12-20T09:00:00.000Z'));
  const smtpUrl = smtp.url({ from: FROM });
  sender = await startServer({ clock, smtpUrl, startJobs: false });
  a = await makeAccount(sender);
  b = await makeAccount(sender);
  reader = await startServer({
    clock,
    smtpUrl,
    startJobs: false,
    dataDir: sender.dataDir,
    imap: { ...imap.env({ pollSeconds: 1 }), IMAP_ACCOUNT: a.id },
  });
  await eventually(
    () => reader.json('/ready'),
    (r) => r.body.mailbox?.last_checked_at !== null,
  );
});
afterAll(async () => {
  await reader?.stop();
  await sender?.stop();
  await imap?.stop();
  await smtp?.stop();
});

let seq = 0;
/** A finalized, rendered invoice of `account`, its customer at `email`. */
async function invoice(account: TestAccount, email: string) {
  const profile = await makeBusinessProfile(sender, account, {
    legal_name: 'Acme Handel GmbH',
    email: 'buchhaltung@acme-handel.example',
    default_locale: 'de-DE',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    bank_account: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  });
  const customer = await makeCustomer(sender, account, { name: 'Globex GmbH', email });
  const created = await sender.json('/api/v1/documents', {
    method: 'POST',
    key: account.apiKey,
    body: documentBody({ profileId: profile.id, customerId: customer.id }),
  });
  const id = created.body.data.id as string;
  expect(
    (await sender.json(`/api/v1/documents/${id}/finalize`, { method: 'POST', key: account.apiKey })).status,
  ).toBe(200);
  const render = await sender.json(`/api/v1/documents/${id}/renders`, {
    method: 'POST',
    key: account.apiKey,
    body: { expires_in: 7 * 86_400 },
  });
  expect(render.status).toBe(200);
  return { id, number: created.body.data.number as string, customerId: customer.id };
}

/** Sends the document and runs the job: the relay takes the mail. Answers the delivery and the mail sent. */
async function sent(account: TestAccount, documentId: string, body: Record<string, unknown>) {
  const res = await sender.json(`/api/v1/documents/${documentId}/send`, {
    method: 'POST',
    key: account.apiKey,
    body,
  });
  expect(res.status).toBe(200);
  await sender.jobs.runDue();
  const delivery = await getDelivery(account, res.body.data.id);
  const mail = smtp.messages.find((m) => m.parsed.messageId?.startsWith(`<${delivery.id}@`));
  if (!mail) throw new Error('the relay got no mail');
  return { delivery, raw: mail.raw.toString('latin1') };
}

const getDelivery = async (account: TestAccount, id: string) =>
  (await sender.json(`/api/v1/deliveries/${id}`, { key: account.apiKey })).body.data;
const getDocument = async (account: TestAccount, id: string) =>
  (await sender.json(`/api/v1/documents/${id}`, { key: account.apiKey })).body.data;

interface Rcpt {
  final: string;
  original?: string;
  action: string;
  status: string;
  diagnostic?: string;
}

/** A Postfix-style DSN: the text, the delivery-status part, and the returned mail (whole or its headers). */
function dsn(o: { id: string; returned: string; headersOnly?: boolean; recipients: Rcpt[] }): string {
  const blocks = o.recipients.map((r) =>
    [
      ...(r.original ? [`Original-Recipient: rfc822;${r.original}`] : []),
      `Final-Recipient: rfc822; ${r.final}`,
      `Action: ${r.action}`,
      `Status: ${r.status}`,
      'Remote-MTA: dns; mx.globex.example',
      ...(r.diagnostic ? [`Diagnostic-Code: smtp; ${r.diagnostic}`] : []),
    ].join('\n'),
  );
  const returned = o.headersOnly ? o.returned.slice(0, o.returned.search(/\r?\n\r?\n/)) : o.returned;
  return `From: MAILER-DAEMON@relay.acme-handel.example (Mail Delivery System)
To: rechnung@acme-handel.example
Subject: Undelivered Mail Returned to Sender
Message-ID: <${o.id}@relay.acme-handel.example>
Date: Sun, 20 Dec 2026 10:31:00 +0100
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="B0UND.1"

This is a MIME-encapsulated message.

--B0UND.1
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host relay.acme-handel.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--B0UND.1
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.acme-handel.example
X-Postfix-Queue-ID: 4F1A2B3C4D
Arrival-Date: Sun, 20 Dec 2026 10:30:00 +0100

${blocks.join('\n\n')}

--B0UND.1
Content-Description: ${o.headersOnly ? 'Undelivered Message Headers' : 'Undelivered Message'}
Content-Type: ${o.headersOnly ? 'text/rfc822-headers' : 'message/rfc822'}

${returned.replace(/\r\n/g, '\n')}

--B0UND.1--
`.replace(/\r?\n/g, '\r\n');
}

/** Delivers the bounce and waits until it has left INBOX; answers where it went. */
async function bounced(raw: string, id: string) {
  await imap.deliver(raw);
  const at = (m: { source: string }) => m.source.includes(`Message-ID: <${id}@`);
  const notes = (m: { source: string }) => new RegExp(`In-Reply-To: <${id}@`, 'i').test(m.source);
  let processed: { source: string; flags: Set<string> }[] = [];
  let failed: { source: string; flags: Set<string> }[] = [];
  await eventually(
    async () => {
      processed = await imap.messages('Processed');
      failed = await imap.messages('Failed');
      return [...processed, ...failed];
    },
    (all) => all.some(notes),
  );
  return {
    processed: processed.filter(at),
    failed: failed.filter(at),
    note:
      [...processed, ...failed]
        .filter(notes)
        .at(-1)
        ?.source.replace(/=\r?\n/g, '') ?? '',
    noteFolder: processed.some(notes) ? 'Processed' : 'Failed',
  };
}

describe.skipIf(!hasDovecot)('a bounce after the relay took the mail', () => {
  test('a 5.1.1 bounce returning the invoice mail marks its delivery bounced; the document stays sent; the bounce goes to Processed', async () => {
    const doc = await invoice(a, 'ap@globex.example');
    const { delivery, raw } = await sent(a, doc.id, { to: ['ap@globex.example'] });
    expect(delivery.status).toBe('sent');
    // The Message-ID's right side is the sender's domain (it was `@invoice-service`, no domain).
    expect(raw).toContain(`Message-ID: <${delivery.id}@acme-handel.example>`);
    expect((await getDocument(a, doc.id)).status).toBe('sent');

    const report = dsn({
      id: 'bounce-1',
      returned: raw,
      recipients: [
        {
          final: 'ap@globex.example',
          original: 'ap@globex.example',
          action: 'failed',
          status: '5.1.1',
          diagnostic: '550 5.1.1 <ap@globex.example>: Recipient address rejected: User unknown',
        },
      ],
    });
    const first = await bounced(report, 'bounce-1');
    const after = await getDelivery(a, delivery.id);
    expect(after.status).toBe('bounced');
    expect(after.error_message).toContain('ap@globex.example');
    expect(after.error_message).toContain('550 5.1.1');
    expect(after.error_message).toContain('User unknown');
    // It did go out: sent_at stays, and so does the document's status.
    expect(after.sent_at).toBe(delivery.sent_at);
    expect((await getDocument(a, doc.id)).status).toBe('sent');
    const listed = await sender.json(`/api/v1/documents/${doc.id}/deliveries`, { key: a.apiKey });
    expect(listed.body.data[0]).toMatchObject({ id: delivery.id, status: 'bounced' });
    // Done with: Processed, read, a note naming the delivery; nothing in Failed; the invoice not taken.
    expect(first.processed).toHaveLength(1);
    expect(first.processed[0]?.flags.has('\\Seen')).toBe(true);
    expect(first.failed).toHaveLength(0);
    expect(first.noteFolder).toBe('Processed');
    expect(first.note).toContain(delivery.id);
    expect(first.note).toContain('now bounced');
    const received = await reader.json('/api/v1/received-documents?limit=100', { key: a.apiKey });
    expect(
      received.body.data.filter((d: { invoice_number: string }) => d.invoice_number === doc.number),
    ).toHaveLength(0);
    // A bounced delivery can be retried (to a corrected address).
    const retry = await sender.json(`/api/v1/deliveries/${delivery.id}/retry`, {
      method: 'POST',
      key: a.apiKey,
    });
    expect(retry.status).toBe(200);

    // The same bounce again (moved back, delivered twice): nothing changes.
    const again = await bounced(
      report.replace('Message-ID: <bounce-1@', 'Message-ID: <bounce-1b@'),
      'bounce-1b',
    );
    expect(await getDelivery(a, delivery.id)).toEqual(after);
    expect(again.processed).toHaveLength(1);
    expect(again.note).toContain('bounced already');
  });

  test('a bounce returning only the headers (text/rfc822-headers) of a delivery sent with the old `@invoice-service` id', async () => {
    const doc = await invoice(a, 'old@globex.example');
    const { delivery, raw } = await sent(a, doc.id, { to: ['old@globex.example'] });
    // As a delivery sent before the sender's domain was used: its stored and sent Message-ID the old one.
    const legacy = `<${delivery.id}@invoice-service>`;
    await sender.db.update(deliveries).set({ messageId: legacy }).where(eq(deliveries.id, delivery.id)).run();
    const returned = raw.replace(/Message-ID: <[^>]+>/i, `Message-ID: ${legacy}`);
    await bounced(
      dsn({
        id: 'bounce-2',
        returned,
        headersOnly: true,
        recipients: [
          {
            final: 'old@globex.example',
            action: 'failed',
            status: '5.2.2',
            diagnostic: '552 5.2.2 mailbox full',
          },
        ],
      }),
      'bounce-2',
    );
    const after = await getDelivery(a, delivery.id);
    expect(after.status).toBe('bounced');
    expect(after.error_message).toContain('old@globex.example: 552 5.2.2 mailbox full');
  });

  test('a 4.x.x "delayed" notice is only noted: the delivery stays sent', async () => {
    const doc = await invoice(a, 'slow@globex.example');
    const { delivery, raw } = await sent(a, doc.id, { to: ['slow@globex.example'] });
    const seen = await bounced(
      dsn({
        id: 'delay-1',
        returned: raw,
        headersOnly: true,
        recipients: [
          {
            final: 'slow@globex.example',
            action: 'delayed',
            status: '4.4.1',
            diagnostic: 'connect to mx.globex.example[192.0.2.1]:25: Connection timed out',
          },
        ],
      }),
      'delay-1',
    );
    expect(await getDelivery(a, delivery.id)).toEqual(delivery);
    expect(seen.processed).toHaveLength(1);
    expect(seen.note).toContain('delayed');
  });

  test('a 4.x.x the remote server gave up on (Action: failed, the mail expired in its queue) is a bounce', async () => {
    const doc = await invoice(a, 'expired@globex.example');
    const { delivery, raw } = await sent(a, doc.id, { to: ['expired@globex.example'] });
    await bounced(
      dsn({
        id: 'expired-1',
        returned: raw,
        headersOnly: true,
        recipients: [
          {
            final: 'expired@globex.example',
            action: 'failed',
            status: '4.4.7',
            diagnostic: 'delivery temporarily suspended: connect to mx.globex.example: Connection refused',
          },
        ],
      }),
      'expired-1',
    );
    const after = await getDelivery(a, delivery.id);
    expect(after.status).toBe('bounced');
    expect(after.error_message).toContain('expired@globex.example: 4.4.7 delivery temporarily suspended');
  });

  test('a copy (cc) that bounced is named and the delivery stays sent; once the addressee bounces too, it is bounced', async () => {
    const doc = await invoice(a, 'buyer@globex.example');
    const { delivery, raw } = await sent(a, doc.id, {
      to: ['buyer@globex.example'],
      cc: ['cfo@globex.example'],
    });
    const recipient = (final: string): Rcpt => ({
      final,
      action: 'failed',
      status: '5.1.1',
      diagnostic: `550 5.1.1 <${final}>: no such user`,
    });
    await bounced(dsn({ id: 'cc-1', returned: raw, recipients: [recipient('cfo@globex.example')] }), 'cc-1');
    const noted = await getDelivery(a, delivery.id);
    expect(noted.status).toBe('sent');
    expect(noted.error_message).toContain('cfo@globex.example: 550 5.1.1');
    await bounced(
      dsn({ id: 'to-1', returned: raw, recipients: [recipient('buyer@globex.example')] }),
      'to-1',
    );
    const after = await getDelivery(a, delivery.id);
    expect(after.status).toBe('bounced');
    expect(after.error_message).toContain('buyer@globex.example: 550 5.1.1');
    expect(after.error_message).toContain('cfo@globex.example: 550 5.1.1');
  });

  test("another account's delivery, or a Message-ID with a made-up domain, is not touched: the bounce stays in Failed as before", async () => {
    const theirs = await invoice(b, 'other@globex.example');
    const other = await sent(b, theirs.id, { to: ['other@globex.example'] });
    const failed: Rcpt[] = [
      { final: 'other@globex.example', action: 'failed', status: '5.1.1', diagnostic: '550 no such user' },
    ];
    const seen = await bounced(
      dsn({ id: 'foreign-1', returned: other.raw, recipients: failed }),
      'foreign-1',
    );
    expect((await getDelivery(b, other.delivery.id)).status).toBe('sent');
    expect(seen.failed).toHaveLength(1);
    expect(seen.noteFolder).toBe('Failed');
    expect(seen.note).toContain('a bounce');

    const ours = await invoice(a, 'mine@globex.example');
    const mine = await sent(a, ours.id, { to: ['mine@globex.example'] });
    const forged = mine.raw.replace(/Message-ID: <([^@>]+)@[^>]+>/i, 'Message-ID: <$1@elsewhere.example>');
    const guessed = await bounced(
      dsn({
        id: 'forged-1',
        returned: forged,
        headersOnly: true,
        recipients: [{ ...failed[0], final: 'mine@globex.example' } as Rcpt],
      }),
      'forged-1',
    );
    expect((await getDelivery(a, mine.delivery.id)).status).toBe('sent');
    expect(guessed.noteFolder).toBe('Failed');
  });

  test("a report naming none of the delivery's addresses changes nothing: a single addressee is not assumed, the report stays in Failed with a note", async () => {
    const doc = await invoice(a, 'einzig@globex.example');
    const { delivery, raw } = await sent(a, doc.id, { to: ['einzig@globex.example'] });
    // Written by anyone holding the mail (the customer, whoever got a copy): the right Message-ID, an
    // address of their choosing.
    const seen = await bounced(
      dsn({
        id: 'crafted-1',
        returned: raw,
        headersOnly: true,
        recipients: [
          {
            final: 'irgendwer@anderswo.example',
            action: 'failed',
            status: '5.1.1',
            diagnostic: '550 5.1.1 no such user',
          },
        ],
      }),
      'crafted-1',
    );
    expect(await getDelivery(a, delivery.id)).toEqual(delivery);
    expect(seen.processed).toHaveLength(0);
    expect(seen.failed).toHaveLength(1);
    expect(seen.noteFolder).toBe('Failed');
    expect(seen.note).toContain(delivery.id);
    expect(seen.note).toContain('names none of its recipients');
  });

  test("a bounce reported at a forward (Original-Recipient the delivery's address, Final-Recipient another) is recorded once and bounces the addressee", async () => {
    const doc = await invoice(a, 'buyer-fw@globex.example');
    const { delivery, raw } = await sent(a, doc.id, {
      to: ['buyer-fw@globex.example'],
      cc: ['cfo-fw@globex.example'],
    });
    const forwarded = (original: string, final: string, id: string) =>
      dsn({
        id,
        returned: raw,
        headersOnly: true,
        recipients: [
          { original, final, action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 no such user' },
        ],
      });
    await bounced(forwarded('cfo-fw@globex.example', 'cfo@privat.example', 'fw-1'), 'fw-1');
    const noted = await getDelivery(a, delivery.id);
    expect(noted.status).toBe('sent');
    expect(noted.error_message).toContain(
      'cfo-fw@globex.example (at cfo@privat.example): 550 5.1.1 no such user',
    );
    // Read again (moved back, delivered twice): nothing appended.
    const again = await bounced(forwarded('cfo-fw@globex.example', 'cfo@privat.example', 'fw-2'), 'fw-2');
    expect(await getDelivery(a, delivery.id)).toEqual(noted);
    expect(again.note).toContain('recorded already');
    // The addressee's forward, its address in another case: now bounced.
    await bounced(forwarded('Buyer-FW@Globex.example', 'buyer@privat.example', 'fw-3'), 'fw-3');
    const after = await getDelivery(a, delivery.id);
    expect(after.status).toBe('bounced');
    expect(after.error_message).toContain('buyer-fw@globex.example (at buyer@privat.example): ');
    expect(after.error_message.match(/cfo-fw@globex\.example \(at/g)).toHaveLength(1);
  });

  test('a delivery bounced at send time already is left as it is', async () => {
    const doc = await invoice(a, 'gone@globex.example');
    smtp.rejectRecipient('gone@globex.example', 550);
    const res = await sender.json(`/api/v1/documents/${doc.id}/send`, {
      method: 'POST',
      key: a.apiKey,
      body: { to: ['gone@globex.example'] },
    });
    await sender.jobs.runDue();
    smtp.acceptRecipient('gone@globex.example');
    const before = await getDelivery(a, res.body.data.id);
    expect(before.status).toBe('bounced');
    const returned = `Message-ID: <${before.id}@acme-handel.example>\r\nSubject: ${before.subject}\r\n\r\n`;
    const seen = await bounced(
      dsn({
        id: 'late-2',
        returned,
        headersOnly: true,
        recipients: [
          { final: 'gone@globex.example', action: 'failed', status: '5.1.1', diagnostic: '550 gone' },
        ],
      }),
      'late-2',
    );
    expect(await getDelivery(a, before.id)).toEqual(before);
    expect(seen.processed).toHaveLength(1);
    expect(seen.note).toContain('bounced already');
  });

  test('a reminder whose letter bounced later does not count: its level may be sent again to a corrected address', async () => {
    seq += 1;
    const email = `dun${seq}@globex.example`;
    const doc = await invoice(a, email);
    const first = await sender.json(`/api/v1/documents/${doc.id}/reminders`, {
      method: 'POST',
      key: a.apiKey,
    });
    expect(first.status).toBe(201);
    await sender.jobs.runDue();
    const deliveryId = first.body.data.delivery_id as string;
    expect((await getDelivery(a, deliveryId)).status).toBe('sent');
    // Before the bounce: the level is used up.
    expect(
      (
        await sender.json(`/api/v1/documents/${doc.id}/reminders`, {
          method: 'POST',
          key: a.apiKey,
          body: { level: 1 },
        })
      ).status,
    ).toBe(409);
    const mail = smtp.messages.find((m) => m.parsed.messageId?.startsWith(`<${deliveryId}@`));
    await bounced(
      dsn({
        id: 'dun-1',
        returned: mail?.raw.toString('latin1') ?? '',
        recipients: [
          { final: email, action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 user unknown' },
        ],
      }),
      'dun-1',
    );
    expect((await getDelivery(a, deliveryId)).status).toBe('bounced');
    const fixed = `fixed-${email}`;
    const patched = await sender.json(`/api/v1/customers/${doc.customerId}`, {
      method: 'PATCH',
      key: a.apiKey,
      body: { email: fixed },
    });
    expect(patched.status).toBe(200);
    const again = await sender.json(`/api/v1/documents/${doc.id}/reminders`, {
      method: 'POST',
      key: a.apiKey,
    });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ level: 1 });
  });
});
