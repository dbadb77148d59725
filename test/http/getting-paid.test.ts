// Issue 28 "Done when", end to end with the issue's own names: payments settling an invoice, the overdue filter
// and the receivables ageing, revenue, the dunning policy, a reminder e-mailed over real SMTP, the DATEV
// Buchungsstapel, the CSV columns, the archive ZIP, the customer statement and payments on received invoices.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeClock } from '../../src/shared/clock';
import { datevFields } from '../datev';
import { documentBody } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { TestSmtp } from '../smtp';
import { readZip } from '../zip';

// Renders and the SMTP round trip are slow on a shared 2-core machine; no test here bounds time.
setDefaultTimeout(60_000);

const EMAIL = 'ap@mueller.example';
const UBL = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'));

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };
/** `settled` is paid by two payments, `overdue` stays open (due 2026-12-02, 18 days before "today"). */
const docs: Record<'settled' | 'overdue', { id: string; number: string }> = {} as never;

const call = async (method: string, path: string, body?: unknown, key = account.apiKey) =>
  await server.json(path, { method, key, body });
const get = async (path: string) => await call('GET', path);
/** A second account for the edge cases, so the first one's figures hold exactly its two invoices. */
let side: { key: string; parties: { profileId: string; customerId: string } };
const sideCall = async (method: string, path: string, body?: unknown) =>
  await call(method, path, body, side.key);

async function invoice(number: string, on = { key: account.apiKey, parties }) {
  const created = await call('POST', '/api/v1/documents', documentBody(on.parties, { number }), on.key);
  expect(created.status).toBe(200);
  const sent = await call('POST', `/api/v1/documents/${created.body.data.id}/finalize`, undefined, on.key);
  expect(sent.status).toBe(200);
  return { id: created.body.data.id as string, number };
}

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    clock: new FakeClock(new Date('2026-12-20T09:00:00.000Z')),
    smtpUrl: smtp.url({ from: 'billing@invoices.example' }),
    startJobs: false,
  });
  account = await makeAccount(server);
  const profile = await makeBusinessProfile(server, account, {
    legal_name: 'Acme Handel GmbH',
    email: 'buchhaltung@acme.example',
    default_locale: 'de-DE',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    bank_account: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  });
  const customer = await makeCustomer(server, account, {
    name: 'Müller Bau GmbH',
    email: EMAIL,
    billing_address: { line1: 'Ring 2', city: 'Köln', country: 'DE' },
  });
  parties = { profileId: profile.id, customerId: customer.id };
  // Each 10 x 9.99 + 100.00 at 19 %: 237.88 EUR, issued 2026-11-02, due 2026-12-02.
  docs.settled = await invoice('RE-2026-101');
  docs.overdue = await invoice('RE-2026-102');
  const sideAccount = await makeAccount(server);
  const sideProfile = await makeBusinessProfile(server, sideAccount, {
    address: { line1: 'Weg 1', city: 'Bonn', country: 'DE' },
  });
  const sideCustomer = await makeCustomer(server, sideAccount, {});
  side = { key: sideAccount.apiKey, parties: { profileId: sideProfile.id, customerId: sideCustomer.id } };
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

