import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { documentBody } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

const FROM = 'billing@invoices.example';
const DAY = 86_400;

let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;
let unconfigured: TestServer;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-11-03T09:00:00.000Z'));
  server = await startServer({ clock, smtpUrl: smtp.url({ from: FROM }), startJobs: false });
  unconfigured = await startServer({ clock, startJobs: false });
});
afterAll(async () => {
  await server.stop();
  await unconfigured.stop();
  await smtp.stop();
});

interface Seller {
  profileId: string;
  customerId: string;
}

async function makeSeller(target: TestServer, account: TestAccount, profile: Record<string, unknown> = {}) {
  const biz = await makeBusinessProfile(target, account, {
    legal_name: 'Acme Trading Ltd',
    email: 'accounts@acme.example',
    ...profile,
  });
  const customer = await makeCustomer(target, account, { name: 'Globex GmbH', email: 'ap@globex.example' });
  return { profileId: biz.id, customerId: customer.id };
}

/** A document walked through `actions`, by default finalized and rendered (valid for a week). */
async function makeDoc(
  target: TestServer,
  account: TestAccount,
  seller: Seller,
  options: { overrides?: Record<string, unknown>; actions?: string[]; render?: number | null } = {},
) {
  const created = await target.json('/api/v1/documents', {
    method: 'POST',
    key: account.apiKey,
    body: documentBody(seller, options.overrides),
  });
  expect(created.status).toBe(200);
  for (const action of options.actions ?? ['finalize']) {
    const res = await target.json(`/api/v1/documents/${created.body.data.id}/${action}`, {
      method: 'POST',
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
  }
  let render: { id: string; download_url: string; expires_at: string } | null = null;
  if (options.render !== null) {
    const res = await target.json(`/api/v1/documents/${created.body.data.id}/renders`, {
      method: 'POST',
      key: account.apiKey,
      body: { expires_in: options.render ?? 7 * DAY },
    });
    expect(res.status).toBe(200);
    render = res.body.data;
  }
  return { doc: created.body.data, render };
}

const send = (target: TestServer, account: TestAccount, documentId: string, body: unknown) =>
  target.json(`/api/v1/documents/${documentId}/send`, { method: 'POST', key: account.apiKey, body });
const getDelivery = (account: TestAccount, id: string) =>
  server.json(`/api/v1/deliveries/${id}`, { key: account.apiKey });
const retry = (target: TestServer, account: TestAccount, id: string) =>
  target.json(`/api/v1/deliveries/${id}/retry`, { method: 'POST', key: account.apiKey });
const mailsFor = (address: string) => smtp.messages.filter((m) => m.envelope.to.includes(address));
/** Intl puts no-break spaces in amounts ("237,88\u00a0€"); compare with plain ones. */
const plainSpaces = (text: string | false | undefined) => (text || '').replace(/[\u00a0\u202f]/g, ' ');

const DELIVERY_FIELDS = [
  'attach_pdf',
  'bcc',
  'cc',
  'created_at',
  'error_message',
  'id',
  'invoice_id',
  'message',
  'render_id',
  'retry_of',
  'sent_at',
  'status',
  'subject',
  'to',
];

describe('sending a document by email', () => {
  test('en: queued, then sent with From, Reply-To, To, Cc, subject, body, link and the PDF bytes', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account);
    const { doc, render } = await makeDoc(server, account, seller);
    const res = await send(server, account, doc.id, {
      to: ['ap@globex.example'],
      cc: ['cfo@globex.example'],
      bcc: ['archive@acme.example'],
      message: 'Thank you for your order.\nPayment by bank transfer, please.',
    });
    expect(res.status).toBe(200);
    const queued = res.body.data;
    expect(Object.keys(queued).sort()).toEqual(DELIVERY_FIELDS);
    expect(queued).toMatchObject({
      invoice_id: doc.id,
      to: ['ap@globex.example'],
      cc: ['cfo@globex.example'],
      bcc: ['archive@acme.example'],
      subject: `Invoice ${doc.number} from Acme Trading Ltd`,
      attach_pdf: true,
      status: 'queued',
      render_id: render?.id,
      error_message: null,
      retry_of: null,
      sent_at: null,
    });
    expect(queued.id).toMatch(/^dlv_/);

    expect(await server.jobs.runDue()).toBe(1);
    const sent = (await getDelivery(account, queued.id)).body.data;
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).toBe(clock.now().toISOString());
    expect(sent.error_message).toBeNull();

    const [mail, ...more] = mailsFor('ap@globex.example');
    expect(more).toHaveLength(0);
    if (!mail) throw new Error('no mail received');
    const parsed = mail.parsed;
    expect(mail.envelope.from).toBe(FROM);
    expect(mail.envelope.to.sort()).toEqual([
      'ap@globex.example',
      'archive@acme.example',
      'cfo@globex.example',
    ]);
    expect(parsed.from?.text).toBe(FROM);
    expect(parsed.replyTo?.text).toBe('accounts@acme.example');
    expect(parsed.subject).toBe(`Invoice ${doc.number} from Acme Trading Ltd`);
    // The sender's domain on the right (RFC 5322 3.6.4), not a name that is none.
    expect(parsed.messageId).toBe(`<${queued.id}@invoices.example>`);
    expect(parsed.headers.get('to')).toMatchObject({ text: 'ap@globex.example' });
    expect(parsed.headers.get('cc')).toMatchObject({ text: 'cfo@globex.example' });
    // Bcc goes in the envelope only: no header names it.
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(mail.raw.toString('latin1').toLowerCase()).not.toContain('archive@acme.example');

    const text = plainSpaces(parsed.text);
    expect(text).toStartWith('Hello,\n\nPlease find attached: Invoice');
    expect(text).toContain(`Invoice ${doc.number}`);
    expect(text).toContain('Amount due: €237.88');
    expect(text).toContain('Due date: Dec 2, 2026');
    expect(text).toContain('Thank you for your order.\nPayment by bank transfer, please.');
    expect(text).toContain(`Download the PDF:\n${render?.download_url}\n`);
    expect(text).toContain('The link is valid until Nov 10, 2026, 9:00 AM UTC.');
    expect(text).toEndWith('Kind regards,\nAcme Trading Ltd\n');

    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toBe(`${doc.number}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    const download = await server.request(`/api/v1/renders/${render?.id}/download`, { key: account.apiKey });
    const pdf = new Uint8Array(await download.arrayBuffer());
    expect(pdf.length).toBeGreaterThan(1000);
    expect(new Uint8Array(attachment?.content ?? [])).toEqual(pdf);

    // The request leaves the document finalized (SPEC 3: finalized | send | finalized); the mail out, an
    // invoice is sent (issue 36: "Senden" leaves it "Versendet", as mark-sent would).
    const after = await server.json(`/api/v1/documents/${doc.id}`, { key: account.apiKey });
    expect(after.body.data.status).toBe('sent');
  });

  test('de: subject and body in the document locale; attach_pdf false links instead of attaching', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account, { legal_name: 'Müller & Söhne GmbH', email: null });
    const { doc, render } = await makeDoc(server, account, seller, { overrides: { locale: 'de-DE' } });
    const res = await send(server, account, doc.id, { to: ['einkauf@kunde.example'], attach_pdf: false });
    expect(res.status).toBe(200);
    expect(res.body.data.subject).toBe(`Rechnung ${doc.number} von Müller & Söhne GmbH`);
    expect(res.body.data.attach_pdf).toBe(false);
    await server.jobs.runDue();

    const [mail] = mailsFor('einkauf@kunde.example');
    if (!mail) throw new Error('no mail received');
    expect(mail.parsed.subject).toBe(`Rechnung ${doc.number} von Müller & Söhne GmbH`);
    expect(mail.parsed.replyTo).toBeUndefined();
    const text = plainSpaces(mail.parsed.text);
    expect(text).toStartWith(`Guten Tag,\n\nIhr Dokument steht bereit: Rechnung ${doc.number}\n\n`);
    expect(text).toContain('Zu zahlen: 237,88 €');
    expect(text).toContain('Fällig am: 02.12.2026');
    expect(text).toContain(`PDF herunterladen:\n${render?.download_url}\n`);
    expect(text).toContain('Der Link ist gültig bis');
    expect(text).toEndWith('Mit freundlichen Grüßen\nMüller & Söhne GmbH\n');
    expect(mail.parsed.attachments).toHaveLength(0);

    // The link in the email works with no credentials at all.
    const link = await fetch(render?.download_url ?? '');
    expect(link.status).toBe(200);
    expect(link.headers.get('content-type')).toBe('application/pdf');
  });

  test('the business profile locale applies when the document has none; other types say what they are', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account, { legal_name: 'Orange SARL', default_locale: 'fr-FR' });
    const invoice = await makeDoc(server, account, seller);
    const res = await send(server, account, invoice.doc.id, { to: ['compta@client.example'] });
    expect(res.body.data.subject).toBe(`Facture ${invoice.doc.number} d’Orange SARL`);
    const quote = await makeDoc(server, account, seller, {
      overrides: { document_type: 'quote', locale: 'en-GB', valid_until: '2026-12-20' },
    });
    const quoted = await send(server, account, quote.doc.id, { to: ['compta@client.example'] });
    expect(quoted.body.data.subject).toBe(`Quote ${quote.doc.number} from Orange SARL`);
    await server.jobs.runDue();
    const texts = mailsFor('compta@client.example').map((m) => plainSpaces(m.parsed.text));
    expect(texts.some((t) => t.startsWith('Bonjour,') && t.includes('Montant dû : 237,88 €'))).toBe(true);
    // A quote's date is how long it holds (its valid_until), as its PDF says: not a due date.
    expect(texts.some((t) => t.includes('Total: €237.88\nValid until: 20 Dec 2026'))).toBe(true);
    expect(texts.some((t) => t.includes('Due date'))).toBe(false);
  });

  test('a final invoice paid beyond its total by its Abschläge: the mail says what is paid back, as its PDF, with no due date', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account, {
      legal_name: 'Müller Bau GmbH',
      default_locale: 'de-DE',
    });
    const final = await makeDoc(server, account, seller, {
      overrides: { type_code: '877', prepaid_amount: '300.00', locale: 'de-DE' },
    });
    expect(final.doc.totals.amount_due.amount).toBe('-62.12');
    const res = await send(server, account, final.doc.id, { to: ['bauherr@example.de'] });
    expect(res.status).toBe(200);
    await server.jobs.runDue();
    const text = plainSpaces(mailsFor('bauherr@example.de')[0]?.parsed.text ?? '');
    expect(text).toContain('Zu erstatten: 62,12 €');
    expect(text).not.toContain('-62');
    expect(text).not.toContain('Fällig');
  });

  test('a subject given by the client is used as it is', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account);
    const { doc } = await makeDoc(server, account, seller);
    const res = await send(server, account, doc.id, {
      to: ['x@globex.example'],
      subject: 'Your invoice — ünïcødé',
    });
    expect(res.body.data.subject).toBe('Your invoice — ünïcødé');
    await server.jobs.runDue();
    expect(mailsFor('x@globex.example')[0]?.parsed.subject).toBe('Your invoice — ünïcødé');
  });
});

describe('addresses with an umlaut domain', () => {
  test('a customer at müller-gmbh.de is taken as typed and mailed at its ASCII form; an umlaut local part is not', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account);
    const customer = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Müller GmbH', email: 'rechnung@müller-gmbh.de' },
    });
    expect([customer.status, customer.body.data?.email]).toEqual([200, 'rechnung@müller-gmbh.de']);
    const refused = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Jürgen', email: 'jürgen@example.de' },
    });
    expect([refused.status, refused.body.error.details.fields[0].loc]).toEqual([422, 'body.email']);
    const { doc } = await makeDoc(server, account, seller);
    const res = await send(server, account, doc.id, { to: ['buchhaltung@müller-gmbh.de'] });
    expect([res.status, res.body.data.to]).toEqual([200, ['buchhaltung@müller-gmbh.de']]);
    await server.jobs.runDue();
    // The server names the recipient in Unicode again (smtp-server decodes it); the message says it in ASCII.
    const [mail] = mailsFor('buchhaltung@müller-gmbh.de');
    expect(new TextDecoder().decode(mail?.raw).match(/^To: .*$/m)?.[0]).toBe(
      'To: buchhaltung@xn--mller-gmbh-9db.de',
    );
    expect((await getDelivery(account, res.body.data.id)).body.data.status).toBe('sent');
  });
});

describe('as served', () => {
  test('with the job runtime polling, as `serve` runs it, a send goes out without anyone calling runDue', async () => {
    const live = await startServer({ smtpUrl: smtp.url({ from: FROM }) });
    try {
      const account = await makeAccount(live);
      const seller = await makeSeller(live, account);
      const { doc } = await makeDoc(live, account, seller);
      const res = await send(live, account, doc.id, { to: ['live@globex.example'] });
      let status = res.body.data.status;
      for (let i = 0; i < 100 && status === 'queued'; i++) {
        await Bun.sleep(50);
        status = (await live.json(`/api/v1/deliveries/${res.body.data.id}`, { key: account.apiKey })).body
          .data.status;
      }
      expect(status).toBe('sent');
      expect(mailsFor('live@globex.example')).toHaveLength(1);
    } finally {
      await live.stop();
    }
  });
});

describe('client retries', () => {
  test('the same Idempotency-Key replays the first delivery instead of emailing twice', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account);
    const { doc } = await makeDoc(server, account, seller);
    const init = {
      method: 'POST',
      key: account.apiKey,
      body: { to: ['idem@globex.example'] },
      headers: { 'idempotency-key': `send-${doc.id}` },
    };
    const first = await server.json(`/api/v1/documents/${doc.id}/send`, init);
    const second = await server.json(`/api/v1/documents/${doc.id}/send`, init);
    expect(second.body).toEqual(first.body);
    await server.jobs.runDue();
    expect(mailsFor('idem@globex.example')).toHaveLength(1);
    const list = await server.json(`/api/v1/documents/${doc.id}/deliveries`, { key: account.apiKey });
    expect(list.body.data).toHaveLength(1);
  });
});

describe('what send refuses', () => {
  test('501 not_configured without SMTP_URL, for send and retry; nothing is stored', async () => {
    const account = await makeAccount(unconfigured);
    const seller = await makeSeller(unconfigured, account);
    const { doc } = await makeDoc(unconfigured, account, seller);
    const res = await send(unconfigured, account, doc.id, { to: ['ap@globex.example'] });
    expect(res.status).toBe(501);
    expect(res.body.error).toMatchObject({ code: 'not_configured', status: 501 });
    expect(res.body.error.message).toContain('SMTP_URL');
    const retried = await retry(unconfigured, account, 'dlv_whatever');
    expect(retried.status).toBe(501);
    const list = await unconfigured.json(`/api/v1/documents/${doc.id}/deliveries`, { key: account.apiKey });
    expect(list.body.data).toEqual([]);
    expect(await unconfigured.jobs.runDue()).toBe(0);
  });

  test('501 when SMTP_URL names no sender (no ?from= and no user name that is an address)', async () => {
    const noFrom = await startServer({ smtpUrl: smtp.url(), startJobs: false });
    try {
      const account = await makeAccount(noFrom);
      const seller = await makeSeller(noFrom, account);
      const { doc } = await makeDoc(noFrom, account, seller);
      const res = await send(noFrom, account, doc.id, { to: ['ap@globex.example'] });
      expect(res.status).toBe(501);
      expect(res.body.error.message).toContain('?from=');
    } finally {
      await noFrom.stop();
    }
  });

  test('409 for a draft, a void document and no render; 404 for an unknown document; an expired render sends the kept original', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account);
    const to = { to: ['ap@globex.example'] };
    const draft = await makeDoc(server, account, seller, { actions: [], render: null });
    const drafted = await send(server, account, draft.doc.id, to);
    expect(drafted.status).toBe(409);
    expect(drafted.body.error.message).toContain("'draft'");
    const voided = await makeDoc(server, account, seller, { actions: ['finalize', 'void'], render: null });
    const voidRes = await send(server, account, voided.doc.id, to);
    expect(voidRes.status).toBe(409);
    expect(voidRes.body.error.details).toEqual({ status: 'void' });
    const unrendered = await makeDoc(server, account, seller, { render: null });
    const noRender = await send(server, account, unrendered.doc.id, to);
    expect(noRender.status).toBe(409);
    expect(noRender.body.error.message).toContain('render the document first');
    expect((await send(server, account, 'doc_missing', to)).status).toBe(404);
    expect(await server.jobs.runDue()).toBe(0);
    // Issue 39 (docs/renders.md): once its render expired, the document's PDF as issued is still kept, and
    // the send links it through a new render of it (it answered 409 "render first" before).
    const shortLived = await makeDoc(server, account, seller, { render: 60 });
    clock.advance(61_000);
    const expired = await send(server, account, shortLived.doc.id, to);
    expect(expired.status).toBe(200);
    expect(expired.body.data.render_id).not.toBe(shortLived.render?.id);
    expect(await server.jobs.runDue()).toBe(1);
    const sent = await server.json(`/api/v1/deliveries/${expired.body.data.id}`, { key: account.apiKey });
    expect(sent.body.data.status).toBe('sent');
  });

  test('422 with paths: addresses, header injection through CR/LF, sizes, unknown fields', async () => {
    const account = await makeAccount(server);
    const seller = await makeSeller(server, account);
    const { doc } = await makeDoc(server, account, seller);
    const cases: [unknown, string][] = [
      [{}, 'body.to'],
      [{ to: [] }, 'body.to'],
      [{ to: ['not-an-address'] }, 'body.to.0'],
      [{ to: ['ap@globex.example\r\nBcc: victim@elsewhere.example'] }, 'body.to.0'],
      [{ to: ['ap@globex.example'], cc: ['a@globex.example, b@globex.example'] }, 'body.cc.0'],
      [{ to: ['ap@globex.example'], bcc: ['Globex AP <ap@globex.example>'] }, 'body.bcc.0'],
      [{ to: ['ap@globex.example'], subject: 'Invoice\r\nBcc: victim@elsewhere.example' }, 'body.subject'],
      [{ to: ['ap@globex.example'], subject: 'Invoice\nX-Injected: yes' }, 'body.subject'],
      [{ to: ['ap@globex.example'], subject: '   ' }, 'body.subject'],
      [{ to: ['ap@globex.example'], subject: 'x'.repeat(999) }, 'body.subject'],
      [{ to: ['ap@globex.example'], message: 'x'.repeat(10_001) }, 'body.message'],
      [{ to: ['ap@globex.example'], attach_pdf: 'yes' }, 'body.attach_pdf'],
      [{ to: ['ap@globex.example'], reply_to: 'x@globex.example' }, 'body.reply_to'],
      [
        {
          to: Array.from({ length: 30 }, (_, i) => `to${i}@globex.example`),
          cc: Array.from({ length: 21 }, (_, i) => `cc${i}@globex.example`),
        },
        'body',
      ],
    ];
    for (const [body, loc] of cases) {
      const res = await send(server, account, doc.id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(res.body.error.code).toBe('unprocessable_entity');
      expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(loc);
    }
    const list = await server.json(`/api/v1/documents/${doc.id}/deliveries`, { key: account.apiKey });
    expect(list.body.data).toEqual([]);
  });
});
