import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { documentBody } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';

const FROM = 'billing@invoices.example';
const IBAN = 'DE89 3704 0044 0532 0130 00';

let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;
let unconfigured: TestServer;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  // 2026-12-20: an invoice due 2026-12-02 is 18 days overdue.
  clock = new FakeClock(new Date('2026-12-20T09:00:00.000Z'));
  server = await startServer({ clock, smtpUrl: smtp.url({ from: FROM }), startJobs: false });
  unconfigured = await startServer({ clock, startJobs: false });
});
afterAll(async () => {
  await server.stop();
  await unconfigured.stop();
  await smtp.stop();
});

interface Setup {
  account: TestAccount;
  profileId: string;
  customerId: string;
  email: string;
}

let seq = 0;
async function setup(target: TestServer = server, locale = 'de-DE'): Promise<Setup> {
  const account = await makeAccount(target);
  const biz = await makeBusinessProfile(target, account, {
    legal_name: 'Acme Handel GmbH',
    email: 'buchhaltung@acme.example',
    default_locale: locale,
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    bank_account: { iban: IBAN, bic: 'COBADEFFXXX' },
  });
  seq += 1;
  const email = `ap${seq}@globex.example`;
  const customer = await makeCustomer(target, account, { name: 'Globex GmbH', email });
  return { account, profileId: biz.id, customerId: customer.id, email };
}

const call = async (s: Setup, method: string, path: string, body?: unknown, target: TestServer = server) =>
  await target.json(path, { method, key: s.account.apiKey, body });

/** 10 x 9.99 + 100.00 at 19 % VAT: 237.88 EUR, due 2026-12-02. */
async function invoice(s: Setup, actions: string[] = ['finalize'], overrides: Record<string, unknown> = {}) {
  const created = await call(s, 'POST', '/api/v1/documents', documentBody(s, overrides));
  expect(created.status).toBe(200);
  for (const action of actions) {
    const res = await call(s, 'POST', `/api/v1/documents/${created.body.data.id}/${action}`);
    expect(res.body.error ?? null).toBeNull();
  }
  return created.body.data as { id: string; number: string };
}

const remind = async (s: Setup, id: string, body?: unknown) =>
  await call(s, 'POST', `/api/v1/documents/${id}/reminders`, body);
const mailsTo = (address: string) => smtp.messages.filter((m) => m.envelope.to.includes(address));
/** Intl puts no-break spaces in amounts; pdftotext draws ligatures ("ff"); compare plain text. */
const plain = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\ufb00/g, 'ff')
    .replace(/\ufb01/g, 'fi')
    .replace(/\s+/g, ' ');

const POLICY = {
  enabled: true,
  levels: [
    {
      days_after_due: 7,
      fee: '2.5',
      subject: 'Zahlungserinnerung {number}',
      message: 'Offen: {amount_due}, Gebühr {fee}, zusammen {total}, fällig am {due_date}.',
    },
    {
      days_after_due: 14,
      fee: '5.00',
      subject: '1. Mahnung {number}',
      message: 'Bitte zahlen Sie {total} bis {pay_by}.',
    },
  ],
};