describe('payments', () => {
  test('two payments settle an invoice: payment_status, amount_due, status paid, both listed', async () => {
    const { id } = docs.settled;
    const first = await call('POST', `/api/v1/documents/${id}/payments`, {
      amount: '100',
      date: '2026-12-01',
      method: 'bank_transfer',
      reference: 'SEPA 1',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      document_id: id,
      amount: '100.00',
      currency: 'EUR',
      date: '2026-12-01',
      method: 'bank_transfer',
      reference: 'SEPA 1',
      note: null,
    });
    expect(first.body.data.id).toStartWith('pay_');
    expect(typeof first.body.data.created_at).toBe('string');
    let doc = (await get(`/api/v1/documents/${id}`)).body.data;
    expect(doc).toMatchObject({
      status: 'finalized',
      amount_paid: '100.00',
      amount_due: '137.88',
      payment_status: 'partially_paid',
    });

    const second = await call('POST', `/api/v1/documents/${id}/payments`, {
      amount: '137.88',
      date: '2026-12-10',
      method: 'card',
    });
    expect(second.status).toBe(201);
    doc = (await get(`/api/v1/documents/${id}`)).body.data;
    expect(doc).toMatchObject({
      status: 'paid',
      amount_paid: '237.88',
      amount_due: '0.00',
      payment_status: 'paid',
    });

    const ids = [first.body.data.id, second.body.data.id];
    const onDocument = await get(`/api/v1/documents/${id}/payments`);
    expect(onDocument.status).toBe(200);
    expect(onDocument.body.data.map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());
    const all = await get(`/api/v1/payments?customer_id=${parties.customerId}`);
    expect(all.body.data.map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());
    const december = await get('/api/v1/payments?date_from=2026-12-05&date_to=2026-12-31');
    expect(december.body.data.map((p: { id: string }) => p.id)).toEqual([second.body.data.id]);

    // Deleting the settling payment moves it back; recording it again settles it once more.
    expect((await call('DELETE', `/api/v1/payments/${second.body.data.id}`)).status).toBeLessThan(300);
    doc = (await get(`/api/v1/documents/${id}`)).body.data;
    expect(doc).toMatchObject({
      status: 'finalized',
      payment_status: 'partially_paid',
      amount_due: '137.88',
    });
    const again = await call('POST', `/api/v1/documents/${id}/payments`, {
      amount: '137.88',
      date: '2026-12-10',
    });
    expect(again.status).toBe(201);
    expect((await get(`/api/v1/documents/${id}`)).body.data.status).toBe('paid');
  });

  test('a payment on a draft is a 409; an overpayment is allowed and shown', async () => {
    const draft = await sideCall('POST', '/api/v1/documents', documentBody(side.parties, { number: 'D-1' }));
    const refused = await sideCall('POST', `/api/v1/documents/${draft.body.data.id}/payments`, {
      amount: '1.00',
      date: '2026-12-01',
    });
    expect(refused.status).toBe(409);
    const extra = await invoice('S-190', side);
    await sideCall('POST', `/api/v1/documents/${extra.id}/payments`, {
      amount: '300.00',
      date: '2026-12-01',
    });
    const doc = (await sideCall('GET', `/api/v1/documents/${extra.id}`)).body.data;
    expect(doc).toMatchObject({ status: 'paid', payment_status: 'overpaid', amount_due: '-62.12' });
  });

  test('mark-paid records the settling payment dated today; mark-unpaid removes it', async () => {
    const doc = await invoice('S-191', side);
    // SPEC 3 keeps mark-paid to sent invoices (docs/payments.md).
    expect((await sideCall('POST', `/api/v1/documents/${doc.id}/mark-paid`)).status).toBe(409);
    expect((await sideCall('POST', `/api/v1/documents/${doc.id}/mark-sent`)).status).toBe(200);
    expect((await sideCall('POST', `/api/v1/documents/${doc.id}/mark-paid`)).status).toBe(200);
    const listed = (await sideCall('GET', `/api/v1/documents/${doc.id}/payments`)).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ amount: '237.88', date: '2026-12-20' });
    expect((await sideCall('POST', `/api/v1/documents/${doc.id}/mark-unpaid`)).status).toBe(200);
    expect((await sideCall('GET', `/api/v1/documents/${doc.id}/payments`)).body.data).toHaveLength(0);
    const after = (await sideCall('GET', `/api/v1/documents/${doc.id}`)).body.data;
    expect(after).toMatchObject({ payment_status: 'unpaid', amount_due: '237.88' });
    expect(after.status).toBe('sent');
  });
});

