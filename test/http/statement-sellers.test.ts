// A customer statement is one seller's, and its PDF prints every figure whole (docs/reports.md, Customer
// statement): two business profiles billing one customer are two statements (`?business_profile_id`; the
// PDF refuses to put both under one letterhead); amounts of six figures and long document numbers are never
// cut; Skonto is said as Skonto; pages after the first say what they continue; the seller's VAT id and bank
// account are labelled as on an invoice.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

let server: TestServer;
let account: TestAccount;
const clock = new FakeClock(new Date('2027-05-06T09:00:00.000Z'));
let software: string;
let services: string;
let customer: string;
const numbers = {
  long: 'RE-2027/Projekt-Nord-Erweiterung-Bauabschnitt-0001',
  big: 'RE-2027-0002',
  skonto: 'RE-2027-0003',
  theirs: 'SV-001',
};

const line = (unit_price: string, name = 'Beratung') => ({
  name,
  quantity: '1',
  unit_price,
  taxes: [{ rate: '19', category: 'S' }],
});

async function issue(profileId: string, number: string, issue_date: string, price: string, extra = {}) {
  return await makeDocument(
    server,
    account,
    { profileId, customerId: customer },
    { number, issue_date, due_date: issue_date, locale: 'de-DE', line_items: [line(price)], ...extra },
    ['finalize', 'mark-sent'],
  );
}

async function statement(query: string, pdf = false) {
  const path = `/api/v1/customers/${customer}/statement?from=2027-01-01&to=2027-04-30${query}`;
  if (!pdf) return { json: await server.json(path, { key: account.apiKey }), text: '' };
  const res = await server.request(path, { key: account.apiKey, headers: { accept: 'application/pdf' } });
  if (res.status !== 200) return { json: { status: res.status, body: await res.json() }, text: '' };
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (process.env.STATEMENT_PDF) await Bun.write(process.env.STATEMENT_PDF, bytes);
  const inspected = await inspectPdf(bytes);
  return { json: { status: 200, body: null }, text: inspected.text, pages: inspected.pages };
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server);
  software = (
    await makeBusinessProfile(server, account, {
      legal_name: 'Muster Software GmbH',
      tax_id: 'DE123456789',
      address: { line1: 'Hauptstr. 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
      bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    })
  ).id;
  services = (await makeBusinessProfile(server, account, { legal_name: 'Muster Services UG' })).id;
  customer = (
    await makeCustomer(server, account, {
      name: 'Bäckerei Brot KG',
      billing_address: { line1: 'Ring 2', postal_code: '50667', city: 'Köln', country: 'DE' },
    })
  ).id;
  await issue(software, numbers.long, '2027-01-15', '100.00');
  await issue(software, numbers.big, '2027-02-01', '103745.19'); // 123,456.78 with VAT
  const skonto = await issue(software, numbers.skonto, '2027-03-01', '58.00'); // 69.02
  const paid = await server.json(`/api/v1/documents/${skonto.id}/payments`, {
    method: 'POST',
    key: account.apiKey,
    body: { amount: '67.64', date: '2027-03-05', discount: '1.38' },
  });
  expect(paid.status).toBe(201);
  // A month of small invoices: the statement runs over a page.
  for (let day = 1; day <= 28; day++) {
    const d = String(day).padStart(2, '0');
    await issue(software, `RE-2027-04${d}`, `2027-04-${d}`, '10.00');
  }
  await issue(services, numbers.theirs, '2027-04-29', '50.00', { locale: 'en-GB' });
}, 120_000);
afterAll(async () => await server.stop());

describe('one seller a statement', () => {
  test('the JSON names the sellers; ?business_profile_id keeps one seller’s documents and payments', async () => {
    const all = await statement('');
    expect(all.json.status).toBe(200);
    const everyone = all.json.body.data;
    expect(everyone.business_profile_id).toBeNull();
    expect(everyone.sellers).toEqual(
      [
        { id: software, name: 'Muster Software GmbH' },
        { id: services, name: 'Muster Services UG' },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const numbersOf = (data: any) => data.currencies[0].entries.map((e: any) => e.number);
    expect(numbersOf(everyone)).toContain(numbers.theirs);

    const theirs = (await statement(`&business_profile_id=${services}`)).json.body.data;
    expect(theirs.business_profile_id).toBe(services);
    expect(theirs.sellers).toEqual(everyone.sellers);
    expect(numbersOf(theirs)).toEqual([numbers.theirs]);
    expect(theirs.currencies[0].closing_balance).toBe('59.50');

    const ours = (await statement(`&business_profile_id=${software}`)).json.body.data;
    expect(numbersOf(ours)).not.toContain(numbers.theirs);
    expect(numbersOf(ours)).toContain(numbers.skonto);
  });

  test('the PDF of a customer two sellers bill is a 422 naming them; with one named it is that seller’s', async () => {
    const refused = await statement('', true);
    expect(refused.json.status).toBe(422);
    expect(refused.json.body.error.details.fields[0]).toMatchObject({
      loc: 'query.business_profile_id',
      type: 'missing',
    });
    expect(refused.json.body.error.details.sellers.map((s: any) => s.id).sort()).toEqual(
      [software, services].sort(),
    );
    const theirs = await statement(`&business_profile_id=${services}`, true);
    expect(theirs.text).toContain('Muster Services UG');
    expect(theirs.text).toContain(numbers.theirs);
    expect(theirs.text).not.toContain('Muster Software');
    expect(theirs.text).not.toContain(numbers.big);
  });

  test('an unknown seller is a 422 at query.business_profile_id, the PDF’s too, before any quota', async () => {
    for (const pdf of [false, true]) {
      const res = await statement('&business_profile_id=bp_unknown', pdf);
      expect(res.json.status).toBe(422);
      expect(res.json.body.error.details.fields[0].loc).toBe('query.business_profile_id');
    }
  });
});

describe('the PDF prints every figure whole', () => {
  let text = '';
  let pages = 0;
  beforeAll(async () => {
    const drawn = await statement(`&business_profile_id=${software}`, true);
    text = drawn.text;
    pages = drawn.pages ?? 0;
  });

  test('six-figure amounts, in the entries and the overdue list, and the longest number', () => {
    // Once as the invoice, once as the overdue amount (the balance after it is larger).
    expect(text.split('123.456,78 €').length - 1).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('…');
    // A long number wraps (at its hyphens or slashes), every character kept.
    expect(text).toMatch(/RE-2027\/Projekt-Nord-Erweiterung-\s+15\.01\.2027 .*\n\s+Bauabschnitt-0001\n/);
  });

  test('Skonto is Skonto, not a second payment', () => {
    expect(text).toContain('Skonto');
    expect(text).toMatch(/Skonto\s+RE-2027-0003\s+-1,38 €/);
  });

  test('pages after the first say what they continue; the seller’s VAT id and bank account labelled', () => {
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Kontoauszug · Bäckerei Brot KG · Fortsetzung');
    expect(text).toContain('USt-IdNr. DE123456789');
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX');
  });
});