describe('the dunning policy', () => {
  test('GET answers the German defaults, disabled, until one is saved; PUT replaces it and GET reads it back', async () => {
    const s = await setup();
    const before = await call(s, 'GET', '/api/v1/dunning-policy');
    expect(before.status).toBe(200);
    expect(before.body.data.enabled).toBe(false);
    expect(before.body.data.updated_at).toBeNull();
    expect(before.body.data.levels.map((l: { subject: string }) => l.subject)).toEqual([
      'Zahlungserinnerung {number}',
      '1. Mahnung {number}',
      '2. Mahnung {number}',
    ]);
    expect(before.body.data.levels.map((l: { fee: string }) => l.fee)).toEqual(['0.00', '5.00', '10.00']);
    const put = await call(s, 'PUT', '/api/v1/dunning-policy', POLICY);
    expect(put.status).toBe(200);
    expect(put.body.data.levels[0].fee).toBe('2.50');
    const after = await call(s, 'GET', '/api/v1/dunning-policy');
    expect(after.body.data).toMatchObject({ enabled: true, levels: [{ fee: '2.50' }, { fee: '5.00' }] });
    expect(after.body.data.updated_at).toBe('2026-12-20T09:00:00.000Z');
    // Another account still has the defaults.
    const other = await setup();
    expect((await call(other, 'GET', '/api/v1/dunning-policy')).body.data.enabled).toBe(false);
  });

  test("a member's key may read the policy but not change it (403 naming resources:write_all); an admin's may", async () => {
    const s = await setup();
    const post = async (path: string, body: unknown) =>
      (await server.json(path, { method: 'POST', key: s.account.apiKey, body })).body.data;
    const ws = (await post('/api/v1/workspaces', { name: 'Buchhaltung' })).id;
    const keyOf = async (role: string, email: string) => {
      const members = await post(`/api/v1/workspaces/${ws}/members`, { email, role });
      const id = members.find((m: { email: string }) => m.email === email).id;
      return (await post('/api/v1/api-keys', { workspace_member_id: id, name: email })).api_key as string;
    };
    const memberKey = await keyOf('member', `m${seq}@acme.example`);
    const adminKey = await keyOf('admin', `a${seq}@acme.example`);
    expect((await server.json('/api/v1/dunning-policy', { key: memberKey })).status).toBe(200);
    const refused = await server.json('/api/v1/dunning-policy', {
      method: 'PUT',
      key: memberKey,
      body: POLICY,
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body.error)).toContain('resources:write_all');
    expect((await call(s, 'GET', '/api/v1/dunning-policy')).body.data.enabled).toBe(false);
    const allowed = await server.json('/api/v1/dunning-policy', {
      method: 'PUT',
      key: adminKey,
      body: POLICY,
    });
    expect(allowed.status).toBe(200);
  });

  const level = (over: Record<string, unknown> = {}) => ({
    days_after_due: 7,
    fee: '0',
    subject: 'S',
    message: 'M',
    ...over,
  });
  const cases: [string, unknown, string][] = [
    ['no levels', { enabled: true, levels: [] }, 'body.levels'],
    [
      'five levels',
      { enabled: true, levels: [1, 2, 3, 4, 5].map((d) => level({ days_after_due: d })) },
      'body.levels',
    ],
    [
      'days not ascending',
      { enabled: true, levels: [level({ days_after_due: 14 }), level({ days_after_due: 14 })] },
      'body.levels.1.days_after_due',
    ],
    ['a negative fee', { enabled: true, levels: [level({ fee: '-1.00' })] }, 'body.levels.0.fee'],
    ['a fee that is no decimal', { enabled: true, levels: [level({ fee: 'five' })] }, 'body.levels.0.fee'],
    ['a fee with three decimals', { enabled: true, levels: [level({ fee: '1.005' })] }, 'body.levels.0.fee'],
    ['a fee as a JSON number', { enabled: true, levels: [level({ fee: 5 })] }, 'body.levels.0.fee'],
    [
      'a subject of two lines',
      { enabled: true, levels: [level({ subject: 'a\nb' })] },
      'body.levels.0.subject',
    ],
    [
      'an unknown placeholder',
      { enabled: true, levels: [level({ message: 'Hallo {kunde}' })] },
      'body.levels.0.message',
    ],
    [
      'a placeholder in capitals or with a space',
      {
        enabled: true,
        levels: [level({ subject: 'Mahnung {Rechnungsnummer}', message: 'Offen: {total }' })],
      },
      'body.levels.0.subject',
    ],
    [
      'negative days',
      { enabled: true, levels: [level({ days_after_due: -1 })] },
      'body.levels.0.days_after_due',
    ],
    ['an unknown field', { enabled: true, levels: [level()], extra: 1 }, 'body'],
    ['no enabled', { levels: [level()] }, 'body.enabled'],
  ];
  for (const [name, body, loc] of cases) {
    test(`422 for ${name}, naming ${loc}; the policy is unchanged`, async () => {
      const s = await setup();
      const res = await call(s, 'PUT', '/api/v1/dunning-policy', body);
      expect(res.status).toBe(422);
      const locs = res.body.error.details.fields.map((f: { loc: string }) => f.loc);
      expect(
        locs.some(
          (l: string) => l === loc || l.startsWith(`${loc}.`) || (loc === 'body' && l.startsWith('body')),
        ),
      ).toBe(true);
      expect((await call(s, 'GET', '/api/v1/dunning-policy')).body.data.updated_at).toBeNull();
    });
  }
});

