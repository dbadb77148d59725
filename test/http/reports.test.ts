// Issue 28 §2 and §4: the receivables, revenue and payables reports and the customer statement
// (docs/reports.md), over invoices with payments, credit notes, two currencies and explicit dates.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

// documentBody's invoice: net 199.90, tax 37.98 (19 %), total 237.88.
let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let acme: { profileId: string; customerId: string };
let beta: { profileId: string; customerId: string };
const clock = new FakeClock(new Date('2026-11-20T09:30:00.000Z'));
const ids: Record<string, string> = {};

const post = async (path: string, body: unknown, key = account.apiKey) =>
  await server.json(path, { method: 'POST', key, body });
const get = async (path: string, key = account.apiKey) => await server.json(path, { key });
const pay = async (id: string, amount: string, date: string) =>
  expect((await post(`/api/v1/documents/${id}/payments`, { amount, date })).status).toBe(201);
const invoice = async (
  parties: typeof acme,
  issue: string,
  due: string,
  extra: Record<string, unknown> = {},
) =>
  await makeDocument(server, account, parties, { issue_date: issue, due_date: due, ...extra }, [
    'finalize',
    'mark-sent',
  ]);
/** A credit note of the licence line: 100.00 + 19.00 VAT = 119.00. */
const creditNote = async (parties: typeof acme, invoiceId: string, issue: string) =>
  await makeDocument(
    server,
    account,
    parties,
    {
      document_type: 'credit_note',
      source_document_id: invoiceId,
      reason: 'Licence returned',
      issue_date: issue,
      due_date: undefined,
      line_items: [
        { name: 'Licence', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
      ],
    },
    ['finalize'],
  );

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  acme = await makeParties(server, account);
  const b = await post('/api/v1/customers', {
    name: 'Beta GmbH',
    billing_address: { line1: 'Ring 2', city: 'Köln', country: 'DE' },
  });
  beta = { profileId: acme.profileId, customerId: b.body.data.id };

  // Acme, EUR: settled in May, part-paid in August, credited in October, one due in November.
  const i6 = await invoice(acme, '2026-05-01', '2026-05-31');
  await pay(i6.id, '100', '2026-05-10');
  await pay(i6.id, '137.88', '2026-05-20');
  const i1 = await invoice(acme, '2026-06-01', '2026-07-01');
  await pay(i1.id, '100', '2026-08-01');
  const i2 = await invoice(acme, '2026-09-01', '2026-09-15');
  await creditNote(acme, i2.id, '2026-10-01');
  const i4 = await invoice(acme, '2026-11-01', '2026-11-10');
  await creditNote(acme, i6.id, '2026-11-12');
  // Beta: one EUR invoice overdue, one USD invoice not yet due, both in German.
  const i3 = await invoice(beta, '2026-10-01', '2026-10-10', { locale: 'de-DE' });
  const i5 = await invoice(beta, '2026-11-05', '2026-12-05', { currency: 'USD', locale: 'de-DE' });
  // Neither a draft nor a voided invoice counts.
  await makeDocument(server, account, acme, { issue_date: '2026-07-01', due_date: '2026-07-02' });
  await makeDocument(server, account, acme, { issue_date: '2026-07-01', due_date: '2026-07-02' }, [
    'finalize',
    'void',
  ]);
  Object.assign(ids, { i1: i1.id, i2: i2.id, i3: i3.id, i4: i4.id, i5: i5.id, i6: i6.id });
});
afterAll(async () => await server.stop());

describe('receivables', () => {
  test('open, overdue and ageing per currency and per customer on a day, credit notes deducted', async () => {
    const res = await get('/api/v1/reports/receivables?as_of=2026-11-20');
    expect(res.status).toBe(200);
    const eur = res.body.data.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    // i1 137.88 (142 days), i2 237.88 - 119.00 (66 days), i3 237.88 (41 days), i4 237.88 (10 days);
    // the credit note of the settled i6 is a credit of 119.00.
    expect(eur).toEqual({
      currency: 'EUR',
      open: '613.52',
      current: '0.00',
      overdue: '732.52',
      credits: '119.00',
      ageing: { '0-30': '237.88', '31-60': '237.88', '61-90': '118.88', '90+': '137.88' },
      open_items: 4,
    });
    const usd = res.body.data.currencies.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd).toMatchObject({ open: '237.88', current: '237.88', overdue: '0.00', open_items: 1 });
    const rows = res.body.data.customers.map((c: any) => [
      c.customer.name,
      c.currency,
      c.open,
      c.overdue,
      c.credits,
    ]);
    expect(rows).toEqual([
      ['Acme Ltd', 'EUR', '375.64', '494.64', '119.00'],
      ['Beta GmbH', 'EUR', '237.88', '237.88', '0.00'],
      ['Beta GmbH', 'USD', '237.88', '0.00', '0.00'],
    ]);
    expect(res.body.data.customers[0].customer.id).toBe(acme.customerId);
  });

  test('payments dated after as_of do not count, nor documents issued after it', async () => {
    const res = await get('/api/v1/reports/receivables?as_of=2026-07-31');
    expect(res.body.data.currencies).toEqual([
      {
        currency: 'EUR',
        open: '237.88',
        current: '0.00',
        overdue: '237.88',
        credits: '0.00',
        ageing: { '0-30': '237.88', '31-60': '0.00', '61-90': '0.00', '90+': '0.00' },
        open_items: 1,
      },
    ]);
  });

  test('as_of defaults to today; a bad date is a 422 naming it; another account sees none of it', async () => {
    const today = await get('/api/v1/reports/receivables');
    expect(today.body.data.as_of).toBe('2026-11-20');
    const bad = await get('/api/v1/reports/receivables?as_of=2026-02-30');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.error.details.fields)).toContain('as_of');
    const theirs = await get('/api/v1/reports/receivables?as_of=2026-11-20', other.apiKey);
    expect(theirs.body.data).toEqual({ as_of: '2026-11-20', currencies: [], customers: [] });
    expect((await server.json('/api/v1/reports/receivables')).status).toBe(401);
  });
});

