// Issue 36's "Done when", walked through the API as a German office's month: the account named, three kinds
// of customers, invoices with units and a service period, one call each to send a public buyer its
// XRechnung and a business buyer its Factur-X, a correction set against its invoice, Skonto taken on an
// issued and on a received invoice, a reminder whose mail and letter agree, and a member who writes drafts
// and customers but not the bank account or the DATEV settings. In the executable lane too
// (scripts/test-lanes.ts). One server, in order: each step builds on the one before.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { RULESETS_DIR, startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';
import { fromConsole, makeUser, signIn } from '../users';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
const state: Record<string, any> = {};

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'rechnung@nordlicht.example' }) });
  account = await makeAccount(server, { name: 'Default account' });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, body });
const ok = async (method: string, path: string, body?: unknown) => {
  const res = await call(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body?.data;
};
/** Intl writes no-break spaces in amounts; compare plain text. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
const mailsTo = (address: string) => smtp.messages.filter((m) => m.envelope.to.includes(address));

/** A finalized invoice of the office's profile for `customerId`, with hours and kilometres. */
async function invoice(customerId: string, number: string, extra: Record<string, unknown> = {}) {
  const lines = [
    germanLine({ name: 'Tragwerksplanung', quantity: '12.5', unit_code: 'HUR', unit_price: '95.00' }),
    germanLine({ name: 'Fahrtkosten', quantity: '84', unit_code: 'KMT', unit_price: '0.30' }),
  ];
  const period = { invoice_period: { start_date: '2026-11-01', end_date: '2026-11-30' } };
  const body = germanInvoiceBody(state.profile.id, customerId, number, lines, { ...period, ...extra });
  const draft = await ok('POST', '/api/v1/documents', body);
  return await ok('POST', `/api/v1/documents/${draft.id}/finalize`);
}

/** Sends `id` as the console's "Senden" does (rendered first when it has no PDF), and lets the mail go. */
async function send(id: string, to: string) {
  await ok('POST', `/api/v1/documents/${id}/renders`, {});
  const delivery = await ok('POST', `/api/v1/documents/${id}/send`, { to: [to] });
  await server.jobs.runDue();
  const sent = await ok('GET', `/api/v1/deliveries/${delivery.id}`);
  expect(sent.status).toBe('sent');
  const mail = mailsTo(to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

describe("a German office's month (issue 36)", () => {
  test("set up: the account takes the firm's name; the profile with its bank account; three kinds of customers", async () => {
    expect((await ok('PATCH', '/api/v1/account', { name: 'Ingenieurbüro Nordlicht GmbH' })).name).toBe(
      'Ingenieurbüro Nordlicht GmbH',
    );
    state.profile = await ok('POST', '/api/v1/business-profiles', GERMAN_SELLER);
    state.authority = await ok('POST', '/api/v1/customers', AUTHORITY);
    state.bakery = await ok('POST', '/api/v1/customers', {
      name: 'Bäckerei Sonnenschein OHG',
      email: 'buchhaltung@sonnenschein.example',
      tax_id: 'DE129273398',
      billing_address: { line1: 'Marktplatz 3', postal_code: '14467', city: 'Potsdam', country: 'DE' },
      einvoice_profile: 'factur_x_en16931',
    });
    state.person = await ok('POST', '/api/v1/customers', {
      name: 'Jana Schmidt',
      email: 'jana.schmidt@example.org',
      billing_address: { line1: 'Lindenweg 5', postal_code: '10115', city: 'Berlin', country: 'DE' },
    });
  });

  test('a member writes drafts and customers, but not the bank account or the DATEV settings', async () => {
    const member = await makeUser(server, account.id, { role: 'member' });
    const headers = fromConsole(server, await signIn(server, member.email));
    const customer = await server.json('/api/v1/customers', {
      method: 'POST',
      headers,
      body: { name: 'Kunde' },
    });
    expect(customer.status).toBe(200);
    const draft = await server.json('/api/v1/documents', {
      method: 'POST',
      headers,
      body: {
        number: 'RE-2026-0300',
        issue_date: '2026-11-30',
        currency: 'EUR',
        business_profile_id: state.profile.id,
        customer_id: customer.body.data.id,
        line_items: [germanLine()],
      },
    });
    expect(draft.status).toBe(200);
    const iban = await server.json(`/api/v1/business-profiles/${state.profile.id}`, {
      method: 'PATCH',
      headers,
      body: { bank_account: { iban: 'DE02120300000000202051' } },
    });
    expect(iban.status).toBe(403);
    expect(iban.body.error.details.permission).toBe('resources:write_all');
    const datev = await server.json('/api/v1/settings/accounting', {
      method: 'PUT',
      headers,
      body: { consultant_number: 1234567, client_number: 10001 },
    });
    expect(datev.status).toBe(403);
    const profile = await ok('GET', `/api/v1/business-profiles/${state.profile.id}`);
    expect(profile.bank_account.iban).toBe('DE89 3704 0044 0532 0130 00');
  });

  test('the public buyer gets its XRechnung with one send; the PDF prints units, the period, no date of supply', async () => {
    const doc = await invoice(state.authority.id, 'RE-2026-0301', {
      payment: { early_payment_discounts: [{ days: 14, percent: '2' }] },
    });
    state.public = doc;
    const mail = await send(doc.id, 'eingang@bundesamt.example');
    const names = mail.parsed.attachments.map((a: { filename?: string }) => a.filename);
    expect(names).toEqual(['RE-2026-0301.pdf', 'RE-2026-0301.xml']);
    const xml = Buffer.from(mail.parsed.attachments[1]?.content ?? []).toString('utf8');
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toContain('#SKONTO#TAGE=14#PROZENT=2.00#');
    const pdf = plain((await inspectPdf(new Uint8Array(mail.parsed.attachments[0]?.content ?? []))).text);
    expect(pdf).toContain('12,5 Std.');
    expect(pdf).toContain('84 km');
    expect(pdf).toContain('Leistungszeitraum 01.11.2026 – 30.11.2026');
    expect(pdf).not.toContain('Leistungsdatum');
    expect(pdf).toContain('Bei Zahlung bis 14.12.2026 2 % Skonto');
    expect((await ok('GET', `/api/v1/documents/${doc.id}`)).status).toBe('sent');
  }, 60_000);

  test('the business buyer gets its Factur-X with one send, from a plain render', async () => {
    const doc = await invoice(state.bakery.id, 'RE-2026-0302');
    state.business = doc;
    const mail = await send(doc.id, 'buchhaltung@sonnenschein.example');
    const pdf = Buffer.from(mail.parsed.attachments[0]?.content ?? []).toString('latin1');
    expect(pdf).toContain('factur-x.xml');
    expect((await ok('GET', `/api/v1/documents/${doc.id}`)).status).toBe('sent');
  }, 60_000);

  test('a correction is set against its invoice; its PDF asks nothing', async () => {
    const correction = await ok('POST', '/api/v1/documents', {
      number: 'RK-2026-0001',
      document_type: 'credit_note',
      source_document_id: state.business.id,
      reason: 'Fahrtkosten doppelt berechnet',
      issue_date: '2026-12-02',
      currency: 'EUR',
      locale: 'de-DE',
      tax_scheme: 'VAT',
      business_profile_id: state.profile.id,
      customer_id: state.bakery.id,
      line_items: [germanLine({ name: 'Fahrtkosten', quantity: '84', unit_code: 'KMT', unit_price: '0.30' })],
    });
    await ok('POST', `/api/v1/documents/${correction.id}/finalize`);
    const business = await ok('GET', `/api/v1/documents/${state.business.id}`);
    expect(business.amount_credited).toBe('29.99');
    const total = BigInt((business.totals.total.amount as string).replace('.', ''));
    const rest = total - 2999n;
    expect(business.amount_due).toBe(`${rest / 100n}.${String(rest % 100n).padStart(2, '0')}`);
    const res = await server.request(`/api/v1/documents/${correction.id}/renders`, {
      method: 'POST',
      key: account.apiKey,
      headers: { accept: 'application/pdf' },
      body: {},
    });
    const text = plain((await inspectPdf(new Uint8Array(await res.arrayBuffer()))).text);
    expect(text).toContain('Rechnungskorrektur');
    expect(text).toContain('Der Betrag wird mit der Rechnung RE-2026-0302 verrechnet');
    expect(text).not.toContain('IBAN');
  });

  test('Skonto taken on the issued invoice and on a received one settles both', async () => {
    const due = (await ok('GET', `/api/v1/documents/${state.public.id}`)).amount_due as string;
    const cents = BigInt(due.replace('.', ''));
    const discount = (cents * 2n + 50n) / 100n;
    const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
    await ok('POST', `/api/v1/documents/${state.public.id}/payments`, {
      amount: money(cents - discount),
      date: '2026-12-10',
      discount: money(discount),
    });
    expect(await ok('GET', `/api/v1/documents/${state.public.id}`)).toMatchObject({
      status: 'paid',
      amount_due: '0.00',
    });
    const xml = readFileSync(join(RULESETS_DIR, 'examples', 'xrechnung_ubl', '01.10a-INVOICE_ubl.xml'));
    const res = await server.request('/api/v1/received-documents', {
      method: 'POST',
      key: account.apiKey,
      headers: { 'content-type': 'application/xml' },
      body: xml.toString('utf8'),
    });
    const received = ((await res.json()) as { data: any }).data;
    const term = received.payment.early_payment_discounts[0];
    await ok('POST', `/api/v1/received-documents/${received.id}/payments`, {
      amount: term.amount,
      date: term.pay_by,
      discount: money(BigInt(received.amount_due.replace('.', '')) - BigInt(term.amount.replace('.', ''))),
    });
    expect(await ok('GET', `/api/v1/received-documents/${received.id}`)).toMatchObject({
      status: 'paid',
      amount_due: '0.00',
    });
  }, 60_000);

  test('a reminder: the mail asks what the letter asks, by the same date', async () => {
    const overdue = await invoice(state.person.id, 'RE-2026-0303', {
      issue_date: '2026-09-01',
      due_date: '2026-09-15',
    });
    const reminder = await ok('POST', `/api/v1/documents/${overdue.id}/reminders`, { level: 2 });
    await server.jobs.runDue();
    const mail = mailsTo('jana.schmidt@example.org').at(-1);
    if (!mail) throw new Error('no reminder mail');
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    const sum = cents(reminder.amount_due) + cents(reminder.fee);
    const total = `${sum / 100n},${String(sum % 100n).padStart(2, '0')}`.replace(/\B(?=(\d{3})+,)/g, '.');
    const [year, month, day] = (reminder.pay_by as string).split('-');
    const body = plain(mail.parsed.text ?? '');
    expect(body).toContain(`Zu zahlen: ${total} €`);
    expect(body).toContain(`Fällig am: ${day}.${month}.${year}`);
    const letter = plain((await inspectPdf(new Uint8Array(mail.parsed.attachments[0]?.content ?? []))).text);
    expect(letter).toContain(`${total} €`);
    expect(letter).toContain(`${day}.${month}.${year}`);
  }, 60_000);
});
