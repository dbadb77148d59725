// A credit note entered with negative amounts (-1 x 15.97 at 19 %: total -19.00, docs/calculation.md)
// credits as much as one entered positive: its e-invoice states 19.00 credited, and the invoice's
// amount_credited was 19.00. The revenue report (whole months from the kept sums, parts of a month from
// the documents), the receivables, the customer statement and the DATEV export took it with its sign: the
// credit note was subtracted as a negative, adding 19.00 to revenue and to what the customer owed, and
// DATEV booked it as revenue. Found by an exploratory review; failed before migrations 0039 / pg 0020.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
let customerId = '';
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });
const VAT = [{ name: 'VAT', rate: '19', category: 'S' }];

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  firm = await makeAccount(server);
  expect(
    (await call('PUT', '/api/v1/settings/accounting', { consultant_number: 29098, client_number: 55003 }))
      .status,
  ).toBe(200);
  const profile = await makeBusinessProfile(server, firm, { legal_name: 'Grafikbüro Weißhaupt' });
  const customer = await makeCustomer(server, firm, { name: 'Stadtwerke Neuss' });
  customerId = customer.id;
  const parties = { profileId: profile.id, customerId };
  const common = { tax_scheme: 'VAT', due_date: '2026-11-30' };
  // 100.00 + 19.00; credited 19.00 entered as -1 x 15.97; 50.00 paid.
  const invoice = await makeDocument(
    server,
    firm,
    parties,
    {
      ...common,
      number: 'RE-2026-0001',
      issue_date: '2026-11-02',
      line_items: [{ name: 'Gestaltung', quantity: '1', unit_price: '100.00', taxes: VAT }],
    },
    ['finalize'],
  );
  await makeDocument(
    server,
    firm,
    parties,
    {
      ...common,
      number: 'RK-2026-0001',
      document_type: 'credit_note',
      source_document_id: invoice.id,
      reason: 'Nachlass',
      issue_date: '2026-11-10',
      due_date: undefined,
      line_items: [{ name: 'Nachlass', quantity: '-1', unit_price: '15.97', taxes: VAT }],
    },
    ['finalize'],
  );
  const paid = await call('POST', `/api/v1/documents/${invoice.id}/payments`, {
    amount: '50.00',
    date: '2026-11-20',
  });
  expect(paid.status).toBe(201);
  expect((await call('GET', `/api/v1/documents/${invoice.id}`)).body.data).toMatchObject({
    amount_credited: '19.00',
    amount_due: '50.00',
  });
});
afterAll(() => server?.stop());

test('revenue: the credit note takes 19.00 away, from the kept sums of a whole month and from a part of one', async () => {
  for (const [from, to] of [
    ['2026-11-01', '2026-11-30'],
    ['2026-11-02', '2026-11-29'],
  ]) {
    const res = await call('GET', `/api/v1/reports/revenue?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const eur = res.body.data.currencies.find((c: { currency: string }) => c.currency === 'EUR');
    expect({ from, gross: eur.gross, net: eur.net, tax: eur.tax }).toEqual({
      from,
      gross: '100.00',
      net: '84.03',
      tax: '15.97',
    });
    const rate = eur.months[0].by_tax_rate.find((r: { rate: string }) => Number(r.rate) === 19);
    expect({ from, net: rate.net, tax: rate.tax }).toEqual({ from, net: '84.03', tax: '15.97' });
  }
});

test('receivables and the statement: the customer owes 50.00, not 88.00', async () => {
  const receivables = await call('GET', '/api/v1/reports/receivables?as_of=2026-11-21');
  expect(receivables.status).toBe(200);
  const eur = receivables.body.data.currencies.find((c: { currency: string }) => c.currency === 'EUR');
  expect(eur).toMatchObject({ open: '50.00', credits: '0.00' });
  const statement = await call(
    'GET',
    `/api/v1/customers/${customerId}/statement?from=2026-11-01&to=2026-11-30`,
  );
  expect(statement.status).toBe(200);
  const data = statement.body.data;
  const currency = (data.currencies ?? [data]).find((c: { currency: string }) => c.currency === 'EUR');
  expect(currency.closing_balance).toBe('50.00');
  const credit = currency.entries.find((e: { type: string }) => e.type === 'credit_note');
  expect(credit.amount).toBe('-19.00');
});

test('DATEV: the credit note takes 19.00 off the revenue account (Haben of the debtor), as one entered positive', async () => {
  const res = await server.request('/api/v1/exports/datev?from=2026-11-01&to=2026-11-30&kind=issued', {
    key: firm.apiKey,
  });
  expect(res.status).toBe(200);
  const file = readDatev(new Uint8Array(await res.arrayBuffer()));
  const credit = file.rows
    .filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === 'RK-2026-0001')
    .map((row) => [
      file.value(row, 'Umsatz (ohne Soll/Haben-Kz)'),
      file.value(row, 'Soll/Haben-Kennzeichen'),
      file.value(row, 'Gegenkonto (ohne BU-Schlüssel)'),
    ]);
  expect(credit).toEqual([['19,00', 'H', '8400']]);
});
