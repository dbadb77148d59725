import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

type Parties = { profileId: string; customerId: string };

const create = (account: TestAccount, body: unknown) =>
  server.json('/api/v1/imports', { method: 'POST', key: account.apiKey, body });
const act = (account: TestAccount, id: string, action: 'confirm' | 'cancel') =>
  server.json(`/api/v1/imports/${id}/${action}`, { method: 'POST', key: account.apiKey });
/** Every document of the account, oldest first, as GET /documents returns them. */
const documentsOf = async (account: TestAccount) => {
  const res = await server.json('/api/v1/documents?limit=100', { key: account.apiKey });
  expect(res.body.pagination.has_more).toBe(false);
  return [...res.body.data].reverse();
};
const amounts = (doc: { totals: Record<string, { amount: string }> }) =>
  Object.fromEntries(Object.entries(doc.totals).map(([k, v]) => [k, v.amount]));

const VAT19 = [{ name: 'VAT', rate: '19', category: 'S' }];
const jsonDocument = (parties: Parties, overrides: Record<string, unknown> = {}) => ({
  number: 'J-1',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  currency: 'EUR',
  business_profile_id: parties.profileId,
  customer_id: parties.customerId,
  line_items: [{ name: 'Consulting', quantity: '2', unit_price: '100.00', taxes: VAT19 }],
  ...overrides,
});