describe('overdue and ageing', () => {
  test('the open invoice is in ?overdue=true with days_overdue; the paid one is not', async () => {
    const res = await get('/api/v1/documents?overdue=true');
    expect(res.status).toBe(200);
    const found = res.body.data.filter((d: { id: string }) => d.id === docs.overdue.id);
    expect(found).toHaveLength(1);
    expect(found[0].days_overdue).toBe(18);
    expect(res.body.data.some((d: { id: string }) => d.id === docs.settled.id)).toBe(false);
  });

  test('the receivables report ages it into 0-30, per currency and per customer', async () => {
    const res = await get('/api/v1/reports/receivables?as_of=2026-12-20');
    expect(res.status).toBe(200);
    const eur = res.body.data.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    expect(eur).toMatchObject({
      open: '237.88',
      overdue: '237.88',
      ageing: { '0-30': '237.88', '31-60': '0.00', '61-90': '0.00', '90+': '0.00' },
    });
    const customer = res.body.data.customers.find(
      (c: { customer: { id: string } }) => c.customer.id === parties.customerId,
    );
    expect(customer).toMatchObject({ currency: 'EUR', overdue: '237.88', ageing: { '0-30': '237.88' } });
    // 70 days on, the same invoice is in 61-90.
    const later = await get('/api/v1/reports/receivables?as_of=2027-02-10');
    expect(later.body.data.currencies[0].ageing['61-90']).toBe('237.88');
  });

  test('revenue per month: net, tax and gross, per tax rate', async () => {
    const res = await get('/api/v1/reports/revenue?from=2026-11-01&to=2026-12-31&group=month');
    expect(res.status).toBe(200);
    const eur = res.body.data.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    expect(eur.months.map((m: { month: string }) => m.month)).toEqual(['2026-11', '2026-12']);
    // The two invoices of November: 2 x (199.90 net + 37.98 tax).
    expect(eur).toMatchObject({ net: '399.80', tax: '75.96', gross: '475.76' });
    const november = eur.months[0];
    expect(november).toMatchObject({ net: '399.80', tax: '75.96', gross: '475.76', documents: 2 });
    expect(november.by_tax_rate.map((r: { rate: string }) => r.rate)).toEqual(['19']);
    expect(eur.months[1]).toMatchObject({ net: '0.00', tax: '0.00', gross: '0.00' });
  });
});

