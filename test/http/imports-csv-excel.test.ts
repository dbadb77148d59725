import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

// CSV files as a German Excel saves them: semicolons, decimal commas, ja/nein, trailing empty rows.

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
  return [...res.body.data].reverse();
};
const flat = (errors: RowErrors) => errors.map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)]);

describe('CSV as Excel writes it', () => {
  test('customers: semicolons, header names in any case with spaces, rows of empty cells skipped', async () => {
    const account = await makeAccount(server);
    const res = await create(account, 'customers', [
      ' Name ;EMAIL;Billing_Address.Line1;Billing_Address.Country;metadata.CRM_Id',
      'Müller GmbH;ap@mueller.example;Hauptstr. 1;DE;K-1',
      '"Schmidt; Söhne";;Ring 2;AT;',
      ';;;;',
      ';;;;',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 2, failed_rows: 0, errors: null });
    await confirm(account, res.body.data.id);
    const customers = [];
    for (const { id } of await listed(account, 'customers')) {
      customers.push((await server.json(`/api/v1/customers/${id}`, { key: account.apiKey })).body.data);
    }
    expect(customers.map((c) => [c.name, c.email, c.billing_address?.country])).toEqual([
      ['Müller GmbH', 'ap@mueller.example', 'DE'],
      ['Schmidt; Söhne', null, 'AT'],
    ]);
    // A metadata key is the customer's own: its case is kept.
    expect(customers[0].metadata).toEqual({ CRM_Id: 'K-1' });
    // A column 'metadata' without a key is named as written, not as 'metadataa'.
    const bare = await create(account, 'customers', ['name;Metadata', 'Acme;x']);
    expect(bare.status).toBe(422);
    expect(bare.body.error.details.fields[0].msg).toBe("unknown column 'metadata'");
  });

  test('customers: a comma file with trailing empty records, and a tab-separated file', async () => {
    const account = await makeAccount(server);
    const comma = await create(account, 'customers', ['name,email', 'Acme,ap@acme.example', ',', ' , ']);
    expect(comma.body.data).toMatchObject({ total_rows: 1, failed_rows: 0 });
    const tab = await create(account, 'customers', ['name\temail', 'Acme, Inc.\tap@acme.example']);
    expect(tab.body.data).toMatchObject({ total_rows: 1, failed_rows: 0 });
    await confirm(account, tab.body.data.id);
    expect((await listed(account, 'customers')).map((c) => c.name)).toEqual(['Acme, Inc.']);
  });

  test("customers: Excel's `sep=;` line names the delimiter (a one-column file keeps 'Müller, Hans' whole); a delimiter ending every line is no column", async () => {
    const account = await makeAccount(server);
    const sep = await create(account, 'customers', ['sep=;', 'name', 'Müller, Hans', 'Schmidt, Eva']);
    expect(sep.status).toBe(200);
    expect(sep.body.data).toMatchObject({ total_rows: 2, failed_rows: 0 });
    await confirm(account, sep.body.data.id);
    expect((await listed(account, 'customers')).map((c) => c.name)).toEqual(['Müller, Hans', 'Schmidt, Eva']);
    const trailing = await create(account, 'customers', [
      'name;email;',
      'Weber KG;ap@weber.example;',
      'Kurz OHG;;',
    ]);
    expect(trailing.body.data).toMatchObject({ total_rows: 2, failed_rows: 0 });
    // An unnamed column that holds something is refused, saying what it is.
    const unnamed = await create(account, 'customers', ['name;;email', 'Weber KG;x;ap@weber.example']);
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.error.details.fields[0].msg).toContain('a column without a name');
  });

  test('documents: German decimals and ja/nein in a semicolon file, converted exactly', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    const head =
      'Number;Issue_Date;Currency;Business_Profile_Id;Customer_Id;Shipping.Amount;Line.Name;Line.Quantity;Line.Unit_Price;Line.Tax_Rate;Line.Tax_Inclusive;Line.Discount_Percent';
    const res = await create(account, 'documents', [
      head,
      `G-1;2026-11-02;EUR;${bp};${cus};4,90;Beratung;1,5;100,00;19;Nein;`,
      `G-1;;;;;;Lizenz;1;1.234,56;19;nein;2,5`,
      `G-1;;;;;;Porto;2;0,10;7;JA;`,
      ';;;;;;;;;;;',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 3, failed_rows: 0, errors: null });
    await confirm(account, res.body.data.id);
    const [doc] = await listed(account, 'documents');
    expect(doc.data.shipping).toMatchObject({ amount: '4.90' });
    expect(
      doc.data.line_items.map((l: Record<string, unknown>) => [
        l.quantity,
        l.unit_price,
        l.taxes,
        l.discount,
      ]),
    ).toEqual([
      ['1.5', '100.00', [{ rate: '19', inclusive: false }], undefined],
      ['1', '1234.56', [{ rate: '19', inclusive: false }], { type: 'percentage', value: '2.5' }],
      ['2', '0.10', [{ rate: '7', inclusive: true }], undefined],
    ]);
  });

  test('documents: a decimal comma in a comma file, and a flag that is no yes or no, say how to write them', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    const res = await create(account, 'documents', [
      'number,issue_date,currency,business_profile_id,customer_id,line.name,line.quantity,line.unit_price,line.tax_inclusive',
      `K-1,2026-11-02,EUR,${bp},${cus},Beratung,1,"4,90",`,
      `K-2,2026-11-02,EUR,${bp},${cus},Lizenz,1,"1.234,56",vielleicht`,
    ]);
    expect(res.status).toBe(200);
    const errors = res.body.data.errors as RowErrors;
    expect(flat(errors)).toEqual([
      [1, ['line.unit_price:decimal_parsing']],
      [2, ['line.unit_price:decimal_parsing', 'line.tax_inclusive:bool_parsing']],
    ]);
    expect(errors[0]?.fields[0]?.msg).toContain('use a dot: 4.90');
    expect(errors[1]?.fields[0]?.msg).toContain('use a dot: 1234.56');
    expect(errors[1]?.fields[1]?.msg).toContain('ja/nein');
  });
});