describe('imports of documents', () => {
  test('JSON: every POST /documents check per row, duplicates in the file and in the account; confirm makes drafts', async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    await makeDocument(server, account, parties, { number: 'TAKEN-1' });
    const data = [
      jsonDocument(parties, { number: 'J-1' }),
      jsonDocument(parties, {
        number: 'J-BAD-QTY',
        line_items: [{ name: 'X', quantity: 'two', unit_price: '1.00' }],
      }),
      jsonDocument(parties, { number: 'J-NO-CUSTOMER', customer_id: 'cus_missing' }),
      jsonDocument(parties, { number: 'J-1' }),
      jsonDocument(parties, { number: 'TAKEN-1' }),
      jsonDocument(parties, { number: undefined }),
      jsonDocument(parties, {
        number: 'J-2',
        document_type: 'quote',
        line_items: [
          { name: 'Design', quantity: '1.5', unit_price: '80.00', taxes: VAT19 },
          { name: 'Print', quantity: '3', unit_price: '9.99', taxes: [{ rate: '7', category: 'S' }] },
        ],
      }),
      'not an object',
    ];
    const res = await create(account, { source_format: 'json', resource: 'documents', data });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      resource: 'documents',
      status: 'pending',
      total_rows: 8,
      imported_rows: 0,
      failed_rows: 6,
    });
    const errors = res.body.data.errors as { row: number; fields: { loc: string; type: string }[] }[];
    expect(errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 6, 8]);
    const at = (row: number) => errors.find((e) => e.row === row)?.fields.map((f) => [f.loc, f.type]);
    expect(at(2)).toEqual([['line_items.0.quantity', 'string_pattern_mismatch']]);
    expect(at(3)).toEqual([['customer_id', 'not_found']]);
    expect(at(4)).toEqual([['number', 'duplicate']]);
    expect(errors.find((e) => e.row === 4)?.fields[0]).toMatchObject({
      msg: expect.stringContaining('row 1'),
    });
    expect(at(5)).toEqual([['number', 'conflict']]);
    expect(at(6)).toEqual([['number', 'missing']]);
    expect(at(8)).toEqual([['row', 'object_type']]);
    expect(await documentsOf(account)).toHaveLength(1); // only TAKEN-1: create commits nothing

    const confirmed = await act(account, res.body.data.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ status: 'completed', imported_rows: 2, failed_rows: 6 });
    const [, first, second] = await documentsOf(account);
    expect(first).toMatchObject({
      number: 'J-1',
      status: 'draft',
      document_type: 'invoice',
      currency: 'EUR',
    });
    expect(amounts(first)).toMatchObject({ subtotal: '200.00', tax_total: '38.00', total: '238.00' });
    expect(second).toMatchObject({ number: 'J-2', status: 'draft', document_type: 'quote' });
    // 120.00 + 29.97; VAT 22.80 + 2.10
    expect(amounts(second)).toMatchObject({ subtotal: '149.97', tax_total: '24.90', total: '174.87' });

    expect((await act(account, res.body.data.id, 'confirm')).status).toBe(409);
    expect((await act(account, res.body.data.id, 'cancel')).status).toBe(409);
  });

  test('CSV: one record per line, grouped by number; BOM, quoted commas and newlines; totals per document', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    const data = [
      `\uFEFFnumber,issue_date,due_date,currency,business_profile_id,customer_id,notes,line.name,line.description,line.quantity,line.unit_price,line.tax_rate,line.tax_category,line.discount_percent`,
      `C-1,2026-11-02,2026-12-02,EUR,${bp},${cus},"Thanks, see you","Consulting, senior",,2,100.00,19,S,`,
      `C-1,2026-11-02,2026-12-02,EUR,${bp},${cus},"Thanks, see you",Travel,"Berlin -`,
      `Hamburg, return",1,50.00,19,S,10`,
      `C-2,2026-11-03,,EUR,${bp},${cus},,Paper,,3,9.99,7,S,`,
    ];
    const res = await create(account, { source_format: 'csv', resource: 'documents', data });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 3, failed_rows: 0, errors: null });
    const confirmed = await act(account, res.body.data.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ status: 'completed', imported_rows: 3, failed_rows: 0 });

    const [c1, c2] = await documentsOf(account);
    expect(c1).toMatchObject({
      number: 'C-1',
      status: 'draft',
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      business_profile_id: bp,
      customer_id: cus,
    });
    expect(c1.data.notes).toBe('Thanks, see you');
    expect(c1.data.line_items).toEqual([
      {
        name: 'Consulting, senior',
        quantity: '2',
        unit_price: '100.00',
        taxes: [{ rate: '19', category: 'S' }],
      },
      {
        name: 'Travel',
        description: 'Berlin -\nHamburg, return',
        quantity: '1',
        unit_price: '50.00',
        taxes: [{ rate: '19', category: 'S' }],
        discount: { type: 'percentage', value: '10' },
      },
    ]);
    // 200.00 + (50.00 - 10%) = 245.00; VAT 19% = 46.55
    expect(amounts(c1)).toMatchObject({ subtotal: '245.00', tax_total: '46.55', total: '291.55' });
    expect(c2).toMatchObject({ number: 'C-2', due_date: null });
    expect(amounts(c2)).toMatchObject({ subtotal: '29.97', tax_total: '2.10', total: '32.07' });
  });

  test('CSV with document_ref: numbers drawn from a sequence at confirm, in file order', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    const seq = await server.json('/api/v1/numbering-sequences', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Imported', prefix: 'IMP-', pattern: '{NNNN}' },
    });
    const head = 'document_ref,numbering_sequence_id,issue_date,currency,business_profile_id,customer_id';
    const doc = `${seq.body.data.id},2026-11-02,EUR,${bp},${cus}`;
    const data = [
      `${head},line.name,line.quantity,line.unit_price`,
      `R-b,${doc},A,1,10.00`,
      `R-b,,,,,,B,1,5.00`,
      `R-a,${doc},C,2,1.00`,
    ];
    const res = await create(account, { source_format: 'csv', resource: 'documents', data });
    expect(res.body.data).toMatchObject({ total_rows: 3, failed_rows: 0 });
    await act(account, res.body.data.id, 'confirm');
    const docs = await documentsOf(account);
    expect(docs.map((d) => [d.number, d.totals.total.amount, d.data.line_items.length])).toEqual([
      ['IMP-0001', '15.00', 2],
      ['IMP-0002', '2.00', 1],
    ]);
  });

  test('CSV: a price per 100 pieces (line.price_base_quantity, BT-149) is kept and priced by it, a list price beside it', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    const data = [
      'number,issue_date,currency,business_profile_id,customer_id,line.name,line.quantity,line.unit_price,line.price_base_quantity,line.gross_unit_price,line.unit_code',
      `P-1,2026-11-02,EUR,${bp},${cus},Schrauben M6,2500,4.90,1000,5.50,H87`,
      `P-1,,,,,Scheiben,300,1.37,,,H87`,
    ];
    const res = await create(account, { source_format: 'csv', resource: 'documents', data });
    expect(res.body.data).toMatchObject({ total_rows: 2, failed_rows: 0 });
    await act(account, res.body.data.id, 'confirm');
    const [doc] = await documentsOf(account);
    // 2500 x 4.90 / 1000 = 12.25, 300 x 1.37 = 411.00
    expect(doc?.totals.subtotal.amount).toBe('423.25');
    expect(doc?.data.line_items.map((l: { price_base_quantity?: string }) => l.price_base_quantity)).toEqual([
      '1000',
      undefined,
    ]);
    expect(doc?.data.line_items[0]?.gross_unit_price).toBe('5.50');
  });

  test('CSV: a final construction invoice (type_code 877) with what the partial invoices were paid (prepaid_amount)', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    const data = [
      'number,issue_date,currency,business_profile_id,customer_id,type_code,prepaid_amount,line.name,line.quantity,line.unit_price',
      `S-1,2026-11-02,EUR,${bp},${cus},877,8000.00,Rohbau,1,10000.00`,
      `S-2,2026-11-02,EUR,${bp},${cus},381,,Falsch,1,1.00`,
    ];
    const res = await create(account, { source_format: 'csv', resource: 'documents', data });
    expect(res.body.data).toMatchObject({ total_rows: 2, failed_rows: 1 });
    const errors = res.body.data.errors as { row: number; fields: { loc: string }[] }[];
    expect(errors.map((e) => [e.row, e.fields.map((f) => f.loc)])).toEqual([[2, ['type_code']]]);
    await act(account, res.body.data.id, 'confirm');
    const [doc] = await documentsOf(account);
    expect(doc?.data).toMatchObject({ type_code: '877', prepaid_amount: '8000.00' });
    expect(doc?.totals.amount_due.amount).toBe('2000.00');
  });

  test('CSV row errors name the record and the column; a document with one bad line is not imported at all', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    await makeDocument(server, account, { profileId: bp, customerId: cus }, { number: 'TAKEN-1' });
    const doc = `2026-11-02,EUR,${bp}`;
    const data = [
      'number,issue_date,currency,business_profile_id,customer_id,line.name,line.quantity,line.unit_price,line.tax_rate,line.tax_inclusive',
      `E-1,${doc},${cus},Widget,abc,10.00,19,`,
      `E-1,,,,,Gadget,1,5.00,19,`,
      `E-2,${doc},cus_missing,Thing,1,1.00,,`,
      `E-3,${doc},${cus},Fine,1,1.00,,`,
      `E-3,2026-11-02,USD,,,Also fine,1,1.00,,maybe`,
      `E-1,${doc},${cus},Again,1,1.00,,`,
      `TAKEN-1,${doc},${cus},Taken,1,1.00,,`,
      `,${doc},${cus},No number,1,1.00,,`,
      `E-4,${doc},${cus},Good,1,1.00,19,true`,
      `E-4,${doc},${cus},Good too,2,3.00,,`,
    ];
    const res = await create(account, { source_format: 'csv', resource: 'documents', data });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 10, failed_rows: 8 });
    const errors = res.body.data.errors as { row: number; fields: { loc: string; type: string }[] }[];
    expect(errors.map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)])).toEqual([
      [1, ['line.quantity:string_pattern_mismatch']],
      [2, ['row:document_invalid']],
      [3, ['customer_id:not_found']],
      [4, ['row:document_invalid']],
      [5, ['line.tax_inclusive:bool_parsing', 'currency:inconsistent']],
      [6, ['number:duplicate']],
      [7, ['number:conflict']],
      [8, ['number:missing']],
    ]);
    const confirmed = await act(account, res.body.data.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ imported_rows: 2, failed_rows: 8 });
    const docs = await documentsOf(account);
    expect(docs.map((d) => d.number)).toEqual(['TAKEN-1', 'E-4']);
    // 1.00 incl. 19% VAT + 6.00 without tax
    expect(docs[1].data.line_items[0].taxes).toEqual([{ rate: '19', inclusive: true }]);
  });

  test('CSV: a number that comes back after another document is refused with its whole document', async () => {
    const account = await makeAccount(server);
    const { profileId: bp, customerId: cus } = await makeParties(server, account);
    const doc = `2026-11-02,EUR,${bp},${cus}`;
    const data = [
      'number,issue_date,currency,business_profile_id,customer_id,line.name,line.quantity,line.unit_price,line.tax_rate',
      `X-1,${doc},A,1,10.00,19`,
      `X-2,${doc},B,1,10.00,19`,
      `X-1,${doc},C,1,10.00,19`,
    ];
    const res = await create(account, { source_format: 'csv', resource: 'documents', data });
    expect(res.body.data).toMatchObject({ total_rows: 3, failed_rows: 2 });
    const errors = res.body.data.errors as {
      row: number;
      fields: { loc: string; msg: string; type: string }[];
    }[];
    expect(errors.map((e) => [e.row, e.fields.map((f) => `${f.loc}:${f.type}`)])).toEqual([
      [1, ['row:document_invalid']],
      [3, ['number:duplicate']],
    ]);
    expect(errors[0]?.fields[0]?.msg).toContain('rows 1, 3');
    const confirmed = await act(account, res.body.data.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ imported_rows: 1, failed_rows: 2 });
    expect((await documentsOf(account)).map((d) => d.number)).toEqual(['X-2']);
  });

  test('a cost centre (cost_centre_id, JSON and CSV) as POST /documents takes it: checked at create and at confirm, stored with the draft', async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const centre = async (code: string) =>
      (
        await server.json('/api/v1/cost-centres', {
          method: 'POST',
          key: account.apiKey,
          body: { code, name: code },
        })
      ).body.data.id as string;
    const [sales, old, later] = [await centre('VERTRIEB'), await centre('ALT'), await centre('SPAETER')];
    await server.json(`/api/v1/cost-centres/${old}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { active: false },
    });
    const json = await create(account, {
      source_format: 'json',
      resource: 'documents',
      data: [
        jsonDocument(parties, { number: 'KST-1', cost_centre_id: sales }),
        jsonDocument(parties, { number: 'KST-2', cost_centre_id: 'cc_missing' }),
        jsonDocument(parties, { number: 'KST-3', cost_centre_id: old }),
        jsonDocument(parties, { number: 'KST-4', cost_centre_id: later }),
        jsonDocument(parties, { number: 'KST-X', cost_centre_id: { id: sales } }),
      ],
    });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ total_rows: 5, failed_rows: 3 });
    expect(
      json.body.data.errors.map((e: { row: number; fields: { loc: string; type: string }[] }) => [
        e.row,
        e.fields.map((f) => [f.loc, f.type]),
      ]),
    ).toEqual([
      [2, [['cost_centre_id', 'not_found']]],
      [3, [['cost_centre_id', 'invalid_value']]],
      [5, [['cost_centre_id', 'string_type']]],
    ]);
    // Made inactive between create and confirm: that document fails at confirm, nothing of it stays.
    await server.json(`/api/v1/cost-centres/${later}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { active: false },
    });
    const confirmed = await act(account, json.body.data.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 4 });
    const { profileId: bp, customerId: cus } = parties;
    const csv = await create(account, {
      source_format: 'csv',
      resource: 'documents',
      data: [
        'number;issue_date;currency;business_profile_id;customer_id;cost_centre_id;line.name;line.quantity;line.unit_price',
        `KST-5;2026-11-02;EUR;${bp};${cus};${sales};Beratung;2;100,00`,
        `KST-5;;;;;;Reise;1;50,00`,
        `KST-6;2026-11-02;EUR;${bp};${cus};cc_nope;Beratung;1;10,00`,
      ],
    });
    expect(csv.body.data).toMatchObject({ total_rows: 3, failed_rows: 1 });
    expect(csv.body.data.errors[0]).toMatchObject({
      row: 3,
      fields: [{ loc: 'cost_centre_id', type: 'not_found' }],
    });
    await act(account, csv.body.data.id, 'confirm');
    const docs = await documentsOf(account);
    expect(docs.map((d) => [d.number, d.cost_centre_id])).toEqual([
      ['KST-1', sales],
      ['KST-5', sales],
    ]);
    const allocated = await server.json(`/api/v1/documents?cost_centre_id=${sales}`, { key: account.apiKey });
    expect(allocated.body.data.map((d: { number: string }) => d.number).sort()).toEqual(['KST-1', 'KST-5']);
  });

  test('a number taken between create and confirm fails that document only, at confirm', async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const { profileId: bp, customerId: cus } = parties;
    const data = [
      'number,issue_date,currency,business_profile_id,customer_id,line.name,line.quantity,line.unit_price',
      `RACE-1,2026-11-02,EUR,${bp},${cus},A,1,1.00`,
      `RACE-2,2026-11-02,EUR,${bp},${cus},B,1,1.00`,
      `RACE-2,2026-11-02,EUR,${bp},${cus},C,1,1.00`,
    ];
    const res = await create(account, { source_format: 'csv', resource: 'documents', data });
    expect(res.body.data).toMatchObject({ total_rows: 3, failed_rows: 0, errors: null });
    const racer = await makeDocument(server, account, parties, { number: 'RACE-2' });
    const confirmed = await act(account, res.body.data.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 2 });
    expect(confirmed.body.data.errors).toEqual([
      { row: 2, fields: [{ loc: 'number', msg: expect.stringContaining(racer.id), type: 'conflict' }] },
      { row: 3, fields: [expect.objectContaining({ loc: 'row', type: 'document_invalid' })] },
    ]);
    expect((await documentsOf(account)).map((d) => d.number)).toEqual(['RACE-2', 'RACE-1']);
  });

  test('documents CSV 422s: no number or document_ref column, unknown column', async () => {
    const account = await makeAccount(server);
    const cases: [string[], string][] = [
      [['issue_date,line.name', '2026-11-02,A'], 'number'],
      [['number,line.colour', 'X,red'], "unknown column 'line.colour'"],
    ];
    for (const [data, message] of cases) {
      const res = await create(account, { source_format: 'csv', resource: 'documents', data });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0]).toMatchObject({ loc: 'body.data.0', type: 'invalid_header' });
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
  });

  test("another account's business profile and customer are not found", async () => {
    const owner = await makeAccount(server);
    const other = await makeAccount(server);
    const parties = await makeParties(server, owner);
    const res = await create(other, {
      source_format: 'json',
      resource: 'documents',
      data: [jsonDocument(parties)],
    });
    expect(res.body.data.errors[0].fields.map((f: { loc: string }) => f.loc).sort()).toEqual([
      'business_profile_id',
      'customer_id',
    ]);
  });
});