describe('revenue', () => {
  test('net, tax and gross per month and tax rate by issue date: invoices less credit notes', async () => {
    const res = await get('/api/v1/reports/revenue?from=2026-01-01&to=2026-11-30&group=month');
    expect(res.status).toBe(200);
    const [eur, usd] = res.body.data.currencies;
    expect(res.body.data).toMatchObject({
      from: '2026-01-01',
      to: '2026-11-30',
      group: 'month',
      basis: 'issue_date',
    });
    expect(eur).toMatchObject({ currency: 'EUR', net: '799.50', tax: '151.90', gross: '951.40' });
    expect(eur.months).toHaveLength(11);
    const month = (m: string) => eur.months.find((x: { month: string }) => x.month === m);
    expect(month('2026-04')).toMatchObject({ net: '0.00', gross: '0.00', documents: 0, by_tax_rate: [] });
    // The voided and the draft invoice of July are not revenue.
    expect(month('2026-07')).toMatchObject({ gross: '0.00', documents: 0 });
    expect(month('2026-10')).toEqual({
      month: '2026-10',
      net: '99.90',
      tax: '18.98',
      gross: '118.88',
      documents: 2,
      by_tax_rate: [{ category: 'S', rate: '19', net: '99.90', tax: '18.98' }],
    });
    expect(usd).toMatchObject({ currency: 'USD', net: '199.90', tax: '37.98', gross: '237.88' });
  });

  test('from after to, a bad date or another grouping is a 422', async () => {
    const backwards = await get('/api/v1/reports/revenue?from=2026-12-01&to=2026-11-30');
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.details.fields[0].loc).toBe('query.from');
    expect((await get('/api/v1/reports/revenue?from=2026-13-01')).status).toBe(422);
    expect((await get('/api/v1/reports/revenue?group=week')).status).toBe(422);
    expect((await get('/api/v1/reports/revenue?from=2001-01-01&to=2026-01-01')).status).toBe(422);
  });
});

