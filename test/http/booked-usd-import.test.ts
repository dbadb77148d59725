// The agency's history holds invoices to a US client in dollars. DATEV books them only with their rate to
// the euro (tax_currency, docs/exports.md "Foreign currency"), which a JSON row carries: a documents CSV
// carries it too now, in the JSON row's shape (`tax_currency.currency`, `tax_currency.exchange_rate`), and
// the DATEV export of the month books the finalized invoice with its Kurs and Basis-Umsatz instead of the
// 422 that named it.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readDatev } from '../datev';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let agency: TestAccount;
let ids: { biz: string; acme: string };

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  agency = await makeAccount(server);
  const settings = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: agency.apiKey,
    body: { consultant_number: 29098, client_number: 55003 },
  });
  expect(settings.status).toBe(200);
  const biz = await makeBusinessProfile(server, agency, { legal_name: 'Agentur Nord GmbH' });
  const acme = await makeCustomer(server, agency, {
    name: 'Acme Inc.',
    billing_address: { line1: '1 Main St', city: 'Boston', postal_code: '02110', country: 'US' },
  });
  ids = { biz: biz.id, acme: acme.id };
});
afterAll(() => server.stop());

async function importCsv(lines: string[]) {
  const created = await server.json('/api/v1/imports', {
    method: 'POST',
    key: agency.apiKey,
    body: { source_format: 'csv', resource: 'documents', data: lines },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data;
}

describe('a documents CSV with the rate to the euro', () => {
  test('a German file: the rate with a decimal comma, kept as the JSON row keeps it; DATEV books it', async () => {
    const head =
      'number;issue_date;currency;tax_currency.currency;tax_currency.exchange_rate;business_profile_id;customer_id;line.name;line.quantity;line.unit_price;line.tax_rate;line.tax_category;line.tax_exemption_reason';
    const row = (name: string) =>
      `RE-2026-0090;15.04.2026;USD;EUR;0,9213;${ids.biz};${ids.acme};${name};1;1000,00;0;O;Not subject to German VAT`;
    const pending = await importCsv([head, row('Landing page'), row('Hosting')]);
    expect(pending).toMatchObject({ status: 'pending', errors: null, total_rows: 2 });
    const done = await server.json(`/api/v1/imports/${pending.id}/confirm`, {
      method: 'POST',
      key: agency.apiKey,
    });
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 2 });
    const list = await server.json('/api/v1/documents?limit=10', { key: agency.apiKey });
    const doc = list.body.data.find((d: { number: string }) => d.number === 'RE-2026-0090');
    expect(doc.data.tax_currency).toEqual({ currency: 'EUR', exchange_rate: '0.9213' });
    expect(doc.data.line_items).toHaveLength(2);
    const finalized = await server.json(`/api/v1/documents/${doc.id}/finalize`, {
      method: 'POST',
      key: agency.apiKey,
    });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    const res = await server.request('/api/v1/exports/datev?from=2026-04-01&to=2026-04-30', {
      key: agency.apiKey,
    });
    expect(res.status).toBe(200);
    const file = readDatev(new Uint8Array(await res.arrayBuffer()));
    expect(file.rows).toHaveLength(1);
    const booking = file.rows[0] as string[];
    expect(file.value(booking, 'WKZ Umsatz')).toBe('USD');
    expect(file.value(booking, 'Kurs')).toBe('1,085423');
    expect(file.value(booking, 'Basis-Umsatz')).toBe('1842,60');
    expect(file.value(booking, 'WKZ Basis-Umsatz')).toBe('EUR');
  });

  test('a rate that is no decimal, or a comma one in a comma file, is named at its column', async () => {
    const head =
      'number,issue_date,currency,tax_currency.currency,tax_currency.exchange_rate,business_profile_id,customer_id,line.name,line.quantity,line.unit_price,line.tax_rate';
    const pending = await importCsv([
      head,
      `RE-2026-0091,2026-04-16,USD,EUR,"0,92",${ids.biz},${ids.acme},Design,1,100.00,0`,
      `RE-2026-0092,2026-04-17,USD,EUR,about 0.9,${ids.biz},${ids.acme},Design,1,100.00,0`,
      `RE-2026-0093,2026-04-18,USD,,0.92,${ids.biz},${ids.acme},Design,1,100.00,0`,
    ]);
    const errors = (pending.errors ?? []) as { row: number; fields: { loc: string; type: string }[] }[];
    expect(errors.map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)])).toEqual([
      [1, ['tax_currency.exchange_rate:decimal_parsing']],
      [2, [expect.stringMatching(/^tax_currency\.exchange_rate:/)]],
      [3, [expect.stringMatching(/^tax_currency\.currency:/)]],
    ]);
  });
});
