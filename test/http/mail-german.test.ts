import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

// What a German customer receives from a German GmbH: a business letter by e-mail, so it names the firm,
// its seat, register court and number and every managing director (§ 35a GmbHG, § 37a HGB), and it is
// from the firm (its name as the sender's display name), not from a bare technical address.
const FROM = 'rechnung@mueller.example';
let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-11-03T09:00:00.000Z'));
  server = await startServer({ clock, smtpUrl: smtp.url({ from: FROM }), startJobs: false });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

const GMBH = {
  legal_name: 'Bäckerei Müller GmbH',
  email: 'info@mueller.example',
  phone: '+49 30 1234567',
  default_locale: 'de-DE',
  tax_id: 'DE123456789',
  address: { line1: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
  registration_number: 'HRB 123456 B, Amtsgericht Charlottenburg',
  managing_directors: ['Anna Müller', 'Jörg Weiß'],
  legal_info: 'Sitz der Gesellschaft: Berlin',
};

async function finalizedInvoice(profile: Record<string, unknown>, number: string, dueDate = '2026-12-02') {
  const biz = await makeBusinessProfile(server, account, profile);
  const customer = await makeCustomer(server, account, {
    name: 'Café Öztürk',
    email: 'kasse@oeztuerk.example',
    billing_address: { line1: 'Domstraße 2', postal_code: '50667', city: 'Köln', country: 'DE' },
  });
  const created = await call('POST', '/api/v1/documents', {
    number,
    issue_date: '2026-11-02',
    due_date: dueDate,
    currency: 'EUR',
    business_profile_id: biz.id,
    customer_id: customer.id,
    line_items: [
      {
        name: 'Brötchen',
        quantity: '100',
        unit_price: '0.45',
        taxes: [{ name: 'USt', rate: '7', category: 'S' }],
      },
    ],
  });
  expect(created.body.error ?? null).toBeNull();
  const id = created.body.data.id as string;
  expect((await call('POST', `/api/v1/documents/${id}/finalize`)).status).toBe(200);
  expect((await call('POST', `/api/v1/documents/${id}/renders`, { expires_in: 3600 })).status).toBe(200);
  return id;
}

async function sendAndRead(documentId: string) {
  const before = smtp.messages.length;
  const queued = await call('POST', `/api/v1/documents/${documentId}/send`, {
    to: ['kasse@oeztuerk.example'],
  });
  expect(queued.body.error ?? null).toBeNull();
  await server.jobs.runDue();
  const delivery = (await call('GET', `/api/v1/deliveries/${queued.body.data.id}`)).body.data;
  expect(delivery.status).toBe('sent');
  const mail = smtp.messages[before];
  if (!mail) throw new Error('no mail received');
  return mail;
}

describe('a German GmbH e-mails an invoice', () => {
  test('the body ends with the legal footer of a business letter (§ 35a GmbHG), in German', async () => {
    const id = await finalizedInvoice(GMBH, 'RE-2026-001');
    const mail = await sendAndRead(id);
    const text = mail.parsed.text ?? '';
    // The closing and the firm, then the signature block: "-- " opens it, mail programs grey it.
    expect(text).toContain('Mit freundlichen Grüßen\nBäckerei Müller GmbH\n\n-- \n');
    const footer = text.slice(text.indexOf('\n-- \n'));
    expect(footer).toContain('Bäckerei Müller GmbH');
    expect(footer).toContain('Hauptstraße 1, 10115 Berlin');
    expect(footer).toContain('Sitz der Gesellschaft: Berlin');
    expect(footer).toContain('Handelsregister HRB 123456 B, Amtsgericht Charlottenburg');
    expect(footer).toContain('Geschäftsführer: Anna Müller, Jörg Weiß');
    expect(footer).toContain('USt-IdNr. DE123456789');
    // No English word in the German mail.
    expect(text).not.toMatch(/\b(Invoice|Please|Download|valid|regards|Managing|Reg\. no)\b/);
    expect(mail.parsed.subject).toBe('Rechnung RE-2026-001 von Bäckerei Müller GmbH');
  }, 60_000);

  test('SMTP_URL ?from= with the firm as display name: shown encoded, the envelope the bare address', async () => {
    const named = await startServer({
      smtpUrl: `${smtp.url()}?from=${encodeURIComponent(`"Bäckerei Müller GmbH" <${FROM}>`)}`,
      startJobs: false,
    });
    try {
      const other = await makeAccount(named);
      const biz = await makeBusinessProfile(named, other, GMBH);
      const customer = await makeCustomer(named, other, { name: 'Café Öztürk' });
      const doc = await named.json('/api/v1/documents', {
        method: 'POST',
        key: other.apiKey,
        body: {
          number: 'RE-2026-002',
          issue_date: '2026-11-02',
          currency: 'EUR',
          business_profile_id: biz.id,
          customer_id: customer.id,
          line_items: [
            {
              name: 'Brot',
              quantity: '1',
              unit_price: '3.00',
              taxes: [{ name: 'USt', rate: '7', category: 'S' }],
            },
          ],
        },
      });
      const id = doc.body.data.id as string;
      await named.json(`/api/v1/documents/${id}/finalize`, { method: 'POST', key: other.apiKey });
      await named.json(`/api/v1/documents/${id}/renders`, { method: 'POST', key: other.apiKey, body: {} });
      const before = smtp.messages.length;
      const queued = await named.json(`/api/v1/documents/${id}/send`, {
        method: 'POST',
        key: other.apiKey,
        body: { to: ['kasse@oeztuerk.example'] },
      });
      expect(queued.body.error ?? null).toBeNull();
      await named.jobs.runDue();
      const mail = smtp.messages[before];
      if (!mail) throw new Error('no mail received');
      expect(mail.parsed.from?.value).toEqual([{ name: 'Bäckerei Müller GmbH', address: FROM }]);
      expect(mail.envelope.from).toBe(FROM);
      const head = mail.raw.toString('latin1').split('\r\n\r\n')[0] ?? '';
      expect(head).not.toMatch(/[\u0080-\u00ff]/);
    } finally {
      await named.stop();
    }
  }, 60_000);

  test('Reply-To is the firm, Date and Message-ID are set, headers are 7-bit', async () => {
    const id = await finalizedInvoice(GMBH, 'RE-2026-004');
    const mail = await sendAndRead(id);
    expect(mail.parsed.from?.value).toEqual([{ name: '', address: FROM }]);
    expect(mail.parsed.replyTo?.value).toEqual([{ name: '', address: 'info@mueller.example' }]);
    expect(mail.parsed.date).toBeInstanceOf(Date);
    expect(mail.parsed.messageId).toMatch(/^<dlv_[0-9a-z]+@/);
    // The raw header is encoded (no 8-bit bytes in a header).
    const head = mail.raw.toString('latin1').split('\r\n\r\n')[0] ?? '';
    expect(head).not.toMatch(/[\u0080-\u00ff]/);
  }, 60_000);

  test('a sole trader without register entries gets no empty legal lines', async () => {
    const id = await finalizedInvoice(
      { legal_name: 'Malermeister Kühn', default_locale: 'de-DE', email: 'kuehn@maler.example' },
      'RE-2026-003',
    );
    const text = (await sendAndRead(id)).parsed.text ?? '';
    expect(text).not.toContain('Handelsregister');
    expect(text).not.toContain('Geschäftsführer');
    expect(text).toContain('Mit freundlichen Grüßen\nMalermeister Kühn');
  }, 60_000);
});

describe('a German reminder', () => {
  test('asks in its mail the amount and date its letter asks, with the legal footer', async () => {
    const id = await finalizedInvoice(GMBH, 'RE-2026-010', '2026-11-10');
    const policy = await call('PUT', '/api/v1/dunning-policy', {
      enabled: true,
      levels: [
        {
          days_after_due: 1,
          fee: '5.00',
          subject: 'Zahlungserinnerung {number}',
          message:
            'Sehr geehrte Damen und Herren,\n\nbitte zahlen Sie {total}.\n\nMit freundlichen Grüßen\n{seller}',
        },
      ],
    });
    expect(policy.body.error ?? null).toBeNull();
    clock.set('2026-11-20T09:00:00.000Z');
    const before = smtp.messages.length;
    const reminder = await call('POST', `/api/v1/documents/${id}/reminders`, {});
    expect(reminder.body.error ?? null).toBeNull();
    await server.jobs.runDue();
    const mail = smtp.messages[before];
    if (!mail) throw new Error('no reminder mail');
    const text = mail.parsed.text ?? '';
    // 100 x 0.45 = 45.00 + 7 % = 48.15, plus the fee 5.00.
    expect(reminder.body.data.amount_due).toBe('48.15');
    expect(text).toContain('Zu zahlen: 53,15\u00a0€');
    const payBy = reminder.body.data.pay_by as string;
    const [y, m, d] = payBy.split('-');
    expect(text).toContain(`Fällig am: ${d}.${m}.${y}`);
    expect(text).toContain('Geschäftsführer: Anna Müller, Jörg Weiß');
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual([
      'Zahlungserinnerung RE-2026-010.pdf',
      'RE-2026-010.pdf',
    ]);
  }, 60_000);
});

describe('SMTP answers per recipient', () => {
  test('a recipient refused for now (450, greylisting) beside one accepted is sent to later, not dropped', async () => {
    const id = await finalizedInvoice(GMBH, 'RE-2026-020');
    smtp.rejectRecipient('later@oeztuerk.example', 450);
    const before = smtp.messages.length;
    const queued = await call('POST', `/api/v1/documents/${id}/send`, {
      to: ['kasse@oeztuerk.example'],
      cc: ['later@oeztuerk.example'],
    });
    expect(queued.body.error ?? null).toBeNull();
    await server.jobs.runDue();
    const first = (await call('GET', `/api/v1/deliveries/${queued.body.data.id}`)).body.data;
    expect(first.status).toBe('sent');
    expect(smtp.messages.slice(before).map((m) => m.envelope.to)).toEqual([['kasse@oeztuerk.example']]);
    // The refused one has a delivery of its own, queued, which the original names.
    const list = (await call('GET', `/api/v1/documents/${id}/deliveries`)).body.data;
    const followUp = list.find((d: { retry_of: string | null }) => d.retry_of === first.id);
    expect(followUp).toMatchObject({ to: ['later@oeztuerk.example'], cc: [], bcc: [], status: 'queued' });
    expect(first.error_message).toContain(`later@oeztuerk.example again as ${followUp.id}`);
    smtp.acceptRecipient('later@oeztuerk.example');
    clock.advance(5 * 60_000);
    await server.jobs.runDue();
    expect(smtp.messages.slice(before).map((m) => m.envelope.to)).toEqual([
      ['kasse@oeztuerk.example'],
      ['later@oeztuerk.example'],
    ]);
    const again = smtp.messages[before + 1];
    expect(again?.parsed.attachments.map((a) => a.filename)).toEqual(['RE-2026-020.pdf']);
    expect((await call('GET', `/api/v1/deliveries/${followUp.id}`)).body.data.status).toBe('sent');
  }, 60_000);

  test('a recipient refused for good (550) beside one accepted: sent, the refusal named, no follow-up', async () => {
    const id = await finalizedInvoice(GMBH, 'RE-2026-021');
    smtp.rejectRecipient('gone@oeztuerk.example', 550);
    const queued = await call('POST', `/api/v1/documents/${id}/send`, {
      to: ['kasse@oeztuerk.example', 'gone@oeztuerk.example'],
    });
    await server.jobs.runDue();
    smtp.acceptRecipient('gone@oeztuerk.example');
    const first = (await call('GET', `/api/v1/deliveries/${queued.body.data.id}`)).body.data;
    expect(first.status).toBe('sent');
    expect(first.error_message).toContain('gone@oeztuerk.example: 550');
    expect(first.error_message).not.toContain('again as');
    const list = (await call('GET', `/api/v1/documents/${id}/deliveries`)).body.data;
    expect(list).toHaveLength(1);
  }, 60_000);

  test("the addressee refused for good (550) while only the firm's blind copy was taken: bounced, the invoice not sent", async () => {
    const id = await finalizedInvoice(GMBH, 'RE-2026-022');
    smtp.rejectRecipient('tippfehler@oeztuerk.example', 550);
    const before = smtp.messages.length;
    const queued = await call('POST', `/api/v1/documents/${id}/send`, {
      to: ['tippfehler@oeztuerk.example'],
      bcc: ['archiv@baeckerei-mueller.example'],
    });
    await server.jobs.runDue();
    smtp.acceptRecipient('tippfehler@oeztuerk.example');
    // The archive has its copy; the customer nothing.
    expect(smtp.messages.slice(before).map((m) => m.envelope.to)).toEqual([
      ['archiv@baeckerei-mueller.example'],
    ]);
    const first = (await call('GET', `/api/v1/deliveries/${queued.body.data.id}`)).body.data;
    expect(first.status).toBe('bounced');
    expect(first.error_message).toContain('tippfehler@oeztuerk.example: 550');
    expect((await call('GET', `/api/v1/documents/${id}`)).body.data.status).toBe('finalized');
  }, 60_000);
});
