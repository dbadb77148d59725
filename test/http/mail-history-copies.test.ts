import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { deliveryErrorCode } from '../../src/modules/deliveries/error-codes';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

// A German firm's e-mail history as its Steuerberater reads it: a second e-mail of an invoice is marked a
// copy (§ 14c UStG: a second invoice document may be a second VAT liability), a reminder to an XRechnung
// buyer does not hand the e-invoice intake the XML again, and a delivery's failure comes with a code the
// console words in German.
let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    smtpUrl: smtp.url({ from: 'rechnung@elektro-schmidt.example' }),
    startJobs: false,
  });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function invoiceFor(einvoiceProfile: string | null, number: string, email: string) {
  const profile = (
    await call('POST', '/api/v1/business-profiles', {
      legal_name: 'Elektro Schmidt GmbH',
      email: 'rechnung@elektro-schmidt.example',
      phone: '+49 30 555123',
      tax_id: 'DE123456789',
      default_locale: 'de-DE',
      default_timezone: 'Europe/Berlin',
      address: { line1: 'Sonnenallee 5', city: 'Berlin', postal_code: '12045', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE123456789' },
      bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    })
  ).body.data;
  const customer = (
    await call('POST', '/api/v1/customers', {
      name: 'Bezirksamt Neukölln',
      email,
      billing_address: { line1: 'Karl-Marx-Straße 83', city: 'Berlin', postal_code: '12040', country: 'DE' },
      electronic_address: { scheme: '0204', value: '991-12345-67' },
      einvoice_profile: einvoiceProfile,
    })
  ).body.data;
  const doc = (
    await call('POST', '/api/v1/documents', {
      number,
      issue_date: '2026-10-01',
      due_date: '2026-10-15',
      delivery_date: '2026-09-30',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: [
        {
          name: 'Wartung Elektroanlage',
          quantity: '1',
          unit_price: '250.00',
          taxes: [{ name: 'USt', rate: '19', category: 'S' }],
        },
      ],
    })
  ).body.data;
  expect((await call('POST', `/api/v1/documents/${doc.id}/finalize`)).body.error ?? null).toBeNull();
  expect((await call('POST', `/api/v1/documents/${doc.id}/renders`, {})).body.error ?? null).toBeNull();
  return doc;
}

async function deliver(path: string, body: unknown) {
  const before = smtp.messages.length;
  const res = await call('POST', path, body);
  expect(res.body.error ?? null).toBeNull();
  await server.jobs.runDue();
  const mail = smtp.messages[before];
  if (!mail) throw new Error('no mail received');
  return {
    data: res.body.data,
    subject: mail.parsed.subject ?? '',
    text: mail.parsed.text ?? '',
    files: mail.parsed.attachments.map((a) => ({ name: a.filename, bytes: Buffer.from(a.content) })),
  };
}

describe('a second e-mail of an invoice is a copy', () => {
  test('subject and body say so, naming the first sending; the PDF and XML are the same bytes', async () => {
    const doc = await invoiceFor('xrechnung_ubl', 'RE-2026-0201', 'rechnungseingang@ba-nk.example');
    const first = await deliver(`/api/v1/documents/${doc.id}/send`, {
      to: ['rechnungseingang@ba-nk.example'],
    });
    expect(first.subject).toBe('Rechnung RE-2026-0201 von Elektro Schmidt GmbH');
    expect(first.text).not.toContain('Kopie');
    const sentOn = new Intl.DateTimeFormat('de-DE', {
      dateStyle: 'medium',
      timeZone: 'Europe/Berlin',
    }).format(new Date((await call('GET', `/api/v1/deliveries/${first.data.id}`)).body.data.sent_at));
    const again = await deliver(`/api/v1/documents/${doc.id}/send`, {
      to: ['rechnungseingang@ba-nk.example'],
    });
    expect(again.subject).toBe('Kopie: Rechnung RE-2026-0201 von Elektro Schmidt GmbH');
    expect(again.text).toContain(
      `Dies ist eine Kopie der Rechnung RE-2026-0201, die Ihnen am ${sentOn} gesendet wurde: keine neue Rechnung, bitte nicht noch einmal buchen.`,
    );
    // GoBD: the archived original goes out as it is; the copy mark is the mail's, not the file's.
    expect(again.files.map((f) => f.name)).toEqual(first.files.map((f) => f.name));
    again.files.forEach((file, i) => {
      expect(file.bytes.equals(first.files[i]?.bytes ?? Buffer.alloc(0))).toBe(true);
    });
    // The history proves it: the second delivery's subject as stored.
    const history = (await call('GET', `/api/v1/documents/${doc.id}/deliveries`)).body.data;
    expect(history.map((d: { subject: string }) => d.subject)).toEqual([
      'Kopie: Rechnung RE-2026-0201 von Elektro Schmidt GmbH',
      'Rechnung RE-2026-0201 von Elektro Schmidt GmbH',
    ]);
  }, 60_000);

  test('a retry of a first e-mail that bounced is no copy: the customer never got one', async () => {
    const doc = await invoiceFor(null, 'RE-2026-0202', 'buchhaltung@kunde.example');
    smtp.rejectRecipient('tippfehler@kunde.example');
    const res = await call('POST', `/api/v1/documents/${doc.id}/send`, { to: ['tippfehler@kunde.example'] });
    await server.jobs.runDue();
    const bounced = (await call('GET', `/api/v1/deliveries/${res.body.data.id}`)).body.data;
    expect(bounced.status).toBe('bounced');
    expect(bounced.error_code).toBe('recipient_rejected');
    smtp.acceptRecipient('tippfehler@kunde.example');
    const retry = await deliver(`/api/v1/deliveries/${bounced.id}/retry`, undefined);
    expect(retry.subject).toBe('Rechnung RE-2026-0202 von Elektro Schmidt GmbH');
    expect(retry.text).not.toContain('Kopie');
    const sent = (await call('GET', `/api/v1/deliveries/${retry.data.id}`)).body.data;
    expect(sent.status).toBe('sent');
    expect('error_code' in sent).toBe(false);
  }, 60_000);
});

describe('a reminder to an XRechnung buyer', () => {
  test('carries the letter and the invoice PDF as a copy, not the XML (unless asked)', async () => {
    const doc = await invoiceFor('xrechnung_ubl', 'RE-2026-0203', 'rechnungseingang@ba-nk.example');
    await deliver(`/api/v1/documents/${doc.id}/send`, { to: ['rechnungseingang@ba-nk.example'] });
    const reminder = await deliver(`/api/v1/documents/${doc.id}/reminders`, {});
    expect(reminder.files.map((f) => f.name)).toEqual([
      'Zahlungserinnerung RE-2026-0203.pdf',
      'RE-2026-0203.pdf',
    ]);
    expect(reminder.text).toContain(
      'RE-2026-0203.pdf ist eine Kopie der Rechnung zur Ansicht, keine neue Rechnung.',
    );
    expect(reminder.text).not.toContain('Die E-Rechnung');
    const delivery = (await call('GET', `/api/v1/deliveries/${reminder.data.delivery_id}`)).body.data;
    expect('einvoice_profile' in delivery).toBe(false);
    const asked = await deliver(`/api/v1/documents/${doc.id}/reminders`, { attach_einvoice: true });
    expect(asked.files.map((f) => f.name)).toContain('RE-2026-0203.xml');
  }, 60_000);
});

describe("a delivery's error code", () => {
  test.each([
    ['bounced', 'rejected by the mail server: a@x.example: 550 5.1.1 no such user', 'recipient_rejected'],
    ['sent', 'not accepted for: cc@x.example: 550 5.1.1 no such user', 'partly_rejected'],
    ['bounced', 'bounced after it was sent (reported by mx.example): a@x.example: 5.1.1', 'bounced_later'],
    ['failed', 'refused by the mail server: 554 5.7.1 spam', 'message_refused'],
    // A wrong SMTP password: nodemailer's EAUTH with responseCode 535, permanent, stored as a refusal.
    [
      'failed',
      'refused by the mail server: Invalid login: 535 5.7.8 Error: authentication failed',
      'login_refused',
    ],
    ['queued', 'Invalid login: 535 5.7.8 Error: authentication failed', 'login_refused'],
    [
      'failed',
      'render rnd_1 expired before the email went out; render the document again and retry',
      'link_expired',
    ],
    [
      'failed',
      'the link expired before the email went out; retry the delivery for a new one',
      'link_expired',
    ],
    ['failed', 'the xrechnung_ubl e-invoice cannot be written: buyer_reference: required', 'einvoice_failed'],
    ['failed', 'reminder not sent: the invoice was cancelled', 'reminder_obsolete'],
    ['failed', 'connect ECONNREFUSED 127.0.0.1:25 (gave up after 5 attempts)', 'gave_up'],
    ['queued', 'connect ECONNREFUSED 127.0.0.1:25', 'retrying'],
    ['failed', 'document doc_1 no longer exists', 'document_deleted'],
    ['failed', 'something new', 'other'],
  ] as const)('%s: %s', (status, message, code) => {
    expect(deliveryErrorCode(status, message)).toBe(code);
  });
  test('none without a message', () => {
    expect(deliveryErrorCode('sent', null)).toBeNull();
  });
});
