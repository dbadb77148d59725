import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { importTuning } from '../../src/modules/imports/model';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// A lexoffice-style CSV carrying its history: status, paid_on, amount_paid and source_document_number are
// document columns; a finalize refused at confirm (the buyer's e-invoice profile) fails that document only.

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

type Field = { loc: string; type: string; msg: string };
type RowErrors = { row: number; sheet_row?: number; fields: Field[] }[];

const call = (account: TestAccount, method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
const documents = async (account: TestAccount) =>
  (await call(account, 'GET', '/api/v1/documents?limit=100')).body.data as Record<string, unknown>[];
const byNumber = async (account: TestAccount, number: string) =>
  (await documents(account)).find((d) => d.number === number);

describe('a documents CSV with its history', () => {
  test('semicolon file: German dates and decimal commas, an invoice and its credit note by number, the review rows', async () => {
    const account = await makeAccount(server);
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const header =
      'number;document_type;issue_date;due_date;currency;business_profile_id;customer_id;reason;source_document_number;status;paid_on;amount_paid;line.name;line.quantity;line.unit_price;line.tax_rate';
    const csv = [
      header,
      `RE-0147;invoice;04.03.2024;18.03.2024;EUR;${p};${c};;;paid;15.3.2024;;Relaunch;2;100,00;19`,
      `RE-0147;invoice;04.03.2024;18.03.2024;EUR;${p};${c};;;paid;15.3.2024;;Hosting;1;50,00;19`,
      ';;;;;;;;;;;;;;;',
      `RE-0148;invoice;05.03.2024;19.03.2024;EUR;${p};${c};;;sent;02.04.2024;"1.000,00 €";Beratung;10;100,00;19`,
      `GS-0012;credit_note;06.03.2024;;EUR;${p};${c};Rabatt;RE-0148;finalized;;;Nachlass;1;100,00;19`,
      `RE-0149;invoice;07.03.2024;21.03.2024;EUR;${p};${c};;;;;;Entwurf;1;10,00;19`,
    ];
    const created = await call(account, 'POST', '/api/v1/imports', {
      source_format: 'csv',
      resource: 'documents',
      data: csv,
    });
    expect(created.status).toBe(200);
    expect(created.body.data.errors).toBeNull();
    expect(created.body.data.total_rows).toBe(5);
    expect(created.body.data.issued_rows).toEqual([
      { row: 1, number: 'RE-0147', status: 'paid', paid_on: '2024-03-15' },
      {
        row: 3,
        sheet_row: 5,
        number: 'RE-0148',
        status: 'sent',
        paid_on: '2024-04-02',
        amount_paid: '1000.00',
      },
      { row: 4, sheet_row: 6, number: 'GS-0012', status: 'finalized' },
    ]);
    const done = await call(account, 'POST', `/api/v1/imports/${created.body.data.id}/confirm`);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 5, failed_rows: 0 });

    // 250.00 net + 47.50 VAT: paid in full on 2024-03-15.
    expect(await byNumber(account, 'RE-0147')).toMatchObject({
      status: 'paid',
      issue_date: '2024-03-04',
      amount_paid: '297.50',
    });
    // 1,190.00, of which 1,000.00 paid and 119.00 credited: 71.00 still owed.
    const invoice = await byNumber(account, 'RE-0148');
    expect(invoice).toMatchObject({
      status: 'sent',
      amount_paid: '1000.00',
      amount_credited: '119.00',
      amount_due: '71.00',
      payment_status: 'partially_paid',
    });
    expect(await byNumber(account, 'GS-0012')).toMatchObject({
      status: 'finalized',
      source_document_id: invoice?.id,
    });
    expect(await byNumber(account, 'RE-0149')).toMatchObject({ status: 'draft' });
  });

  test('CSV row errors sit at their columns; a status column of drafts changes nothing', async () => {
    const account = await makeAccount(server);
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const csv = [
      'number,issue_date,currency,business_profile_id,customer_id,status,paid_on,amount_paid,source_document_number,line.name,line.quantity,line.unit_price',
      `A-1,2024-03-04,EUR,${p},${c},void,,,,X,1,10.00`,
      `A-2,2024-03-04,EUR,${p},${c},sent,31.02.2024,"4,90",,X,1,10.00`,
      `A-3,2024-03-04,EUR,${p},${c},draft,,,NOPE,X,1,10.00`,
      `A-4,2024-03-04,EUR,${p},${c},draft,,,,X,1,10.00`,
      `A-4,2024-03-04,EUR,${p},${c},paid,,,,Y,1,10.00`,
    ];
    const res = await call(account, 'POST', '/api/v1/imports', {
      source_format: 'csv',
      resource: 'documents',
      data: csv,
    });
    const errors = res.body.data.errors as RowErrors;
    const at = (row: number) => errors.find((e) => e.row === row)?.fields.map((f) => [f.loc, f.type]);
    expect(at(1)).toEqual([['status', 'invalid_value']]);
    expect(at(2)).toEqual([
      ['paid_on', 'date_parsing'],
      ['amount_paid', 'decimal_parsing'],
    ]);
    expect(at(3)).toEqual([['source_document_number', 'not_found']]);
    expect(at(5)).toEqual([['status', 'inconsistent']]);
    expect(res.body.data.issued_rows).toBeUndefined();
  });

  test("a finalize the buyer's e-invoice profile refuses fails that document at confirm, with the finding's field; nothing of it stays", async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const authority = await call(account, 'POST', '/api/v1/customers', {
      name: 'Stadt Musterhausen',
      einvoice_profile: 'xrechnung_ubl',
      billing_address: { line1: 'Rathausplatz 1', city: 'Musterhausen', postal_code: '12345', country: 'DE' },
    });
    expect(authority.status).toBe(200);
    const body = (number: string, customerId: string) => ({
      number,
      issue_date: '2024-03-04',
      currency: 'EUR',
      business_profile_id: parties.profileId,
      customer_id: customerId,
      status: 'finalized',
      line_items: [
        { name: 'Pflege', quantity: '1', unit_price: '80.00', taxes: [{ rate: '19', category: 'S' }] },
      ],
    });
    const created = await call(account, 'POST', '/api/v1/imports', {
      source_format: 'json',
      resource: 'documents',
      data: [body('X-1', authority.body.data.id), body('X-2', parties.customerId)],
    });
    expect(created.body.data.errors).toBeNull();
    const done = await call(account, 'POST', `/api/v1/imports/${created.body.data.id}/confirm`);
    expect(done.body.data).toMatchObject({ imported_rows: 1, failed_rows: 1 });
    const fields = (done.body.data.errors as RowErrors)[0]?.fields ?? [];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(field.type).toBe('compliance_failed');
    expect(fields.map((f) => f.loc)).toContain('buyer_reference');
    expect(fields[0]?.msg).toContain('finalize refused it: the buyer needs xrechnung_ubl');
    expect(await byNumber(account, 'X-1')).toBeUndefined();
    expect(await byNumber(account, 'X-2')).toMatchObject({ status: 'finalized' });
  });

  test('a large import commits its history in the background too: a credit note names an invoice of an earlier chunk', async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const saved = { ...importTuning, chunkEntries: { ...importTuning.chunkEntries } };
    importTuning.backgroundAbove = 2;
    importTuning.chunkEntries.documents = 1;
    try {
      const line = [
        { name: 'X', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
      ];
      const base = {
        issue_date: '2024-03-04',
        currency: 'EUR',
        business_profile_id: parties.profileId,
        customer_id: parties.customerId,
        line_items: line,
      };
      const data = [
        { ...base, number: 'B-1', status: 'sent' },
        { ...base, number: 'B-2', status: 'paid', paid_on: '2024-03-20' },
        {
          ...base,
          number: 'B-G1',
          document_type: 'credit_note',
          source_document_number: 'B-1',
          status: 'finalized',
        },
      ];
      const created = await call(account, 'POST', '/api/v1/imports', {
        source_format: 'json',
        resource: 'documents',
        data,
      });
      expect(created.body.data.errors).toBeNull();
      const confirmed = await call(account, 'POST', `/api/v1/imports/${created.body.data.id}/confirm`);
      expect(confirmed.body.data.status).toBe('processing');
      await server.jobs.runDue();
      let state = await call(account, 'GET', `/api/v1/imports/${created.body.data.id}`);
      for (let i = 0; i < 20 && state.body.data.status === 'processing'; i++) {
        await server.jobs.runDue();
        state = await call(account, 'GET', `/api/v1/imports/${created.body.data.id}`);
      }
      expect(state.body.data).toMatchObject({ status: 'completed', imported_rows: 3, failed_rows: 0 });
      // Credited in full by the note of a later chunk: settled, as a full credit note settles any invoice.
      expect(await byNumber(account, 'B-1')).toMatchObject({ status: 'paid', amount_credited: '119.00' });
      expect(await byNumber(account, 'B-2')).toMatchObject({ status: 'paid', amount_paid: '119.00' });
    } finally {
      Object.assign(importTuning, saved);
    }
  });
});
