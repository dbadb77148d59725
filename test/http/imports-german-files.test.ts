import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

// Files as a German office's spreadsheet or accounting tool saves them: several empty columns right of the
// data, dates as 31.12.2026, countries by name.

type RowErrors = { row: number; fields: { loc: string; msg: string; type: string }[] }[];

const create = (account: TestAccount, resource: string, data: string[]) =>
  server.json('/api/v1/imports', {
    method: 'POST',
    key: account.apiKey,
    body: { source_format: 'csv', resource, data },
  });
const confirm = (account: TestAccount, id: string) =>
  server.json(`/api/v1/imports/${id}/confirm`, { method: 'POST', key: account.apiKey });
const listed = async (account: TestAccount, path: string) => {
  const res = await server.json(`/api/v1/${path}?limit=100`, { key: account.apiKey });
  const full = [];
  for (const { id } of [...res.body.data].reverse()) {
    full.push((await server.json(`/api/v1/${path}/${id}`, { key: account.apiKey })).body.data);
  }
  return full;
};
const flat = (errors: RowErrors) => errors.map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)]);

describe('German files', () => {
  test('several empty columns right of the data (name;city;;;) add no columns', async () => {
    const account = await makeAccount(server);
    const res = await create(account, 'customers', [
      'name;email;;;',
      'Weber KG;ap@weber.example;;;',
      'Kurz OHG;;;;',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 2, failed_rows: 0, errors: null });
    // An unnamed column holding a value is still refused, even behind empty ones.
    const valued = await create(account, 'customers', ['name;;;', 'Weber KG;;x;']);
    expect(valued.status).toBe(422);
    expect(valued.body.error.details.fields[0].type).toBe('invalid_header');
  });

  test('documents: dates written 31.12.2026 are read day first; a day that does not exist or a two-digit year is named', async () => {
    const account = await makeAccount(server);
    const { profileId, customerId } = await makeParties(server, account);
    const head = `number;issue_date;due_date;currency;business_profile_id;customer_id;line.name;line.quantity;line.unit_price;line.tax_rate;line.discount_amount`;
    const res = await create(account, 'documents', [
      head,
      `RE-1;31.12.2026;5.1.2027;EUR;${profileId};${customerId};"Beratung\nSenior";1,5;1.234,56;19;`,
      `RE-1;31.12.2026;05.01.2027;EUR;${profileId};${customerId};Reise;2;0,10;7;0,05`,
      `RE-2;31.02.2026;;EUR;${profileId};${customerId};Papier;3;9,99;19;`,
      `RE-3;01.12.2026;31.12.26;EUR;${profileId};${customerId};Papier;3;9,99;19;`,
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.total_rows).toBe(4);
    expect(flat(res.body.data.errors)).toEqual([
      [3, ['issue_date:date_parsing']],
      [4, ['due_date:date_parsing']],
    ]);
    const [bad, short] = res.body.data.errors;
    expect(bad.fields[0].msg).toContain("'31.02.2026' is not a date");
    expect(short.fields[0].msg).toContain('31.12.2026');
    const done = await confirm(account, res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 2, failed_rows: 2 });
    const [doc] = await listed(account, 'documents');
    expect(doc).toMatchObject({ number: 'RE-1', issue_date: '2026-12-31', due_date: '2027-01-05' });
    // 1,5 × 1.234,56 = 1851.84 at 19 %; 2 × 0,10 − 0,05 = 0.15 at 7 %: exact.
    const lines = doc.data.line_items.map((l: { quantity: string; unit_price: string }) => [
      l.quantity,
      l.unit_price,
    ]);
    expect(lines).toEqual([
      ['1.5', '1234.56'],
      ['2', '0.10'],
    ]);
    expect(doc.totals.subtotal.amount).toBe('1851.99');
    expect(doc.totals.tax_total.amount).toBe('351.86');
    expect(doc.totals.total.amount).toBe('2203.85');
  });

  test('customers: countries by German or English name, or by a lower-case code, are stored as codes', async () => {
    const account = await makeAccount(server);
    const res = await create(account, 'customers', [
      'name;billing_address.line1;billing_address.country;shipping_address.line1;shipping_address.country',
      'Müller GmbH;Hauptstr. 1;Deutschland;Lager 2;germany',
      'Huber KG;Ring 2;Österreich;;',
      'Gerber AG;Bahnhofstr. 3; schweiz ;;',
      'Smith Ltd;1 Main St;gb;;',
      'Nowhere;Weg 1;Atlantis;;',
    ]);
    expect(res.status).toBe(200);
    expect(flat(res.body.data.errors)).toEqual([[5, ['billing_address.country:string_pattern_mismatch']]]);
    await confirm(account, res.body.data.id);
    const customers = await listed(account, 'customers');
    expect(
      customers.map((c) => [c.name, c.billing_address?.country, c.shipping_address?.country ?? null]),
    ).toEqual([
      ['Müller GmbH', 'DE', 'DE'],
      ['Huber KG', 'AT', null],
      ['Gerber AG', 'CH', null],
      ['Smith Ltd', 'GB', null],
    ]);
  });
});

describe('cells formatted by Excel', () => {
  test('documents: amounts shown in euros (1.234,56 €) and rates shown as percents (19 %) are read exactly', async () => {
    const account = await makeAccount(server);
    const { profileId, customerId } = await makeParties(server, account);
    const res = await create(account, 'documents', [
      'number;issue_date;currency;business_profile_id;customer_id;line.name;line.quantity;line.unit_price;line.tax_rate;line.discount_percent',
      `RE-7;01.12.2026;EUR;${profileId};${customerId};Schrank;2;1.234,56\u00a0€;19 %;10%`,
      `RE-7;;;;;Montage;1;EUR 80,00;7%;`,
      `RE-8;01.12.2026;EUR;${profileId};${customerId};Tisch;1;$ 10,00;19;`,
      // Euros on a document in francs: not read as 10 francs.
      `RE-9;01.12.2026;CHF;${profileId};${customerId};Stuhl;1;10,00 €;19;`,
    ]);
    expect(res.status).toBe(200);
    expect(flat(res.body.data.errors)).toEqual([
      [3, ['line.unit_price:string_pattern_mismatch']],
      [4, ['line.unit_price:invalid_value']],
    ]);
    await confirm(account, res.body.data.id);
    const [doc] = await listed(account, 'documents');
    const lines = doc.data.line_items.map((l: { unit_price: string; taxes: { rate: string }[] }) => [
      l.unit_price,
      l.taxes[0]?.rate,
    ]);
    expect(lines).toEqual([
      ['1234.56', '19'],
      ['80.00', '7'],
    ]);
    // 2 × 1234.56 − 10 % = 2222.21 (2222.208), 80.00: exact.
    expect(doc.totals.subtotal.amount).toBe('2302.21');
  });
});
