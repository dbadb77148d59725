import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// A documents CSV of a history as a German spreadsheet or lexoffice heads and fills it: the history columns
// by their German names (`Status`, `Bezahlt am`, `Bezahlter Betrag`/`Zahlbetrag`, `Rechnungsnummer (Bezug)`)
// and the statuses in German words in any case (`bezahlt`, `offen`, `versendet`, `abgeschlossen`, `Entwurf`;
// `storniert` refused as `void` is). Problems of a German-named column sit at the column as the file names it.

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

type Field = { loc: string; type: string; msg: string };
type RowErrors = { row: number; sheet_row?: number; fields: Field[] }[];

const call = (account: TestAccount, method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
const importCsv = (account: TestAccount, data: string[]) =>
  call(account, 'POST', '/api/v1/imports', { source_format: 'csv', resource: 'documents', data });
const byNumber = async (account: TestAccount, number: string) =>
  ((await call(account, 'GET', '/api/v1/documents?limit=100')).body.data as Record<string, unknown>[]).find(
    (d) => d.number === number,
  );
const fieldsOf = (errors: RowErrors, row: number) =>
  errors.find((e) => e.row === row)?.fields.map((f) => [f.loc, f.type]);

describe('a documents CSV with its history, in German', () => {
  test('German column names and status words: paid, part-paid (offen), a credit note by invoice number, a draft', async () => {
    const account = await makeAccount(server);
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const csv = [
      'number;document_type;issue_date;currency;business_profile_id;customer_id;Rechnungsnummer (Bezug);Status;Bezahlt am;Bezahlter Betrag;line.name;line.quantity;line.unit_price;line.tax_rate',
      `RE-0147;invoice;04.03.2024;EUR;${p};${c};;Bezahlt;15.03.2024;;Relaunch;2;100,00;19`,
      `RE-0148;invoice;05.03.2024;EUR;${p};${c};;offen;02.04.2024;100,00 €;Beratung;10;100,00;19`,
      `GS-0012;credit_note;06.03.2024;EUR;${p};${c};RE-0148;ABGESCHLOSSEN;;;Nachlass;1;100,00;19`,
      `RE-0149;invoice;07.03.2024;EUR;${p};${c};;Entwurf;;;Entwurf;1;10,00;19`,
    ];
    const created = await importCsv(account, csv);
    expect(created.status).toBe(200);
    expect(created.body.data.errors).toBeNull();
    expect(created.body.data.issued_rows).toEqual([
      { row: 1, number: 'RE-0147', status: 'paid', paid_on: '2024-03-15' },
      { row: 2, number: 'RE-0148', status: 'sent', paid_on: '2024-04-02', amount_paid: '100.00' },
      { row: 3, number: 'GS-0012', status: 'finalized' },
    ]);
    const done = await call(account, 'POST', `/api/v1/imports/${created.body.data.id}/confirm`);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 4, failed_rows: 0 });
    expect(await byNumber(account, 'RE-0147')).toMatchObject({ status: 'paid', amount_paid: '238.00' });
    const invoice = await byNumber(account, 'RE-0148');
    expect(invoice).toMatchObject({
      status: 'sent',
      amount_paid: '100.00',
      amount_credited: '119.00',
      payment_status: 'partially_paid',
    });
    expect(await byNumber(account, 'GS-0012')).toMatchObject({
      status: 'finalized',
      source_document_id: invoice?.id,
    });
    expect(await byNumber(account, 'RE-0149')).toMatchObject({ status: 'draft' });
  });

  test('other names: Zahlungsdatum, Zahlbetrag, Bezugsrechnung, Rechnungsstatus; versendet and überfällig are sent', async () => {
    const account = await makeAccount(server);
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const csv = [
      'number;document_type;issue_date;currency;business_profile_id;customer_id;Bezugsrechnung;Rechnungsstatus;Zahlungsdatum;Zahlbetrag;line.name;line.quantity;line.unit_price',
      `A-1;invoice;04.03.2024;EUR;${p};${c};;Versendet;;;X;1;10,00`,
      `A-2;invoice;04.03.2024;EUR;${p};${c};;überfällig;1.4.2024;5,00;X;1;10,00`,
      `A-3;invoice;04.03.2024;EUR;${p};${c};;teilweise bezahlt;1.4.2024;2,00;X;1;10,00`,
      `G-1;credit_note;05.03.2024;EUR;${p};${c};A-1;abgeschlossen;;;X;1;1,00`,
    ];
    const created = await importCsv(account, csv);
    expect(created.body.data.errors).toBeNull();
    expect(created.body.data.issued_rows).toEqual([
      { row: 1, number: 'A-1', status: 'sent' },
      { row: 2, number: 'A-2', status: 'sent', paid_on: '2024-04-01', amount_paid: '5.00' },
      { row: 3, number: 'A-3', status: 'sent', paid_on: '2024-04-01', amount_paid: '2.00' },
      { row: 4, number: 'G-1', status: 'finalized' },
    ]);
  });

  test('storniert is refused as void is; an unknown word at the status column; problems at the German column as written', async () => {
    const account = await makeAccount(server);
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const csv = [
      'number;issue_date;currency;business_profile_id;customer_id;Status;Bezahlt am;Zahlbetrag;Rechnungsnummer (Bezug);line.name;line.quantity;line.unit_price',
      `A-1;04.03.2024;EUR;${p};${c};storniert;;;;X;1;10,00`,
      `A-2;04.03.2024;EUR;${p};${c};void;;;;X;1;10,00`,
      `A-3;04.03.2024;EUR;${p};${c};erledigt;;;;X;1;10,00`,
      `A-4;04.03.2024;EUR;${p};${c};offen;31.02.2024;abc;;X;1;10,00`,
      `A-5;04.03.2024;EUR;${p};${c};Entwurf;;;NOPE;X;1;10,00`,
      `A-6;04.03.2024;EUR;${p};${c};bezahlt;;;;X;1;10,00`,
      `A-6;04.03.2024;EUR;${p};${c};offen;;;;Y;1;10,00`,
    ];
    const res = await importCsv(account, csv);
    expect(res.status).toBe(200);
    const errors = res.body.data.errors as RowErrors;
    const storniert = errors.find((e) => e.row === 1)?.fields[0];
    const voided = errors.find((e) => e.row === 2)?.fields[0];
    expect(storniert).toEqual({ loc: 'status', type: 'invalid_value', msg: voided?.msg ?? '' });
    expect(voided?.msg).toContain('a cancelled document is not imported');
    expect(fieldsOf(errors, 3)).toEqual([['status', 'invalid_value']]);
    expect(errors.find((e) => e.row === 3)?.fields[0]?.msg).toContain("(got 'erledigt')");
    expect(fieldsOf(errors, 4)).toEqual([
      ['Bezahlt am', 'date_parsing'],
      ['Zahlbetrag', 'decimal_parsing'],
    ]);
    expect(fieldsOf(errors, 5)).toEqual([['Rechnungsnummer (Bezug)', 'not_found']]);
    // Bezahlt without a day the payment came, and a second line whose status differs.
    expect(fieldsOf(errors, 6)).toEqual([['Bezahlt am', 'missing']]);
    expect(fieldsOf(errors, 7)).toEqual([['status', 'inconsistent']]);
    expect(res.body.data.issued_rows).toBeUndefined();
  });

  test('a refusal at confirm sits at the German column too (a paid row whose amount does not settle it)', async () => {
    const account = await makeAccount(server);
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const csv = [
      'number;issue_date;currency;business_profile_id;customer_id;Status;Bezahlt am;Bezahlter Betrag;line.name;line.quantity;line.unit_price;line.tax_rate',
      `A-1;04.03.2024;EUR;${p};${c};bezahlt;05.03.2024;10,00;X;1;100,00;19`,
      `A-2;04.03.2024;EUR;${p};${c};bezahlt;05.03.2024;;X;1;100,00;19`,
    ];
    const created = await importCsv(account, csv);
    expect(created.body.data.errors).toBeNull();
    const done = await call(account, 'POST', `/api/v1/imports/${created.body.data.id}/confirm`);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 1 });
    expect(fieldsOf(done.body.data.errors as RowErrors, 1)).toEqual([['Bezahlter Betrag', 'invalid_value']]);
    expect(await byNumber(account, 'A-1')).toBeUndefined();
    expect(await byNumber(account, 'A-2')).toMatchObject({ status: 'paid' });
  });

  test('two columns meaning one field are refused at the header; JSON rows keep the API words only', async () => {
    const account = await makeAccount(server);
    const { profileId: p, customerId: c } = await makeParties(server, account);
    const twice = await importCsv(account, [
      'number;issue_date;currency;business_profile_id;customer_id;amount_paid;Zahlbetrag;line.name',
      `A-1;04.03.2024;EUR;${p};${c};;;X`,
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.error.details.fields).toContainEqual(
      expect.objectContaining({
        loc: 'body.data.0',
        type: 'invalid_header',
        msg: "duplicate column 'amount_paid'",
      }),
    );
    const json = await call(account, 'POST', '/api/v1/imports', {
      source_format: 'json',
      resource: 'documents',
      data: [
        {
          number: 'J-1',
          issue_date: '2024-03-04',
          currency: 'EUR',
          business_profile_id: p,
          customer_id: c,
          status: 'bezahlt',
          paid_on: '2024-03-05',
          line_items: [{ name: 'X', quantity: '1', unit_price: '10.00' }],
        },
      ],
    });
    expect(fieldsOf(json.body.data.errors as RowErrors, 1)).toEqual([['status', 'invalid_value']]);
  });
});