describe('reminders and dunning', () => {
  test('the dunning policy: German defaults, PUT replaces it', async () => {
    const before = await get('/api/v1/dunning-policy');
    expect(before.status).toBe(200);
    expect(before.body.data.enabled).toBe(false);
    expect(before.body.data.levels.map((l: { subject: string }) => l.subject.split(' {')[0])).toEqual([
      'Zahlungserinnerung',
      '1. Mahnung',
      '2. Mahnung',
    ]);
    const policy = {
      enabled: true,
      levels: [
        { days_after_due: 7, fee: '0', subject: 'Zahlungserinnerung {number}', message: 'Bitte zahlen Sie.' },
        { days_after_due: 21, fee: '5.00', subject: '1. Mahnung {number}', message: 'Letzte Erinnerung.' },
      ],
    };
    const put = await call('PUT', '/api/v1/dunning-policy', policy);
    expect(put.status).toBe(200);
    const after = (await get('/api/v1/dunning-policy')).body.data;
    expect(after).toMatchObject({
      enabled: true,
      levels: [{ days_after_due: 7, fee: '0.00' }, { fee: '5.00' }],
    });
    const tooMany = await call('PUT', '/api/v1/dunning-policy', {
      enabled: true,
      levels: [1, 2, 3, 4, 5].map((n) => ({ days_after_due: n * 7, fee: '0', subject: 's', message: 'm' })),
    });
    expect(tooMany.status).toBe(422);
  });

  test('a reminder is e-mailed with the letter and the invoice as PDFs, and listed', async () => {
    const { id, number } = docs.overdue;
    const res = await call('POST', `/api/v1/documents/${id}/reminders`, {});
    expect(res.status).toBe(201);
    const reminder = res.body.data;
    expect(reminder).toMatchObject({ document_id: id, level: 1, fee: '0.00', amount_due: '237.88' });
    expect(reminder.id).toStartWith('rem_');
    expect(reminder.delivery_id).toStartWith('dlv_');
    expect(typeof reminder.created_at).toBe('string');

    await server.jobs.runDue();
    const mails = smtp.messages.filter((m) => m.envelope.to.includes(EMAIL));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parsed.subject).toBe(`Zahlungserinnerung ${number}`);
    const attachments = mails[0]?.parsed.attachments ?? [];
    expect(attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(attachments.map((a) => a.filename)).toEqual([`Zahlungserinnerung ${number}.pdf`, `${number}.pdf`]);
    for (const a of attachments) expect(a.content.subarray(0, 5).toString()).toBe('%PDF-');

    const listed = await get(`/api/v1/documents/${id}/reminders`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([reminder.id]);
    // A paid invoice gets no reminder.
    expect((await call('POST', `/api/v1/documents/${docs.settled.id}/reminders`, {})).status).toBe(409);
  });
});

describe('exports', () => {
  test('the DATEV file: EXTF 700 Buchungsstapel header, column line, one booking per document, `;`, decimal comma, Windows-1252', async () => {
    const settings = await call('PUT', '/api/v1/settings/accounting', {
      chart: 'SKR03',
      consultant_number: 29098,
      client_number: 55003,
    });
    expect(settings.status).toBe(200);
    expect(Object.keys(settings.body.data)).toEqual(
      expect.arrayContaining([
        'chart',
        'consultant_number',
        'client_number',
        'fiscal_year_start',
        'account_length',
        'revenue_accounts',
        'expense_accounts',
        'first_debtor_number',
        'first_creditor_number',
      ]),
    );
    // A customer's answer shows debtor_number once one is assigned.
    expect((await get(`/api/v1/customers/${parties.customerId}`)).body.data.debtor_number).toBeUndefined();
    const res = await server.request('/api/v1/exports/datev?from=2026-11-01&to=2026-11-30&kind=issued', {
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('windows-1252');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.includes(0xfc)).toBe(true); // "ü" of Müller as one Windows-1252 byte
    const text = new TextDecoder('windows-1252').decode(bytes);
    const lines = text.split('\r\n').filter((l) => l !== '');
    const header = datevFields(lines[0] as string);
    expect(header.slice(0, 4)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"']);
    expect(header.slice(10, 16)).toEqual(['29098', '55003', '20260101', '4', '20261101', '20261130']);
    expect(datevFields(lines[1] as string).slice(0, 2)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
    ]);
    const bookings = lines.slice(2);
    for (const { number } of [docs.settled, docs.overdue]) {
      const mine = bookings.filter((l) => l.includes(`"${number}"`));
      expect(mine).toHaveLength(1);
      const booking = datevFields(mine[0] as string);
      expect(booking[0]).toBe('237,88');
      expect(booking[1]).toBe('"S"');
      expect(booking[2]).toBe('"EUR"');
    }
    // The customer got its debtor number on this first export, and it is editable.
    expect((await get(`/api/v1/customers/${parties.customerId}`)).body.data.debtor_number).toBe(10000);
    const renumbered = await call('PATCH', `/api/v1/customers/${parties.customerId}`, {
      debtor_number: 10042,
    });
    expect(renumbered.body.data.debtor_number).toBe(10042);
    expect(bookings).toHaveLength(2);
    // The received side: the supplier's invoice of April 2016.
    await receiveOnce();
    const received = await server.request(
      '/api/v1/exports/datev?from=2016-04-01&to=2016-04-30&kind=received',
      {
        key: account.apiKey,
      },
    );
    const receivedLines = new TextDecoder('windows-1252').decode(await received.arrayBuffer()).split('\r\n');
    expect(datevFields(receivedLines[0] as string)[16]).toBe('"Rechnungseingang"');
    expect(receivedLines.filter((l) => l.includes('"123456XX"'))).toHaveLength(1);
  });

  test('the CSV exports name the issue columns', async () => {
    // The account's profile is de-DE: without `format` the CSVs come in the German form (issue 39).
    const res = await server.request(
      '/api/v1/exports/documents.csv?from=2026-11-01&to=2026-11-30&format=machine',
      {
        key: account.apiKey,
      },
    );
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'number,type,issue_date,due_date,customer,net,tax,total,amount_paid,amount_due,status,currency',
    );
    const settled = lines.find((l) => l.startsWith(`${docs.settled.number},`));
    expect(settled).toContain(',237.88,237.88,0.00,paid,EUR');
    await receiveOnce();
    const received = await server.request(
      '/api/v1/exports/received-documents.csv?from=2016-01-01&to=2016-12-31&format=machine',
      {
        key: account.apiKey,
      },
    );
    expect((await received.text()).split('\r\n')[0]).toBe(
      'number,type,issue_date,due_date,supplier,net,tax,total,amount_paid,amount_due,status,currency',
    );
  });

  test("the archive ZIP: each finalized document's PDF, the received original and an index CSV", async () => {
    const res = await server.request('/api/v1/exports/archive.zip?from=2026-11-01&to=2026-11-30', {
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    const names = entries.map((e) => e.name);
    expect(names).toContain(`issued/${docs.settled.number}.pdf`);
    expect(names).toContain(`issued/${docs.overdue.number}.pdf`);
    expect(names.at(-1)).toBe('index.csv');
    const pdf = entries.find((e) => e.name === `issued/${docs.settled.number}.pdf`);
    expect(new TextDecoder().decode(pdf?.bytes.subarray(0, 5))).toBe('%PDF-');
    const index = new TextDecoder().decode(entries.at(-1)?.bytes);
    expect(index.split('\r\n')[0]).toBe(
      'kind,number,type,issue_date,party,total,currency,status,file,size_bytes,sha256,note',
    );
    expect(index).toContain(docs.overdue.number);

    await receiveOnce();
    const old = await server.request('/api/v1/exports/archive.zip?from=2016-04-01&to=2016-04-30', {
      key: account.apiKey,
    });
    const oldEntries = readZip(new Uint8Array(await old.arrayBuffer()));
    const original = oldEntries.find((e) => e.name.startsWith('received/'));
    expect(original?.name).toBe('received/123456XX.xml');
    expect(Buffer.from(original?.bytes ?? []).equals(UBL)).toBe(true);
  });
});

describe('customer statement', () => {
  test('JSON: opening balance, invoices and payments of the period, closing balance, what is overdue', async () => {
    const res = await get(`/api/v1/customers/${parties.customerId}/statement?from=2026-11-01&to=2026-12-20`);
    expect(res.status).toBe(200);
    const eur = res.body.data.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    expect(eur.opening_balance).toBe('0.00');
    const numbers = eur.entries
      .filter((e: { type: string }) => e.type === 'invoice')
      .map((e: any) => e.number);
    expect(numbers).toEqual(expect.arrayContaining([docs.settled.number, docs.overdue.number]));
    const paid = eur.entries.filter((e: { type: string }) => e.type === 'payment');
    expect(paid.map((p: { amount: string }) => p.amount).sort()).toEqual(['-100.00', '-137.88']);
    expect(eur.closing_balance).toBe('237.88');
    expect(eur.overdue.amount).toBe('237.88');
    expect(eur.overdue.documents).toMatchObject([{ number: docs.overdue.number, days_overdue: 18 }]);
  });

  test('PDF with Accept: application/pdf', async () => {
    const res = await server.request(
      `/api/v1/customers/${parties.customerId}/statement?from=2026-11-01&to=2026-12-20`,
      { key: account.apiKey, headers: { accept: 'application/pdf' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});

let receivedId: string | null = null;
/** The supplier's UBL invoice 123456XX (issued 2016-04-04), received once for the tests that need it. */
async function receiveOnce(): Promise<string> {
  if (receivedId) return receivedId;
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: new Uint8Array(UBL),
  });
  expect([200, 201]).toContain(res.status);
  receivedId = ((await res.json()) as { data: { id: string } }).data.id;
  return receivedId;
}

describe('received documents', () => {
  test('payments on a received invoice: recorded, listed, settling it, deleted; in the payables report', async () => {
    const id = await receiveOnce();
    const doc = (await get(`/api/v1/received-documents/${id}`)).body.data;
    expect(doc).toMatchObject({ payment_status: 'unpaid', amount_paid: '0.00', amount_due: '336.90' });
    const payables = await get('/api/v1/reports/payables?as_of=2016-06-01');
    expect(payables.status).toBe(200);
    expect(payables.body.data.currencies[0].open).toBe('336.90');
    const expenses = await get('/api/v1/reports/expenses?from=2016-04-01&to=2016-04-30&group=month');
    expect(expenses.status).toBe(200);
    expect(expenses.body.data.currencies[0].months[0]).toMatchObject({ month: '2016-04', gross: '336.90' });

    const pay = await call('POST', `/api/v1/received-documents/${id}/payments`, {
      amount: '336.90',
      date: '2016-05-01',
      method: 'bank_transfer',
      reference: 'Überweisung 7',
    });
    expect(pay.status).toBe(201);
    expect(pay.body.data).toMatchObject({
      received_document_id: id,
      amount: '336.90',
      reference: 'Überweisung 7',
    });
    const paid = (await get(`/api/v1/received-documents/${id}`)).body.data;
    expect(paid).toMatchObject({ payment_status: 'paid', amount_due: '0.00' });
    const listed = await get(`/api/v1/received-documents/${id}/payments`);
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([pay.body.data.id]);
    const removed = await call('DELETE', `/api/v1/received-documents/${id}/payments/${pay.body.data.id}`);
    expect(removed.status).toBeLessThan(300);
    expect((await get(`/api/v1/received-documents/${id}`)).body.data.payment_status).toBe('unpaid');
  });
});
