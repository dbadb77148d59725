import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// A Handwerker moving from lexoffice or sevDesk: the article catalogue with its article numbers, and the
// customer list imported a second time without doubling every customer (docs/imports.md, docs/products.md).

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

type RowErrors = { row: number; sheet_row?: number; fields: { loc: string; msg: string; type: string }[] }[];

const create = (account: TestAccount, resource: string, data: unknown[], format = 'csv') =>
  server.json('/api/v1/imports', {
    method: 'POST',
    key: account.apiKey,
    body: { source_format: format, resource, data },
  });
const confirm = (account: TestAccount, id: string) =>
  server.json(`/api/v1/imports/${id}/confirm`, { method: 'POST', key: account.apiKey });
const list = async (account: TestAccount, what: string, q = '') =>
  (await server.json(`/api/v1/${what}?limit=100${q}`, { key: account.apiKey })).body.data.reverse();
const postProduct = (account: TestAccount, body: unknown) =>
  server.json('/api/v1/products', { method: 'POST', key: account.apiKey, body });
const flat = (errors: RowErrors | null) =>
  (errors ?? []).map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)]);

describe('article numbers', () => {
  test('optional, unique per account when set, searched by q, cleared by null', async () => {
    const account = await makeAccount(server);
    const other = await makeAccount(server);
    const cable = await postProduct(account, { name: 'NYM-J 3x1,5', article_number: ' E-1042 ' });
    expect(cable.status).toBe(200);
    expect(cable.body.data.article_number).toBe('E-1042');
    // Two articles without a number never collide; another account may use the same number.
    expect((await postProduct(account, { name: 'Arbeitszeit' })).body.data.article_number).toBeNull();
    expect((await postProduct(account, { name: 'Anfahrt', article_number: '' })).status).toBe(200);
    expect((await postProduct(other, { name: 'Fremd', article_number: 'E-1042' })).status).toBe(200);
    const again = await postProduct(account, { name: 'Kabel doppelt', article_number: 'E-1042' });
    expect(again.status).toBe(409);
    expect(again.body.error.details).toMatchObject({
      article_number: 'E-1042',
      product_id: cable.body.data.id,
    });
    // A bad field is still the 422, before the number is asked about.
    const bad = await postProduct(account, { name: 'x', article_number: 'E-1042', unit_price: '12,50' });
    expect(bad.status).toBe(422);
    const found = await list(account, 'products', '&q=e-104');
    expect(found.map((p: { name: string }) => p.name)).toEqual(['NYM-J 3x1,5']);
    const socket = await postProduct(account, { name: 'Steckdose', article_number: 'E-2000' });
    const taken = await server.json(`/api/v1/products/${socket.body.data.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { article_number: 'E-1042' },
    });
    expect(taken.status).toBe(409);
    // Its own number again is no conflict; null clears it, and the number is free then.
    const self = await server.json(`/api/v1/products/${cable.body.data.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { article_number: 'E-1042', name: 'NYM-J 3x1,5 mm²' },
    });
    expect(self.status).toBe(200);
    const cleared = await server.json(`/api/v1/products/${cable.body.data.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { article_number: null },
    });
    expect(cleared.body.data.article_number).toBeNull();
    const moved = await server.json(`/api/v1/products/${socket.body.data.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { article_number: 'E-1042' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.article_number).toBe('E-1042');
  });
});

describe('products import', () => {
  test('a German article list: units by name, decimal commas, euro and percent signs; review, then confirm', async () => {
    const account = await makeAccount(server);
    const res = await create(account, 'products', [
      'Artikelnummer;Bezeichnung;Beschreibung;Einheit;Preis netto;Steuersatz;Währung',
      'E-1042;NYM-J 3x1,5;Mantelleitung, Ring 100 m;m;1,29 €;19 %;EUR',
      'L-01;Arbeitszeit Geselle;;Std.;58,00;19%;',
      'L-02;Anfahrtspauschale;;Pauschal;1.234,50 €;19;',
      'B-7;Fachbuch Elektro;;Stück;24,90;7 %;',
      ';Entsorgung;;kg;0,35;0 %;',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      resource: 'products',
      status: 'pending',
      total_rows: 5,
      errors: null,
    });
    expect(await list(account, 'products')).toEqual([]);
    const done = await confirm(account, res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 5, failed_rows: 0 });
    const got = await list(account, 'products');
    const shape = got.map((p: Record<string, unknown>) => [
      p.article_number,
      p.name,
      p.unit_code,
      p.unit_price,
      p.tax_rate,
      p.currency,
    ]);
    expect(shape).toEqual([
      ['E-1042', 'NYM-J 3x1,5', 'MTR', '1.29', '19', 'EUR'],
      ['L-01', 'Arbeitszeit Geselle', 'HUR', '58.00', '19', null],
      ['L-02', 'Anfahrtspauschale', 'LS', '1234.50', '19', null],
      ['B-7', 'Fachbuch Elektro', 'C62', '24.90', '7', null],
      [null, 'Entsorgung', 'KGM', '0.35', '0', null],
    ]);
    expect(got[0].description).toBe('Mantelleitung, Ring 100 m');
  });

  test('row problems name the file column and spreadsheet row; a number in the catalogue or the file again is refused', async () => {
    const account = await makeAccount(server);
    const held = await postProduct(account, { name: 'Schalter', article_number: 'S-1' });
    const res = await create(account, 'products', [
      'Art.-Nr.;Bezeichnung;Einheit;Einzelpreis;USt',
      'S-1;Schalter neu;Stück;3,10;19',
      'S-2;Taster;Karton;2,00;19',
      ';;;;',
      'S-3;Dimmer;Stück;12,50;150',
      'S-4;;Stück;1;19',
      'S-5;Abzweigdose;Stück;0,80;19',
      'S-5;Abzweigdose groß;Stück;1,20;19',
      'HUR-X;Stunde;HUR;60;19',
    ]);
    expect(res.status).toBe(200);
    const errors = res.body.data.errors as RowErrors;
    expect(flat(errors)).toEqual([
      [1, ['Art.-Nr.:conflict']],
      [2, ['Einheit:invalid_value']],
      [3, ['USt:invalid']],
      [4, ['Bezeichnung:missing']],
      [6, ['Art.-Nr.:duplicate']],
    ]);
    expect(errors[0]?.fields[0]?.msg).toContain(held.body.data.id);
    // The emptied row counts in the spreadsheet: row 3 of the data is the sheet's row 5.
    expect(errors.find((e) => e.row === 3)?.sheet_row).toBe(5);
    const done = await confirm(account, res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 2, failed_rows: 5 });
    const names = (await list(account, 'products')).map((p: { name: string }) => p.name);
    expect(names).toEqual(['Schalter', 'Abzweigdose', 'Stunde']);
  });

  test('a number taken between review and confirm fails its row, not the import', async () => {
    const account = await makeAccount(server);
    const res = await create(account, 'products', [
      'article_number,name,unit_price',
      'A-1,One,1.00',
      'A-2,Two,2.00',
    ]);
    expect(res.body.data.errors).toBeNull();
    expect((await postProduct(account, { name: 'Racer', article_number: 'A-2' })).status).toBe(200);
    const done = await confirm(account, res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 1 });
    expect(flat(done.body.data.errors)).toEqual([[2, ['article_number:conflict']]]);
  });

  test('JSON rows are POST /products bodies; a comma file refuses a decimal comma; unknown columns are a 422', async () => {
    const account = await makeAccount(server);
    const json = await create(
      account,
      'products',
      [
        { name: 'Beratung', article_number: 'B-1', unit_code: 'HUR', unit_price: '95.00', tax_rate: '19' },
        { name: 'Kaputt', unit_price: '12,50' },
      ],
      'json',
    );
    expect(flat(json.body.data.errors)).toEqual([[2, ['unit_price:string_pattern_mismatch']]]);
    const comma = await create(account, 'products', ['name,unit_price', 'Dose,"1,5"']);
    expect(flat(comma.body.data.errors)).toEqual([[1, ['unit_price:decimal_parsing']]]);
    const unknown = await create(account, 'products', ['Bezeichnung;Lagerort', 'Dose;Regal 3']);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details.fields[0].msg).toContain('Lagerort');
    const gross = await create(account, 'products', ['Bezeichnung;Preis brutto', 'Dose;1,19']);
    expect(gross.status).toBe(422);
    const both = await create(account, 'products', [
      'Bezeichnung;Preis netto;Preis brutto',
      'Dose;1,00;1,19',
    ]);
    expect(both.body.data.errors).toBeNull();
  });
});

