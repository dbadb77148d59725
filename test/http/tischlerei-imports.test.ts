import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { GERMAN } from '../../src/console/i18n-de';
import { importProblemText } from '../../src/console/pages/import-problems';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

// A carpentry firm's customer list from its old tools: a general contractor invoiced under § 13b UStG every
// time gets its VAT for new lines (`default_tax`) from the file, as a JSON import gives it.

type RowErrors = { row: number; sheet_row?: number; fields: { loc: string; msg: string; type: string }[] }[];

const create = (account: TestAccount, data: unknown[], format = 'csv') =>
  server.json('/api/v1/imports', {
    method: 'POST',
    key: account.apiKey,
    body: { source_format: format, resource: 'customers', data },
  });
const confirm = (account: TestAccount, id: string) =>
  server.json(`/api/v1/imports/${id}/confirm`, { method: 'POST', key: account.apiKey });
const customersOf = async (account: TestAccount) => {
  const res = await server.json('/api/v1/customers?limit=100', { key: account.apiKey });
  const full = [];
  for (const { id } of [...res.body.data].reverse()) {
    full.push((await server.json(`/api/v1/customers/${id}`, { key: account.apiKey })).body.data);
  }
  return full;
};
const flat = (errors: RowErrors | null) =>
  (errors ?? []).map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)]);

const REVERSE_CHARGE = 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)';

describe('a customers CSV with the VAT for new lines (default_tax)', () => {
  test('the columns default_tax.* fill it as a JSON row does; empty cells leave it unset', async () => {
    const account = await makeAccount(server);
    const res = await create(account, [
      'Firma;Straße;PLZ;Ort;Land;default_tax.rate;default_tax.category;default_tax.exemption_reason;',
      `Bau GmbH;Ring 1;10115;Berlin;Deutschland;0;AE;${REVERSE_CHARGE};`,
      'Buchhandlung Lenz;Markt 2;80331;München;DE;7,0 %;S;;',
      'Familie Roth;Weg 3;20095;Hamburg;DE;;;;',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 3, failed_rows: 0, errors: null });
    const done = await confirm(account, res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 3 });
    const [bau, lenz, roth] = await customersOf(account);
    expect(bau.default_tax).toEqual({ rate: '0', category: 'AE', exemption_reason: REVERSE_CHARGE });
    expect(lenz.default_tax).toEqual({ rate: '7', category: 'S' });
    expect(roth.default_tax).toBeUndefined();
  });

  test('a wrong value is the row error at its column, with the checks of POST /customers', async () => {
    const account = await makeAccount(server);
    const res = await create(account, [
      'name;billing_address.line1;default_tax.rate;default_tax.category;default_tax.exemption_reason',
      'Gut GmbH;Ring 1;19;S;',
      `Falsch 1;Ring 2;19;AE;${REVERSE_CHARGE}`,
      'Falsch 2;Ring 3;0;S;',
      'Falsch 3;Ring 4;0;XX;',
      'Falsch 4;Ring 5;neunzehn;S;',
      'Falsch 5;Ring 6;19;S;steuerfrei',
      'Falsch 6;Ring 7;;AE;',
      'Falsch 7;Ring 8;120;S;',
      'Falsch 8;Ring 9;19;;',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 9, failed_rows: 8 });
    expect(flat(res.body.data.errors)).toEqual([
      [2, ['default_tax.rate:invalid_value']],
      [3, ['default_tax.rate:invalid_value']],
      [4, ['default_tax.category:invalid_value']],
      [5, ['default_tax.rate:string_pattern_mismatch']],
      [6, ['default_tax.exemption_reason:invalid_value']],
      [7, ['default_tax.rate:missing']],
      [8, ['default_tax.rate:invalid']],
      [9, ['default_tax.category:missing']],
    ]);
    const msgs = (res.body.data.errors as RowErrors).map((e) => e.fields[0]?.msg);
    expect(msgs[0]).toBe('category AE is charged at 0 %');
    expect(msgs[2]).toContain("'XX' is not a UNCL5305 VAT category");
    // The console says each in words, with a German text for each (i18n-de-products.ts).
    const said = (res.body.data.errors as RowErrors).map((e) => importProblemText(e.fields[0] as never));
    expect(said[0]).toBe('The category AE is charged at 0 %: write 0 as the rate.');
    expect(said[1]).toStartWith('The standard rate (S) is above 0 %');
    expect(said[2]).toStartWith('“XX” is no VAT category');
    expect(said[4]).toBe('The category S takes no legal basis: leave the exemption reason empty.');
    expect(said[6]).toBe('Enter a rate from 0 to 100, such as 19 or 7.');
    for (const english of [
      'The category {category} is charged at 0 %: write 0 as the rate.',
      'The category {category} takes no legal basis: leave the exemption reason empty.',
      'Enter a rate from 0 to 100, such as 19 or 7.',
    ]) {
      expect(GERMAN[english]).toBeString();
    }
  });

  test('a comma file refuses a decimal comma in the rate, naming the fix; the header list names the columns', async () => {
    const account = await makeAccount(server);
    const res = await create(account, ['name,default_tax.rate,default_tax.category', 'Komma KG,"7,5",S']);
    expect(flat(res.body.data.errors)).toEqual([[1, ['default_tax.rate:decimal_parsing']]]);
    // The header's list of the columns names them.
    const unknown = await create(account, ['name;Steuersatz', 'X;19']);
    expect(unknown.status).toBe(422);
    const said = unknown.body.error.details.fields.map((f: { msg: string }) => f.msg).join('\n');
    expect(said).toContain('default_tax.rate');
    expect(said).toContain('default_tax.exemption_reason_code');
  });
});

