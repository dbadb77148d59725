// A mailed e-invoice with an amount the data cannot hold (21 digits) against a real IMAP server (dovecot):
// the reader refuses it (src/einvoicing/receive/held-values.ts), so the message goes to Failed at once with
// a note naming the element and why, nothing is kept, and it is never tried again, on SQLite and PostgreSQL
// alike (the PostgreSQL lane runs this file). Before: SQLite kept it (and its reads answered 500 from then
// on); on PostgreSQL the database's refusal was no refusal of the file: the message stayed in the folder as
// the service's own failure, tried again each sweep, and went to Failed only after five, as "the service
// failed 5 times taking it" (both seen failing here before the reader's fix).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { hasDovecot, TestDovecot } from '../dovecot';
import { makeAccount, type TestAccount } from '../factories';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';

setDefaultTimeout(60_000);

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await Bun.sleep(100);
    value = await read();
  }
  return value;
}

const BIG = '100000000000000000000.2';

describe.skipIf(!hasDovecot)('a mailed e-invoice with an amount of 21 digits', () => {
  let imap: TestDovecot;
  let server: TestServer;
  let account: TestAccount;

  beforeAll(async () => {
    imap = await TestDovecot.start();
    server = await startServer({ rulesetsDir: null, imap: imap.env({ pollSeconds: 3600 }) });
    account = await makeAccount(server);
  });
  afterAll(async () => {
    await server?.stop();
    await imap?.stop();
  });

  test('goes to Failed at once with a note naming the element; nothing kept; the reports answer', async () => {
    const xml = readFileSync(
      join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.10a-INVOICE_ubl.xml'),
      'utf8',
    )
      .replace('<cbc:ID>Rechnungsnummer</cbc:ID>', '<cbc:ID>MAIL-BIG-1</cbc:ID>')
      .replaceAll('2594.2', BIG);
    const raw = await new MailComposer({
      from: 'Lieferant GmbH <rechnung@lieferant.example>',
      to: 'eingang@firma.example',
      subject: 'Rechnung MAIL-BIG-1',
      messageId: '<big-1@lieferant.example>',
      date: new Date('2026-11-20T09:30:00Z'),
      text: 'Anbei unsere Rechnung.',
      attachments: [{ filename: 'RE-BIG.xml', content: Buffer.from(xml), contentType: 'application/xml' }],
    })
      .compile()
      .build();
    await imap.deliver(raw);
    const failed = await eventually(
      () => imap.messages('Failed'),
      (m) => m.length === 2,
    );
    expect(failed).toHaveLength(2);
    expect(await imap.messages('INBOX')).toHaveLength(0);
    const [note] = await Promise.all(
      failed.filter((m) => m.source.includes('into the inbox: ')).map((m) => simpleParser(m.source)),
    );
    const lines = (note?.text ?? '').split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      `- RE-BIG.xml: The e-invoice cannot be read: cbc:TaxInclusiveAmount on line 128 holds "${BIG}", which has more than the 15 digits before the decimal point the service keeps`,
    ]);
    const list = await server.json('/api/v1/received-documents?limit=100', { key: account.apiKey });
    expect(list.body.data).toEqual([]);
    expect((await server.json('/api/v1/reports/payables', { key: account.apiKey })).status).toBe(200);
  });
});
