// E-mail intake of messages as real mail programs and gateways write them: S/MIME-signed, quoted-printable
// XML, base64 folded oddly, file names as encoded words and RFC 2231, a forward inline, the same message
// twice, against a real IMAP server (test/dovecot.ts).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasDovecot, TestDovecot } from '../dovecot';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

setDefaultTimeout(60_000);

const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const ubl = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
const hybrid = readFileSync(join(EXAMPLES, 'facturx-pdf/EN16931_Einfach.pdf'));

/** A UBL example with its own invoice number and a seller name with umlauts: distinct bytes per test. */
const invoiceXml = (number: string) =>
  ubl.replace(/<cbc:ID>123456XX<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`);

const b64 = (bytes: Buffer | string, width = 76) =>
  (
    Buffer.from(bytes)
      .toString('base64')
      .match(new RegExp(`.{1,${width}}`, 'g')) ?? []
  ).join('\r\n');

/** Quoted-printable as RFC 2045 has it: =XX for 8-bit and '=', soft breaks under 76 characters. */
function qp(text: string): string {
  const bytes = Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === 13 && bytes[i + 1] === 10) {
      lines.push(line);
      line = '';
      i++;
      continue;
    }
    const piece =
      b === 61 || b > 126 || (b < 32 && b !== 9)
        ? `=${b.toString(16).toUpperCase().padStart(2, '0')}`
        : String.fromCharCode(b);
    if (line.length + piece.length > 75) {
      lines.push(`${line}=`);
      line = '';
    }
    line += piece;
  }
  lines.push(line);
  return lines.join('\r\n');
}

function head(subject: string, messageId: string, contentType: string): string {
  return [
    'From: =?UTF-8?Q?B=C3=BCrobedarf_M=C3=BCller?= <rechnung@mueller.example>',
    'To: eingang@firma.example',
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Date: Fri, 20 Nov 2026 10:30:00 +0100',
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ].join('\r\n');
}

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await Bun.sleep(100);
    value = await read();
  }
  return value;
}

describe.skipIf(!hasDovecot)('mail intake of oddly encoded messages', () => {
  let imap: TestDovecot;
  let server: TestServer;
  let account: TestAccount;
  const list = async () =>
    (await server.json('/api/v1/received-documents?limit=100', { key: account.apiKey })).body.data as any[];
  const byNumber = async (number: string) => (await list()).filter((d) => d.invoice_number === number);

  beforeAll(async () => {
    imap = await TestDovecot.start();
    server = await startServer({ imap: imap.env({ pollSeconds: 3600 }) });
    account = await makeAccount(server);
    await eventually(
      () => server.json('/ready'),
      (r) => r.body.mailbox?.last_checked_at !== null,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await imap?.stop();
  });

  test('an S/MIME-signed message (multipart/signed): its XRechnung taken, the signature passed over', async () => {
    const raw =
      `${head('Rechnung SIG-1', '<sig-1@mueller.example>', 'multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="sig"')}

This is an S/MIME signed message

--sig
Content-Type: multipart/mixed; boundary="mix"

--mix
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

Anbei die Rechnung.
--mix
Content-Type: application/xml; name="SIG-1.xml"
Content-Disposition: attachment; filename="SIG-1.xml"
Content-Transfer-Encoding: base64

${b64(invoiceXml('SIG-1'))}
--mix--

--sig
Content-Type: application/pkcs7-signature; name="smime.p7s"
Content-Transfer-Encoding: base64
Content-Disposition: attachment; filename="smime.p7s"

${b64(Buffer.alloc(600, 7))}
--sig--
`.replace(/\r?\n/g, '\r\n');
    await imap.deliver(raw);
    const docs = await eventually(
      () => byNumber('SIG-1'),
      (d) => d.length === 1,
    );
    expect(docs).toHaveLength(1);
    expect(docs[0].file_name).toBe('SIG-1.xml');
    const processed = await eventually(
      () => imap.messages('Processed'),
      (m) => m.some((x) => x.source.includes('<sig-1@')),
    );
    expect(processed.some((x) => x.source.includes('<sig-1@'))).toBe(true);
    expect((await imap.messages('Failed')).some((x) => x.source.includes('sig-1@'))).toBe(false);
  });

  test('quoted-printable XML and a name as an RFC 2047 encoded word: the bytes and the name as sent', async () => {
    const xml = invoiceXml('QP-1').replace('<cbc:Note>', '<cbc:Note>Bäckerstraße = Grüße; ');
    const raw =
      `${head('=?UTF-8?Q?Rechnung_QP-1_=E2=80=93_B=C3=BCrobedarf?=', '<qp-1@mueller.example>', 'multipart/mixed; boundary="b"')}

--b
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Sehr geehrte Damen und Herren, anbei die Rechnung.
--b
Content-Type: text/xml; charset=utf-8; name="=?UTF-8?Q?Rechnung_M=C3=BCller_QP-1.xml?="
Content-Disposition: attachment; filename="=?UTF-8?Q?Rechnung_M=C3=BCller_QP-1.xml?="
Content-Transfer-Encoding: quoted-printable

${qp(xml)}
--b--
`.replace(/\r?\n/g, '\r\n');
    await imap.deliver(raw);
    const docs = await eventually(
      () => byNumber('QP-1'),
      (d) => d.length === 1,
    );
    expect(docs).toHaveLength(1);
    expect(docs[0].file_name).toBe('Rechnung Müller QP-1.xml');
    expect(docs[0].email.subject).toBe('Rechnung QP-1 – Bürobedarf');
    expect(docs[0].email.from).toBe('Bürobedarf Müller <rechnung@mueller.example>');
    const original = await server.request(`/api/v1/received-documents/${docs[0].id}/original`, {
      key: account.apiKey,
    });
    expect(await original.text()).toBe(xml.replace(/\r?\n/g, '\r\n'));
  });

  test('base64 in one long line and with blanks, a name in RFC 2231 parts, octet-stream: taken', async () => {
    const raw = `${head('Rechnung B64-1', '<b64-1@mueller.example>', 'multipart/mixed; boundary="b"')}

--b
Content-Type: text/plain; charset=utf-8

Anbei.
--b
Content-Type: application/octet-stream
Content-Disposition: attachment;
 filename*0*=UTF-8''Rechnung%20B%C3%BC;
 filename*1*=robedarf%20B64-1.xml
Content-Transfer-Encoding: base64

${b64(invoiceXml('B64-1'), 1_000_000)}
--b
Content-Type: application/pdf; name="EN16931_Einfach.pdf"
Content-Transfer-Encoding: BASE64

${b64(hybrid, 64).replace(/\r\n/g, ' \r\n')}
--b--
`.replace(/\r?\n/g, '\r\n');
    await imap.deliver(raw);
    const docs = await eventually(
      () => byNumber('B64-1'),
      (d) => d.length === 1,
    );
    expect(docs.map((d) => d.file_name)).toEqual(['Rechnung Bürobedarf B64-1.xml']);
    const all = await eventually(list, (d) => d.some((x) => x.file_name === 'EN16931_Einfach.pdf'));
    expect(all.some((x) => x.file_name === 'EN16931_Einfach.pdf')).toBe(true);
  });

  test('the same message delivered twice: one document, both messages in Processed', async () => {
    const raw = `${head('Rechnung DUP-1', '<dup-1@mueller.example>', 'multipart/mixed; boundary="b"')}

--b
Content-Type: text/plain

Anbei.
--b
Content-Type: application/xml; name="DUP-1.xml"
Content-Transfer-Encoding: base64

${b64(invoiceXml('DUP-1'))}
--b--
`.replace(/\r?\n/g, '\r\n');
    await imap.deliver(raw);
    await eventually(
      () => byNumber('DUP-1'),
      (d) => d.length === 1,
    );
    await imap.deliver(raw);
    const processed = await eventually(
      () => imap.messages('Processed'),
      (m) => m.filter((x) => x.source.includes('<dup-1@')).length === 2,
    );
    expect(processed.filter((x) => x.source.includes('<dup-1@'))).toHaveLength(2);
    expect(await byNumber('DUP-1')).toHaveLength(1);
  });

  test("a bounce of the firm's own invoice mail (a DSN carrying it) is no supplier's invoice: Failed, not taken", async () => {
    const own = `${head('Rechnung OWN-1 von Firma GmbH', '<dlv_own1@invoice-service>', 'multipart/mixed; boundary="o"')}

--o
Content-Type: text/plain; charset=utf-8

Guten Tag, anbei erhalten Sie: Rechnung OWN-1
--o
Content-Type: application/xml; name="OWN-1.xml"
Content-Transfer-Encoding: base64

${b64(invoiceXml('OWN-1'))}
--o--
`;
    const raw = `From: Mail Delivery System <MAILER-DAEMON@mx.firma.example>
To: eingang@firma.example
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce-1@mx.firma.example>
Date: Fri, 20 Nov 2026 10:31:00 +0100
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="r"

--r
Content-Type: text/plain; charset=us-ascii

I'm sorry to have to inform you that your message could not be delivered.

<kunde@nirgendwo.example>: host mx.nirgendwo.example said: 550 5.1.1 no such user
--r
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.firma.example

Final-Recipient: rfc822; kunde@nirgendwo.example
Action: failed
Status: 5.1.1

--r
Content-Type: message/rfc822

${own}
--r--
`.replace(/\r?\n/g, '\r\n');
    await imap.deliver(raw);
    const failed = await eventually(
      () => imap.messages('Failed'),
      // The message and the note beside it.
      (m) => m.filter((x) => x.source.includes('<bounce-1@')).length === 2,
    );
    const bounce = failed.find((x) => x.source.includes('Message-ID: <bounce-1@'));
    expect(bounce?.flags.has('\\Flagged')).toBe(true);
    const note = failed.find((x) => /In-Reply-To: <bounce-1@/i.test(x.source));
    expect(note?.source).toContain('Not taken into the inbox: Undelivered Mail Returned to Sender');
    expect(note?.source).toContain('a bounce');
    expect(await byNumber('OWN-1')).toHaveLength(0);
    expect((await imap.messages('Processed')).some((x) => x.source.includes('<bounce-1@'))).toBe(false);
  });
});