describe('customer statement', () => {
  test('opening balance, the period in date order with a running balance, closing balance, overdue', async () => {
    const res = await get(`/api/v1/customers/${acme.customerId}/statement?from=2026-09-01&to=2026-11-30`);
    expect(res.status).toBe(200);
    const { customer, currencies } = res.body.data;
    expect(customer).toEqual({ id: acme.customerId, name: 'Acme Ltd' });
    expect(currencies).toHaveLength(1);
    const [eur] = currencies;
    // Before September: i6 and i1 billed (475.76), i6 paid in full and i1 100.00 (337.88).
    expect(eur.opening_balance).toBe('137.88');
    expect(eur.entries.map((e: any) => [e.date, e.type, e.amount, e.balance])).toEqual([
      ['2026-09-01', 'invoice', '237.88', '375.76'],
      ['2026-10-01', 'credit_note', '-119.00', '256.76'],
      ['2026-11-01', 'invoice', '237.88', '494.64'],
      ['2026-11-12', 'credit_note', '-119.00', '375.64'],
    ]);
    expect(eur.closing_balance).toBe('375.64');
    expect(eur.overdue.amount).toBe('494.64');
    expect(eur.overdue.documents.map((d: any) => [d.document_id, d.days_overdue, d.amount_due])).toEqual([
      [ids.i1, 152, '137.88'],
      [ids.i2, 76, '118.88'],
      [ids.i4, 20, '237.88'],
    ]);
  });

  test('payments are entries on their own date', async () => {
    const res = await get(`/api/v1/customers/${acme.customerId}/statement?from=2026-05-01&to=2026-08-31`);
    const [eur] = res.body.data.currencies;
    expect(eur.opening_balance).toBe('0.00');
    expect(eur.entries.map((e: any) => [e.date, e.type, e.amount])).toEqual([
      ['2026-05-01', 'invoice', '237.88'],
      ['2026-05-10', 'payment', '-100.00'],
      ['2026-05-20', 'payment', '-137.88'],
      ['2026-06-01', 'invoice', '237.88'],
      ['2026-08-01', 'payment', '-100.00'],
    ]);
    expect(eur.entries[1].number).toBe(eur.entries[0].number);
    expect(eur.closing_balance).toBe('137.88');
  });

  test("as a PDF: the customer's language and the profile's page size", async () => {
    const pdfOf = async (customerId: string, range: string) => {
      const res = await server.request(`/api/v1/customers/${customerId}/statement?${range}`, {
        key: account.apiKey,
        headers: { accept: 'application/pdf' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return await inspectPdf(new Uint8Array(await res.arrayBuffer()));
    };
    const english = await pdfOf(acme.customerId, 'from=2026-09-01&to=2026-11-30');
    for (const words of [
      'Statement of account',
      'Müller',
      'Acme Ltd',
      'Opening balance',
      '€375.64',
      'Overdue on',
    ]) {
      expect(english.text).toContain(words);
    }
    expect(Math.round(english.width)).toBe(595);

    // Beta's documents are in German; the profile now prints on Letter paper. Both currencies are shown.
    const patched = await server.json(`/api/v1/business-profiles/${acme.profileId}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { default_page_size: 'LETTER' },
    });
    expect(patched.status).toBe(200);
    const german = await pdfOf(beta.customerId, 'from=2026-10-01&to=2026-11-30');
    for (const words of [
      'Kontoauszug',
      'Anfangssaldo',
      'Rechnung',
      '237,88 €',
      '237,88 $',
      'Überfällig am',
    ]) {
      expect(german.text).toContain(words);
    }
    expect(Math.round(german.width)).toBe(612);
  });

  test('unknown or foreign customer is a 404; bad dates a 422 with details.fields', async () => {
    expect((await get('/api/v1/customers/cus_unknown/statement')).status).toBe(404);
    expect((await get(`/api/v1/customers/${acme.customerId}/statement`, other.apiKey)).status).toBe(404);
    const bad = await get(`/api/v1/customers/${acme.customerId}/statement?from=2026-11-30&to=2026-01-01`);
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('query.from');
    const worse = await get(`/api/v1/customers/${acme.customerId}/statement?to=yesterday`);
    expect(worse.status).toBe(422);
    expect(JSON.stringify(worse.body.error.details.fields)).toContain('to');
  });
});

describe('payables', () => {
  test('received invoices aged by their due date, received payments up to as_of', async () => {
    // The example with a due date (BT-9) a month after its issue date.
    const body = readFileSync(
      join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'),
      'utf8',
    ).replace(
      '<cbc:IssueDate>2016-04-04</cbc:IssueDate>',
      '<cbc:IssueDate>2016-04-04</cbc:IssueDate><cbc:DueDate>2016-05-04</cbc:DueDate>',
    );
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body,
    });
    expect(res.status).toBe(201);
    const doc = ((await res.json()) as any).data;
    const due = doc.due_date;
    expect(due).toBe('2016-05-04');
    const asOf = new Date(Date.parse(`${due}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);
    const paid = new Date(Date.parse(`${due}T00:00:00Z`) + 50 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await post(`/api/v1/received-documents/${doc.id}/payments`, { amount: '36.90', date: paid })).status,
    ).toBe(201);
    const before = await get(`/api/v1/reports/payables?as_of=${asOf}`);
    expect(before.status).toBe(200);
    expect(before.body.data.currencies).toEqual([
      {
        currency: 'EUR',
        open: '336.90',
        current: '0.00',
        overdue: '336.90',
        credits: '0.00',
        ageing: { '0-30': '0.00', '31-60': '336.90', '61-90': '0.00', '90+': '0.00' },
        open_items: 1,
      },
    ]);
    expect(before.body.data.suppliers[0].supplier.name).toBe('[Seller trading name]');
    const after = await get(`/api/v1/reports/payables?as_of=${paid}`);
    expect(after.body.data.currencies[0]).toMatchObject({ open: '300.00', overdue: '300.00' });
    const expenses = await get(`/api/v1/reports/expenses?from=${doc.issue_date}&to=${doc.issue_date}`);
    expect(expenses.body.data.currencies[0]).toMatchObject({ currency: 'EUR', gross: '336.90' });
    const theirs = await get(`/api/v1/reports/payables?as_of=${asOf}`, other.apiKey);
    expect(theirs.body.data.currencies).toEqual([]);
  }, 120_000);
});