describe('sending a reminder', () => {
  test('201, then e-mailed with the letter (number, amount due, fee) and the invoice PDF; listed on the invoice', async () => {
    const s = await setup();
    await call(s, 'PUT', '/api/v1/dunning-policy', POLICY);
    const doc = await invoice(s);
    // A partial payment: 37.88 of 237.88 paid, 200.00 still due.
    const paid = await call(s, 'POST', `/api/v1/documents/${doc.id}/payments`, {
      amount: '37.88',
      date: '2026-12-10',
    });
    expect(paid.status).toBe(201);
    const res = await remind(s, doc.id);
    expect(res.status).toBe(201);
    const reminder = res.body.data;
    expect(Object.keys(reminder).sort()).toEqual(
      [
        'amount_due',
        'created_at',
        'currency',
        'delivery_id',
        'document_id',
        'fee',
        'id',
        'level',
        'pay_by',
      ].sort(),
    );
    expect(reminder).toMatchObject({
      document_id: doc.id,
      level: 1,
      fee: '2.50',
      amount_due: '200.00',
      pay_by: '2027-01-03',
    });
    expect(reminder.id).toStartWith('rem_');
    expect(reminder.delivery_id).toStartWith('dlv_');

    await server.jobs.runDue();
    const [mail, ...more] = mailsTo(s.email);
    expect(more).toHaveLength(0);
    expect(mail?.parsed.subject).toBe(`Zahlungserinnerung ${doc.number}`);
    const attachments = mail?.parsed.attachments ?? [];
    expect(attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(attachments.map((a) => a.filename)).toEqual([
      `Zahlungserinnerung ${doc.number}.pdf`,
      `${doc.number}.pdf`,
    ]);
    const letter = await inspectPdf(new Uint8Array(attachments[0]?.content ?? []));
    const text = plain(letter.text);
    expect(text).toContain(doc.number);
    expect(text).toContain('Offen: 200,00 €, Gebühr 2,50 €, zusammen 202,50 €, fällig am 02.12.2026.');
    expect(text).toContain('Offener Betrag 200,00 €');
    expect(text).toContain('Mahngebühr 2,50 €');
    expect(text).toContain('Zahlbar bis 03.01.2027');
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    const invoicePdf = await inspectPdf(new Uint8Array(attachments[1]?.content ?? []));
    expect(plain(invoicePdf.text)).toContain('Rechnung');
    expect(plain(invoicePdf.text)).toContain('237,88 €');
    expect(plain(mail?.parsed.text ?? '')).toContain('Offen: 200,00 €');
    // The mail's facts are the letter's: the total with the fee, due by the letter's date (issue 36).
    expect(plain(mail?.parsed.text ?? '')).toContain('Zu zahlen: 202,50 € Fällig am: 03.01.2027');

    const delivery = await call(s, 'GET', `/api/v1/deliveries/${reminder.delivery_id}`);
    expect(delivery.body.data).toMatchObject({ status: 'sent', to: [s.email], invoice_id: doc.id });
    const list = await call(s, 'GET', `/api/v1/documents/${doc.id}/reminders`);
    expect(list.body.data).toEqual([reminder]);

    // A one-off text is checked as the policy's are; nothing is sent for it.
    const unknown = await remind(s, doc.id, { to: ['cfo@globex.example'], message: 'Rechnung {Nummer}' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details.fields[0]).toMatchObject({ loc: 'body.message' });
    expect(unknown.body.error.details.fields[0].msg).toContain('{Nummer}');
    // The next one is level 2 by default; then every level is sent (409).
    const second = await remind(s, doc.id, { to: ['cfo@globex.example'], message: 'Letzte Bitte: {total}.' });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ level: 2, fee: '5.00' });
    await server.jobs.runDue();
    const secondLetter = await inspectPdf(
      new Uint8Array(mailsTo('cfo@globex.example')[0]?.parsed.attachments[0]?.content ?? []),
    );
    expect(plain(secondLetter.text)).toContain('Letzte Bitte: 205,00 €.');
    const third = await remind(s, doc.id);
    expect(third.status).toBe(409);
    expect(
      (await call(s, 'GET', `/api/v1/documents/${doc.id}/reminders`)).body.data.map(
        (r: { level: number }) => r.level,
      ),
    ).toEqual([2, 1]);
  });

  // A reminder is no new invoice: by default it carries the letter and the invoice's PDF as a copy to read,
  // not the XML an authority's e-invoice intake would register a second time (docs/dunning.md); asked for
  // with attach_einvoice, the XRechnung goes beside them.
  test('a customer who needs an XRechnung gets it with the reminder when asked, beside the letter and the PDF', async () => {
    const s = await setup();
    await call(s, 'PATCH', `/api/v1/business-profiles/${s.profileId}`, {
      tax_id: 'DE123456789',
      electronic_address: { scheme: '9930', value: 'DE123456789' },
      phone: '+49 30 1234567',
    });
    const customer = await makeCustomer(server, s.account, {
      name: 'Bundesamt für Beispiele',
      email: 'eingang@bundesamt.example',
      billing_address: { line1: 'Am Amt 1', city: 'Bonn', postal_code: '53113', country: 'DE' },
      electronic_address: { scheme: '0204', value: '991-12345-67' },
      einvoice_profile: 'xrechnung_ubl',
    });
    const doc = await invoice({ ...s, customerId: customer.id }, ['finalize'], {
      delivery_date: '2026-11-01',
      tax_scheme: 'VAT',
    });
    const res = await remind(s, doc.id, { attach_einvoice: true });
    expect(res.status).toBe(201);
    await server.jobs.runDue();
    const [mail] = mailsTo('eingang@bundesamt.example');
    expect(mail?.parsed.attachments.map((a) => a.filename)).toEqual([
      `Zahlungserinnerung ${doc.number}.pdf`,
      `${doc.number}.pdf`,
      `${doc.number}.xml`,
    ]);
    expect(mail?.parsed.attachments[2]?.content.toString()).toContain(`<cbc:ID>${doc.number}</cbc:ID>`);
  });

  test('in English with the default policy: the English defaults, the letter in English', async () => {
    const s = await setup(server, 'en-GB');
    const doc = await invoice(s);
    const res = await remind(s, doc.id);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ level: 1, fee: '0.00', amount_due: '237.88' });
    await server.jobs.runDue();
    const [mail] = mailsTo(s.email);
    expect(mail?.parsed.subject).toBe(`Payment reminder ${doc.number}`);
    const text = plain((await inspectPdf(new Uint8Array(mail?.parsed.attachments[0]?.content ?? []))).text);
    expect(text).toContain('Amount outstanding €237.88');
    expect(text).toContain('Please pay by 3 Jan 2027');
    expect(text).not.toContain('Reminder fee');
  });

  test("the letter wears the template of the invoice's PDF", async () => {
    const s = await setup();
    const doc = await invoice(s);
    const render = await call(s, 'POST', `/api/v1/documents/${doc.id}/renders`, {
      template_id: 'tpl_classic',
    });
    expect(render.status).toBe(200);
    expect((await remind(s, doc.id)).status).toBe(201);
    await server.jobs.runDue();
    const [mail] = mailsTo(s.email);
    const text = plain((await inspectPdf(new Uint8Array(mail?.parsed.attachments[0]?.content ?? []))).text);
    // Classic sets its title in capitals; Modern, the default, does not.
    expect(text).toContain(`ZAHLUNGSERINNERUNG ${doc.number}`);
  });

  test('two senders of the same level at once: one 201, one 409, one reminder (the unique index)', async () => {
    const s = await setup();
    const doc = await invoice(s);
    const answers = await Promise.all([remind(s, doc.id, { level: 1 }), remind(s, doc.id, { level: 1 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await call(s, 'GET', `/api/v1/documents/${doc.id}/reminders`)).body.data).toHaveLength(1);
  });

  test('409 for a draft, a paid, a voided invoice, a credit note and a disputed invoice; nothing stored', async () => {
    const s = await setup();
    const draft = await invoice(s, []);
    const paid = await invoice(s, ['finalize', 'mark-sent', 'mark-paid']);
    const voided = await invoice(s, ['finalize', 'void']);
    const source = await invoice(s);
    const credit = await invoice(s, ['finalize'], {
      document_type: 'credit_note',
      source_document_id: source.id,
    });
    const disputed = await invoice(s);
    const put = await call(s, 'PUT', `/api/v1/documents/${disputed.id}/dispute`, { note: 'Ware beschädigt' });
    expect(put.body.data).toEqual({ document_id: disputed.id, disputed: true, note: 'Ware beschädigt' });
    const expected: [string, Record<string, unknown>][] = [
      [draft.id, { status: 'draft' }],
      [paid.id, { status: 'paid', payment_status: 'paid' }],
      [voided.id, { status: 'void' }],
      [credit.id, { document_type: 'credit_note' }],
      [disputed.id, { disputed: true }],
    ];
    for (const [id, details] of expected) {
      const res = await remind(s, id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
      expect(res.body.error.details).toMatchObject(details);
      expect((await call(s, 'GET', `/api/v1/documents/${id}/reminders`)).body.data).toEqual([]);
    }
    // Lifting the dispute lets it go out.
    await call(s, 'DELETE', `/api/v1/documents/${disputed.id}/dispute`);
    expect((await remind(s, disputed.id)).status).toBe(201);
  });

  test('409 for an invoice not due yet (a reminder before the due date has no effect, § 286 BGB, and used up its level); one without a due date is due at once', async () => {
    const s = await setup();
    const notYet = await invoice(s, ['finalize'], { due_date: '2026-12-20' });
    const res = await remind(s, notYet.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('not overdue yet');
    expect((await call(s, 'GET', `/api/v1/documents/${notYet.id}/reminders`)).body.data).toEqual([]);
    const undated = await invoice(s, ['finalize'], { due_date: undefined });
    expect((await remind(s, undated.id)).status).toBe(201);
    // Its letter says since when: the issue date (it read "seit dem  fällig", the date left empty).
    await server.jobs.runDue();
    const mail = mailsTo(s.email).find((m) => m.parsed.subject?.includes(undated.number));
    const letter = await inspectPdf(new Uint8Array(mail?.parsed.attachments[0]?.content ?? []));
    expect(plain(letter.text)).toContain('seit dem 02.11.2026 fällig');
  });

  test('a reminder that bounced does not use up its level: sent again to a corrected address, replacing it', async () => {
    const s = await setup();
    smtp.rejectRecipient(s.email, 550);
    const doc = await invoice(s);
    const first = await remind(s, doc.id);
    expect(first.status).toBe(201);
    await server.jobs.runDue();
    const bounced = await call(s, 'GET', `/api/v1/deliveries/${first.body.data.delivery_id}`);
    expect(bounced.body.data.status).toBe('bounced');
    // The address corrected: level 1 again (it was a 409 "already sent"), and the next level is still 2.
    const fixed = `fixed-${s.email}`;
    expect((await call(s, 'PATCH', `/api/v1/customers/${s.customerId}`, { email: fixed })).status).toBe(200);
    const again = await remind(s, doc.id);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ level: 1 });
    await server.jobs.runDue();
    expect(mailsTo(fixed).map((m) => m.parsed.subject)).toEqual([`Zahlungserinnerung ${doc.number}`]);
    const listed = (await call(s, 'GET', `/api/v1/documents/${doc.id}/reminders`)).body.data;
    expect(listed.map((r: { id: string }) => r.id)).toEqual([again.body.data.id]);
    // Delivered now: it counts, and the same level is refused.
    const twice = await remind(s, doc.id, { level: 1 });
    expect(twice.status).toBe(409);
    expect((await remind(s, doc.id)).body.data).toMatchObject({ level: 2 });
  });

  test('a bounced reminder retried and delivered counts: the next one is the next level, not the same letter again', async () => {
    const s = await setup();
    smtp.rejectRecipient(s.email, 550);
    const doc = await invoice(s);
    const first = await remind(s, doc.id);
    await server.jobs.runDue();
    expect((await call(s, 'GET', `/api/v1/deliveries/${first.body.data.delivery_id}`)).body.data.status).toBe(
      'bounced',
    );
    smtp.acceptRecipient(s.email);
    const retry = await call(s, 'POST', `/api/v1/deliveries/${first.body.data.delivery_id}/retry`);
    expect(retry.status).toBeLessThan(300);
    await server.jobs.runDue();
    expect(mailsTo(s.email).map((m) => m.parsed.subject)).toEqual([`Zahlungserinnerung ${doc.number}`]);
    // Its retry arrived: level 1 is sent; asking for it again is a 409, the next is level 2.
    expect((await remind(s, doc.id, { level: 1 })).status).toBe(409);
    expect((await remind(s, doc.id)).body.data).toMatchObject({ level: 2 });
  });

  test('a reminder whose invoice is paid before it goes out (a mail server that refused it for a while) is not sent', async () => {
    const s = await setup();
    const doc = await invoice(s);
    const made = await remind(s, doc.id);
    expect(made.status).toBe(201);
    // Paid in full while the delivery waits in the queue.
    const paid = await call(s, 'POST', `/api/v1/documents/${doc.id}/payments`, {
      amount: '237.88',
      date: '2026-12-20',
    });
    expect(paid.status).toBe(201);
    await server.jobs.runDue();
    const delivery = await call(s, 'GET', `/api/v1/deliveries/${made.body.data.delivery_id}`);
    expect(delivery.body.data).toMatchObject({ status: 'failed' });
    expect(delivery.body.data.error_message).toBe('reminder not sent: the invoice is paid');
    expect(mailsTo(s.email)).toEqual([]);
  });

  test('422 for a level the policy does not have and a customer without an address; 404 elsewhere; 501 without SMTP', async () => {
    const s = await setup();
    const doc = await invoice(s);
    const four = await remind(s, doc.id, { level: 4 });
    expect(four.status).toBe(422);
    expect(four.body.error.details.fields[0].loc).toBe('body.level');
    // Past the most levels a policy has: the range, not "Expected union value".
    const nine = await remind(s, doc.id, { level: 9 });
    expect(nine.status).toBe(422);
    expect(nine.body.error.details.fields).toEqual([
      { loc: 'body.level', msg: 'Expected integer to be less or equal to 4', type: 'less_than_equal' },
    ]);
    const quiet = await makeCustomer(server, s.account, { name: 'No Mail Ltd' });
    const silent = await invoice({ ...s, customerId: quiet.id });
    const noAddress = await remind(s, silent.id);
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.error.details.fields[0].loc).toBe('body.to');
    const stranger = await setup();
    expect((await remind(stranger, doc.id)).status).toBe(404);
    expect((await call(stranger, 'GET', `/api/v1/documents/${doc.id}/reminders`)).status).toBe(404);
    const elsewhere = await setup(unconfigured);
    const docThere = await unconfigured.json('/api/v1/documents', {
      method: 'POST',
      key: elsewhere.account.apiKey,
      body: documentBody(elsewhere),
    });
    await unconfigured.json(`/api/v1/documents/${docThere.body.data.id}/finalize`, {
      method: 'POST',
      key: elsewhere.account.apiKey,
    });
    const res = await unconfigured.json(`/api/v1/documents/${docThere.body.data.id}/reminders`, {
      method: 'POST',
      key: elsewhere.account.apiKey,
      body: {},
    });
    expect(res.status).toBe(501);
  });
});