describe('an article list without article numbers, imported again', () => {
  const LIST = [
    'Bezeichnung;Beschreibung;Einheit;Preis netto;Steuersatz',
    'Montage Tür;"Einbau inkl.\nZarge";Std.;58,50 €;19 %',
    'Anfahrt;;km;0,45;19',
    'Eichenbrett;;m;12,00;19',
  ];
  const products = (account: TestAccount, data: unknown[]) =>
    server.json('/api/v1/imports', {
      method: 'POST',
      key: account.apiKey,
      body: { source_format: 'csv', resource: 'products', data },
    });
  const catalogue = async (account: TestAccount) =>
    (await server.json('/api/v1/products?limit=100', { key: account.apiKey })).body.data as {
      name: string;
      unit_price: string;
    }[];

  test('a row the catalogue holds as it is (no number, same name, unit, price and VAT) is not imported twice', async () => {
    const account = await makeAccount(server);
    const first = await products(account, LIST);
    expect(first.body.data).toMatchObject({ total_rows: 3, failed_rows: 0 });
    await confirm(account, first.body.data.id);
    // The same list again, with one price changed since and one new article.
    const again = await products(account, [
      ...LIST.slice(0, 3),
      'Eichenbrett;;m;13,50;19',
      'Leimholz;;m²;24,00;19',
    ]);
    expect(again.body.data).toMatchObject({ total_rows: 4, failed_rows: 2 });
    expect(flat(again.body.data.errors)).toEqual([
      [1, ['Bezeichnung:duplicate']],
      [2, ['Bezeichnung:duplicate']],
    ]);
    const [said] = (again.body.data.errors as RowErrors)[0]?.fields ?? [];
    expect(said?.msg).toMatch(
      /^already in the catalogue: Montage Tür \(prd_\w+\) with this name, unit, price and VAT;/,
    );
    expect(importProblemText(said as never)).toStartWith('Already in the catalogue: Montage Tür');
    const done = await confirm(account, again.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 2 });
    const names = (await catalogue(account)).map((p) => `${p.name} ${p.unit_price}`).sort();
    expect(names).toEqual([
      'Anfahrt 0.45',
      'Eichenbrett 12.00',
      'Eichenbrett 13.50',
      'Leimholz 24.00',
      'Montage Tür 58.50',
    ]);
  });
});
