import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { fileRow } from '../../src/console/pages/import-problems';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

// Customer files whose header row is German, as a small firm saves its list from Excel, lexoffice or sevDesk.

type RowErrors = { row: number; fields: { loc: string; msg: string; type: string }[] }[];

const create = (account: TestAccount, data: unknown[], format = 'csv') =>
  server.json('/api/v1/imports', {
    method: 'POST',
    key: account.apiKey,
    body: { source_format: format, resource: 'customers', data },
  });
const confirm = (account: TestAccount, id: string) =>
  server.json(`/api/v1/imports/${id}/confirm`, { method: 'POST', key: account.apiKey });
const customers = async (account: TestAccount) => {
  const res = await server.json('/api/v1/customers?limit=100', { key: account.apiKey });
  const full = [];
  for (const { id } of [...res.body.data].reverse()) {
    full.push((await server.json(`/api/v1/customers/${id}`, { key: account.apiKey })).body.data);
  }
  return full;
};
const flat = (errors: RowErrors) => errors.map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)]);
const headerMsgs = (res: { body: { error: { details: { fields: { msg: string }[] } } } }) =>
  res.body.error.details.fields.map((f) => f.msg);

describe('German customer headers', () => {
  test('a lexoffice-like header: company or split name, customer number as debtor number, country by name', async () => {
    const account = await makeAccount(server);
    const res = await create(account, [
      'Kundennummer;Firma;Name;Vorname;Straße;PLZ;Ort;Land;E-Mail;Telefon;USt-IdNr.',
      '10001;Weber KG;Weber;Anna;Hauptstr. 1;10115;Berlin;Deutschland;ap@weber.example;030 123;DE123456789',
      '10002;;Müller;Hans;Ringweg 2;1010;Wien;Österreich;hans@mueller.example;;',
      '10003;;Schulz;;Am Markt 3;80331;München;DE;;;',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 3, failed_rows: 0, errors: null });
    const done = await confirm(account, res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 3 });
    const [weber, mueller, schulz] = await customers(account);
    expect(weber).toMatchObject({
      name: 'Weber KG',
      contact_name: 'Anna Weber',
      debtor_number: 10001,
      email: 'ap@weber.example',
      phone: '030 123',
      tax_id: 'DE123456789',
      billing_address: { line1: 'Hauptstr. 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
    });
    expect(mueller).toMatchObject({ name: 'Hans Müller', debtor_number: 10002 });
    expect(mueller.billing_address).toMatchObject({ city: 'Wien', country: 'AT' });
    expect(mueller.contact_name).toBeUndefined();
    expect(schulz).toMatchObject({ name: 'Schulz', debtor_number: 10003 });
  });

  test('a short list (Name;E-Mail;PLZ;Ort;Land): Name is the name, case and spacing do not matter', async () => {
    const account = await makeAccount(server);
    const res = await create(account, [
      'NAME; e-mail ;Strasse;PLZ;ort;Land',
      'Kurz OHG;info@kurz.example;Kai 4;20095;Hamburg;Deutschland',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.errors).toBeNull();
    // An address needs its street (as POST /customers says): without a street column the row says so.
    const streetless = await create(account, ['Name;E-Mail;PLZ;Ort;Land', 'Lang KG;;20095;Hamburg;DE']);
    expect(flat(streetless.body.data.errors)).toEqual([[1, ['billing_address.line1:missing']]]);
    await confirm(account, res.body.data.id);
    const [kurz] = await customers(account);
    expect(kurz).toMatchObject({
      name: 'Kurz OHG',
      email: 'info@kurz.example',
      billing_address: { line1: 'Kai 4', postal_code: '20095', city: 'Hamburg', country: 'DE' },
    });
  });

  test('aliases and API names mix; two columns for one field are refused naming both', async () => {
    const account = await makeAccount(server);
    const mixed = await create(account, [
      'name,E-Mail,billing_address.line1,PLZ,Ort,billing_address.country,metadata.CRM_Id',
      'Acme GmbH,ap@acme.example,Weg 1,50667,Köln,de,A-7',
    ]);
    expect(mixed.status).toBe(200);
    expect(mixed.body.data.errors).toBeNull();
    await confirm(account, mixed.body.data.id);
    const [acme] = await customers(account);
    expect(acme).toMatchObject({
      name: 'Acme GmbH',
      email: 'ap@acme.example',
      billing_address: { line1: 'Weg 1', postal_code: '50667', city: 'Köln', country: 'DE' },
      metadata: { CRM_Id: 'A-7' },
    });

    const twice = await create(account, ['name;email;E-Mail', 'Acme;a@acme.example;b@acme.example']);
    expect(twice.status).toBe(422);
    const msgs = headerMsgs(twice);
    expect(msgs.some((m) => m.includes("'email'") && m.includes("'E-Mail'"))).toBe(true);
    const firms = await create(account, ['Firma;Firmenname', 'A;B']);
    expect(firms.status).toBe(422);
    expect(headerMsgs(firms).some((m) => m.includes("'Firma'") && m.includes("'Firmenname'"))).toBe(true);
  });

  test('an unknown column is refused with a list of the accepted names, German ones too', async () => {
    const account = await makeAccount(server);
    const res = await create(account, ['Firma;Lieblingsfarbe', 'Acme;blau']);
    expect(res.status).toBe(422);
    const msgs = headerMsgs(res);
    expect(msgs).toContain("unknown column 'lieblingsfarbe'");
    const list = msgs.find((m) => m.startsWith('the columns a customers file may have:')) ?? '';
    for (const name of [
      'name',
      'email',
      'billing_address.postal_code',
      'Firma',
      'Vorname',
      'PLZ',
      'Kundennummer',
    ]) {
      expect(list).toContain(name);
    }
  });

  test('errors name the row and the column as the file names it', async () => {
    const account = await makeAccount(server);
    const res = await create(account, [
      'Kundennummer;Firma;Name;Vorname;E-Mail;Straße;Land',
      '10001;Weber KG;;;kein-mail;Weg 1;Deutschland',
      'K-7;;Müller;Hans;;Weg 2;DE',
      '10003;;;;;Weg 3;DE',
      '10004;Ok GmbH;;;;Weg 4;Atlantis',
    ]);
    expect(res.status).toBe(200);
    expect(flat(res.body.data.errors)).toEqual([
      [1, ['E-Mail:string_format']],
      [2, ['Kundennummer:int_parsing']],
      [3, ['Name:missing']],
      [4, ['Land:string_pattern_mismatch']],
    ]);
  });

  test('a customer number twice in the file or already taken is a row error, never a failed confirm', async () => {
    const account = await makeAccount(server);
    const first = await create(account, ['Kundennummer;Name', '20001;Erst GmbH']);
    await confirm(account, first.body.data.id);
    const res = await create(account, [
      'Kundennummer;Name',
      '20001;Zweit GmbH',
      '20002;Dritt GmbH',
      '20002;Viert GmbH',
    ]);
    expect(res.status).toBe(200);
    expect(flat(res.body.data.errors)).toEqual([
      [1, ['Kundennummer:conflict']],
      [3, ['Kundennummer:duplicate']],
    ]);
    const done = await confirm(account, res.body.data.id);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 2 });
    // A number taken between create and confirm fails that row at confirm, not the import.
    const late = await create(account, ['Kundennummer;Name', '20009;Spät GmbH', '20010;Früh GmbH']);
    expect(late.body.data.errors).toBeNull();
    const taken = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Dazwischen AG', debtor_number: 20009 },
    });
    expect(taken.status).toBe(200);
    const lateDone = await confirm(account, late.body.data.id);
    expect(lateDone.status).toBe(200);
    expect(lateDone.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 1 });
    expect(flat(lateDone.body.data.errors)).toEqual([[1, ['Kundennummer:conflict']]]);
    // JSON imports get the same checks.
    const json = await create(
      account,
      [
        { name: 'A', debtor_number: 20003 },
        { name: 'B', debtor_number: 20003 },
      ],
      'json',
    );
    expect(flat(json.body.data.errors)).toEqual([[2, ['debtor_number:duplicate']]]);
    const jsonDone = await confirm(account, json.body.data.id);
    expect(jsonDone.status).toBe(200);
    expect(jsonDone.body.data).toMatchObject({ status: 'completed', imported_rows: 1 });
  });

  test('a customer number that is no DATEV debtor account is kept as metadata.Kundennummer (sevDesk: 1000 on)', async () => {
    const account = await makeAccount(server);
    const res = await create(account, [
      'Kundennummer;Firma',
      '1001;Acme GmbH',
      '00042;Beta GmbH',
      'K-7;Gamma GmbH',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.errors).toBeNull();
    await confirm(account, res.body.data.id);
    const list = await customers(account);
    expect(list.map((c) => [c.name, c.debtor_number, c.metadata])).toEqual([
      ['Acme GmbH', undefined, { Kundennummer: '1001' }],
      ['Beta GmbH', undefined, { Kundennummer: '00042' }],
      ['Gamma GmbH', undefined, { Kundennummer: 'K-7' }],
    ]);
  });

  test('a column mixing debtor accounts and other numbers, or a Debitorenkonto outside the range, is a row error', async () => {
    const account = await makeAccount(server);
    const mixed = await create(account, [
      'Kd.-Nr.;Firma',
      '10001;Acme GmbH',
      '70001;Beta GmbH',
      '69999;Gamma GmbH',
    ]);
    expect(flat(mixed.body.data.errors)).toEqual([[2, ['Kd.-Nr.:out_of_range']]]);
    const msg = mixed.body.data.errors[0].fields[0].msg;
    expect(msg).toContain('10000-69999');
    expect(msg).toContain("'metadata.Kundennummer'");
    const strict = await create(account, ['Debitorenkonto;Firma', '1001;Acme GmbH', '10002;Beta GmbH']);
    expect(flat(strict.body.data.errors)).toEqual([[1, ['Debitorenkonto:out_of_range']]]);
    // Beside an explicit debtor column, the customer number is the customer's number, whatever its value.
    const both = await create(account, ['Kundennummer;Debitorennummer;Firma', '10001;10005;Acme GmbH']);
    expect(both.body.data.errors).toBeNull();
    await confirm(account, both.body.data.id);
    const [acme] = await customers(account);
    expect(acme).toMatchObject({ debtor_number: 10005, metadata: { Kundennummer: '10001' } });
  });

  test('the debtor range follows the account length of the DATEV settings', async () => {
    const account = await makeAccount(server);
    const put = await server.json('/api/v1/settings/accounting', {
      method: 'PUT',
      key: account.apiKey,
      body: { account_length: 5 },
    });
    expect(put.status).toBe(200);
    const res = await create(account, ['Debitorenkonto;Firma', '10001;Acme GmbH', '100001;Beta GmbH']);
    expect(flat(res.body.data.errors)).toEqual([[1, ['Debitorenkonto:out_of_range']]]);
    expect(res.body.data.errors[0].fields[0].msg).toContain('100000-699999');
    // The API's own column name is held against the same length (it took any length's debtor account).
    const plain = await create(account, ['debtor_number;name', '10002;Gamma GmbH', '100002;Delta GmbH']);
    expect(flat(plain.body.data.errors)).toEqual([[1, ['debtor_number:out_of_range']]]);
  });

  test('a JSON import takes no customer_number: it is refused as POST /customers refuses it', async () => {
    const account = await makeAccount(server);
    await server.json('/api/v1/settings/accounting', {
      method: 'PUT',
      key: account.apiKey,
      body: { account_length: 5 },
    });
    const res = await create(account, [{ name: 'Acme GmbH', customer_number: '10001' }], 'json');
    expect(res.status).toBe(200);
    expect(res.body.data.failed_rows).toBe(1);
    expect(res.body.data.errors[0].row).toBe(1);
    expect(res.body.data.errors[0].sheet_row).toBeUndefined();
  });

  test('a row error names the spreadsheet row where blank or emptied rows were skipped before it', async () => {
    const account = await makeAccount(server);
    const res = await create(account, [
      'Firma;E-Mail;Straße',
      'Acme GmbH;a@acme.example;',
      'Gamma GmbH;kein-mail;',
      ';;',
      '',
      'Beta GmbH;"kein\nmail";"zwei',
      'Zeilen"',
      'Delta GmbH;auch-kein-mail;',
    ]);
    expect(res.status).toBe(200);
    const errors = res.body.data.errors;
    // Row 2 follows no skipped row: it is row 3 of the sheet, and the API says nothing more.
    expect(errors.map((e: { row: number; sheet_row?: number }) => [e.row, e.sheet_row])).toEqual([
      [2, undefined],
      [3, 6],
      [4, 7],
    ]);
    expect(errors.map((e: { row: number; sheet_row?: number }) => fileRow(e, 'csv'))).toEqual([3, 6, 7]);
  });

  test('a row failing at confirm keeps its spreadsheet row', async () => {
    const account = await makeAccount(server);
    const res = await create(account, ['Kundennummer;Firma', ';', '20011;Spät GmbH', '20012;Früh GmbH']);
    expect(res.body.data.errors).toBeNull();
    const taken = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Dazwischen AG', debtor_number: 20012 },
    });
    expect(taken.status).toBe(200);
    const done = await confirm(account, res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 1 });
    expect(done.body.data.errors).toEqual([
      { row: 2, sheet_row: 4, fields: [{ loc: 'Kundennummer', msg: expect.any(String), type: 'conflict' }] },
    ]);
  });
});