describe('customers imported twice', () => {
  test('a lexoffice list again: every row is a duplicate of the customer its number names, none created', async () => {
    const account = await makeAccount(server);
    const file = [
      'Kundennummer;Firma;E-Mail;USt-IdNr.',
      '10001;Weber KG;ap@weber.example;DE123456789',
      '10002;Schulz GmbH;info@schulz.example;',
    ];
    const first = await create(account, 'customers', file);
    await confirm(account, first.body.data.id);
    const second = await create(account, 'customers', [...file, '10003;Neu AG;neu@neu.example;']);
    expect(second.status).toBe(200);
    const errors = second.body.data.errors as RowErrors;
    expect(flat(errors)).toEqual([
      [1, ['Kundennummer:duplicate']],
      [2, ['Kundennummer:duplicate']],
    ]);
    expect(errors[0]?.fields[0]?.msg).toContain('Weber KG');
    const done = await confirm(account, second.body.data.id);
    expect(done.body.data).toMatchObject({ imported_rows: 1, failed_rows: 2 });
    expect((await list(account, 'customers')).map((c: { name: string }) => c.name)).toEqual([
      'Weber KG',
      'Schulz GmbH',
      'Neu AG',
    ]);
  });

  // A group's companies share one accounting mailbox, a firm's branches one USt-IdNr.: an e-mail or VAT ID
  // alone is no identity, only with the same name (any case, spaces aside).
  test('without numbers: the same name with the same e-mail (any case), else with the same VAT ID; sevDesk numbers in metadata', async () => {
    const account = await makeAccount(server);
    await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Meier', email: 'Post@Meier.example' },
    });
    await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Steuer GmbH', tax_id: 'DE 987 654 321' },
    });
    const res = await create(account, 'customers', [
      'Firma;E-Mail;USt-IdNr.',
      'Meier;post@meier.example;',
      'Meier Immobilien GmbH;post@meier.example;',
      'Steuer  GmbH;;DE987654321',
      'Steuer GmbH Filiale Nord;;DE987654321',
      'Anders;anders@x.example;DE987654321',
    ]);
    expect(flat(res.body.data.errors)).toEqual([
      [1, ['E-Mail:duplicate']],
      [3, ['USt-IdNr.:duplicate']],
    ]);
    // sevDesk numbers (1000 on) are no debtor accounts: kept in metadata, and matched there a second time.
    const sev = ['Kundennummer;Firma', '1000;Alpha', '1001;Beta'];
    await confirm(account, (await create(account, 'customers', sev)).body.data.id);
    const again = await create(account, 'customers', sev);
    expect(flat(again.body.data.errors)).toEqual([
      [1, ['Kundennummer:duplicate']],
      [2, ['Kundennummer:duplicate']],
    ]);
    // A JSON import is matched the same way.
    const json = await create(
      account,
      'customers',
      [
        { name: 'meier', email: 'POST@meier.example' },
        { name: 'Meier 2', email: 'POST@meier.example' },
      ],
      'json',
    );
    expect(flat(json.body.data.errors)).toEqual([[1, ['email:duplicate']]]);
  });
});