describe('the daily job', () => {
  test("sends what is due once per document and level, one level a day and none before the last letter's payment date, never for paid, voided or disputed invoices", async () => {
    clock.set('2026-12-20T09:00:00.000Z');
    const s = await setup();
    await call(s, 'PUT', '/api/v1/dunning-policy', POLICY);
    // 18 days overdue: both levels are due, but only one goes out a day.
    const overdue = await invoice(s);
    const recent = await invoice(s, ['finalize'], { due_date: '2026-12-15' });
    const notYet = await invoice(s, ['finalize'], { due_date: '2027-01-15' });
    const paid = await invoice(s, ['finalize', 'mark-sent', 'mark-paid']);
    const voided = await invoice(s, ['finalize', 'void']);
    const disputed = await invoice(s);
    await call(s, 'PUT', `/api/v1/documents/${disputed.id}/dispute`);
    const levels = async (id: string) =>
      (await call(s, 'GET', `/api/v1/documents/${id}/reminders`)).body.data.map(
        (r: { level: number }) => r.level,
      );

    await server.jobs.runDue();
    await server.jobs.runDue();
    expect(await levels(overdue.id)).toEqual([1]);
    for (const id of [recent.id, notYet.id, paid.id, voided.id, disputed.id])
      expect(await levels(id)).toEqual([]);
    expect(mailsTo(s.email)).toHaveLength(1);

    // A second instance on the same data, the same day: the day's job already ran, and nothing repeats.
    const again = await startServer({
      clock,
      smtpUrl: smtp.url({ from: FROM }),
      startJobs: false,
      dataDir: server.dataDir,
    });
    try {
      await again.jobs.runDue();
    } finally {
      await again.service.stop();
    }
    expect(await levels(overdue.id)).toEqual([1]);

    // Two days later: level 1 for the one now 7 days overdue; level 2 of the first, though due by its days,
    // waits for the date its first letter asked payment by (2027-01-03), so the letters never contradict.
    clock.set('2026-12-22T09:00:00.000Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    expect(await levels(overdue.id)).toEqual([1]);
    expect(await levels(recent.id)).toEqual([1]);
    expect(mailsTo(s.email)).toHaveLength(2);
    // On that date still nothing; the day after, level 2.
    clock.set('2027-01-03T09:00:00.000Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    expect(await levels(overdue.id)).toEqual([1]);
    clock.set('2027-01-04T09:00:00.000Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    expect(await levels(overdue.id)).toEqual([2, 1]);
    expect(mailsTo(s.email)).toHaveLength(3);
    const subjects = mailsTo(s.email).map((m) => m.parsed.subject);
    expect(subjects).toContain(`1. Mahnung ${overdue.number}`);

    // Every level of the first sent: nothing more for it, however many days pass; the others get what is due.
    clock.set('2027-01-30T09:00:00.000Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    expect(await levels(overdue.id)).toEqual([2, 1]);
    expect(await levels(recent.id)).toEqual([2, 1]);
    // The one due 2027-01-15 is now 15 days overdue: its first level, one level on its first day.
    expect(await levels(notYet.id)).toEqual([1]);
    expect(mailsTo(s.email)).toHaveLength(5);
    clock.set('2026-12-20T09:00:00.000Z');
  });

  test('the daily job does not send a bounced level again to the address it bounced at; once corrected it does', async () => {
    clock.set('2026-12-23T09:00:00.000Z');
    const s = await setup();
    await call(s, 'PUT', '/api/v1/dunning-policy', POLICY);
    smtp.rejectRecipient(s.email, 550);
    const doc = await invoice(s);
    const reminders = async () =>
      (await call(s, 'GET', `/api/v1/documents/${doc.id}/reminders`)).body.data as {
        id: string;
        level: number;
        delivery_id: string;
      }[];
    await server.jobs.runDue();
    await server.jobs.runDue();
    const [bounced] = await reminders();
    expect(bounced?.level).toBe(1);
    expect((await call(s, 'GET', `/api/v1/deliveries/${bounced?.delivery_id}`)).body.data.status).toBe(
      'bounced',
    );
    // The next day, the address unchanged: nothing new (before, the job sent level 2 with its fee).
    clock.set('2026-12-24T09:00:00.000Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    expect((await reminders()).map((r) => r.id)).toEqual([bounced?.id ?? 'none']);
    // The address corrected: the day after, level 1 again, to it.
    const fixed = `fixed-job-${s.email}`;
    await call(s, 'PATCH', `/api/v1/customers/${s.customerId}`, { email: fixed });
    clock.set('2026-12-25T09:00:00.000Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    const [again, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(again?.level).toBe(1);
    expect(again?.id).not.toBe(bounced?.id);
    expect(mailsTo(fixed)).toHaveLength(1);
    clock.set('2026-12-20T09:00:00.000Z');
  });

  test('a disabled policy sends nothing', async () => {
    clock.set('2026-12-21T09:00:00.000Z');
    const s = await setup();
    await call(s, 'PUT', '/api/v1/dunning-policy', { ...POLICY, enabled: false });
    const doc = await invoice(s);
    await server.jobs.runDue();
    expect((await call(s, 'GET', `/api/v1/documents/${doc.id}/reminders`)).body.data).toEqual([]);
    clock.set('2026-12-20T09:00:00.000Z');
  });
});
