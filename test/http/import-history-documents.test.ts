import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// A history carried in by an import (docs/imports.md, "Moving an invoice history from another tool"): rows
// that say they were issued (status, paid_on, amount_paid) and credit notes naming their invoice by number.

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

type Parties = { profileId: string; customerId: string };
type Field = { loc: string; type: string; msg: string };
type RowErrors = { row: number; fields: Field[] }[];

const create = (account: TestAccount, body: unknown) =>
  server.json('/api/v1/imports', { method: 'POST', key: account.apiKey, body });
const confirm = (account: TestAccount, id: string) =>
  server.json(`/api/v1/imports/${id}/confirm`, { method: 'POST', key: account.apiKey });
const get = (account: TestAccount, path: string) => server.json(path, { key: account.apiKey });
const byNumber = async (account: TestAccount, number: string) => {
  const res = await get(account, '/api/v1/documents?limit=100');
  return (res.body.data as { number: string; id: string }[]).find((d) => d.number === number) as
    | Record<string, unknown>
    | undefined;
};
const at = (errors: RowErrors | null, row: number) =>
  errors?.find((e) => e.row === row)?.fields.map((f) => [f.loc, f.type]);

const VAT19 = [{ name: 'VAT', rate: '19', category: 'S' }];
// 200.00 net, 38.00 VAT, 238.00 total.
const row = (parties: Parties, overrides: Record<string, unknown> = {}) => ({
  number: 'RE-2024-0001',
  issue_date: '2024-03-04',
  due_date: '2024-03-18',
  currency: 'EUR',
  business_profile_id: parties.profileId,
  customer_id: parties.customerId,
  line_items: [{ name: 'Website relaunch', quantity: '2', unit_price: '100.00', taxes: VAT19 }],
  ...overrides,
});

describe('an invoice history carried in by an import', () => {
  test('JSON: issued, sent, paid and part-paid rows are created issued with their payments, dated as the file says; the review lists them first', async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const data = [
      row(parties, { number: 'RE-2024-0001', status: 'paid', paid_on: '2024-03-15' }),
      row(parties, { number: 'RE-2024-0002', status: 'sent', paid_on: '2024-04-02', amount_paid: '100.00' }),
      row(parties, { number: 'RE-2024-0003', status: 'finalized' }),
      row(parties, { number: 'RE-2024-0004' }),
    ];
    const created = await create(account, { source_format: 'json', resource: 'documents', data });
    expect(created.status).toBe(200);
    expect(created.body.data.errors).toBeNull();
    const review = [
      { row: 1, number: 'RE-2024-0001', status: 'paid', paid_on: '2024-03-15' },
      { row: 2, number: 'RE-2024-0002', status: 'sent', paid_on: '2024-04-02', amount_paid: '100.00' },
      { row: 3, number: 'RE-2024-0003', status: 'finalized' },
    ];
    expect(created.body.data.issued_rows).toEqual(review);
    // The same on a later read of the pending import; nothing exists yet.
    const pending = await get(account, `/api/v1/imports/${created.body.data.id}`);
    expect(pending.body.data.issued_rows).toEqual(review);
    expect(await byNumber(account, 'RE-2024-0001')).toBeUndefined();

    const done = await confirm(account, created.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 4, failed_rows: 0 });
    expect(done.body.data.issued_rows).toBeUndefined();

    const paid = await byNumber(account, 'RE-2024-0001');
    expect(paid).toMatchObject({
      status: 'paid',
      issue_date: '2024-03-04',
      amount_paid: '238.00',
      payment_status: 'paid',
    });
    expect(paid?.finalized_at).toBeString();
    const payments = await get(account, `/api/v1/documents/${paid?.id}/payments`);
    expect(payments.body.data).toHaveLength(1);
    expect(payments.body.data[0]).toMatchObject({ amount: '238.00', date: '2024-03-15' });

    const part = await byNumber(account, 'RE-2024-0002');
    expect(part).toMatchObject({ status: 'sent', amount_paid: '100.00', payment_status: 'partially_paid' });
    const partPayments = await get(account, `/api/v1/documents/${part?.id}/payments`);
    expect(partPayments.body.data[0]).toMatchObject({ amount: '100.00', date: '2024-04-02' });

    expect(await byNumber(account, 'RE-2024-0003')).toMatchObject({
      status: 'finalized',
      amount_paid: '0.00',
    });
    // A row without the new fields is a draft, as POST /documents makes it.
    expect(await byNumber(account, 'RE-2024-0004')).toMatchObject({ status: 'draft', finalized_at: null });

    // The same file again creates nothing twice, payments included: every number is taken.
    const again = await create(account, { source_format: 'json', resource: 'documents', data });
    expect(again.body.data).toMatchObject({ failed_rows: 4 });
    for (const r of [1, 2, 3, 4]) expect(at(again.body.data.errors, r)).toEqual([['number', 'conflict']]);
    expect(again.body.data.issued_rows).toBeUndefined();
    expect((await get(account, `/api/v1/documents/${paid?.id}/payments`)).body.data).toHaveLength(1);
  });

  test("a 'sent' row whose payment covers it: the review says it settles it, and confirm makes it paid", async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const data = [
      row(parties, { number: 'RE-2024-0101', status: 'sent', paid_on: '2024-03-20', amount_paid: '238.00' }),
      row(parties, { number: 'RE-2024-0102', status: 'sent', paid_on: '2024-03-20', amount_paid: '237.99' }),
    ];
    const created = await create(account, { source_format: 'json', resource: 'documents', data });
    expect(created.body.data.issued_rows).toEqual([
      {
        row: 1,
        number: 'RE-2024-0101',
        status: 'sent',
        paid_on: '2024-03-20',
        amount_paid: '238.00',
        settles: true,
      },
      { row: 2, number: 'RE-2024-0102', status: 'sent', paid_on: '2024-03-20', amount_paid: '237.99' },
    ]);
    await confirm(account, created.body.data.id);
    expect(await byNumber(account, 'RE-2024-0101')).toMatchObject({ status: 'paid', payment_status: 'paid' });
    expect(await byNumber(account, 'RE-2024-0102')).toMatchObject({
      status: 'sent',
      payment_status: 'partially_paid',
    });
  });

  test('row errors: void and archived refused, a status without a number, payments without a status or a date, a part payment called paid', async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const data = [
      row(parties, { number: 'V-1', status: 'void' }),
      row(parties, { number: 'V-2', status: 'archived' }),
      row(parties, { number: 'V-3', status: 'booked' }),
      row(parties, { number: 'V-4', amount_paid: '10.00', paid_on: '2024-03-05' }),
      row(parties, { number: 'V-5', status: 'paid' }),
      row(parties, { number: 'V-6', status: 'sent', amount_paid: '10.00' }),
      row(parties, { number: 'V-7', status: 'sent', paid_on: '2024-03-05' }),
      row(parties, { number: 'V-8', status: 'finalized', paid_on: '5.3.2024', amount_paid: '-3' }),
      row(parties, { number: undefined, numbering_sequence_id: 'seq_x', status: 'finalized' }),
      row(parties, { number: 'V-10', status: 'draft', paid_on: '2024-03-05', amount_paid: '1.00' }),
      row(parties, { number: 'V-11', status: 7 }),
      // What the type cannot be: a credit note is never sent nor paid; a quote takes no payment.
      row(parties, {
        number: 'V-12',
        document_type: 'credit_note',
        source_document_id: 'doc_x',
        status: 'sent',
      }),
      row(parties, {
        number: 'V-13',
        document_type: 'credit_note',
        source_document_id: 'doc_x',
        status: 'paid',
        paid_on: '2024-03-05',
      }),
      row(parties, {
        number: 'V-14',
        document_type: 'quote',
        status: 'finalized',
        paid_on: '2024-03-05',
        amount_paid: '5.00',
      }),
    ];
    const res = await create(account, { source_format: 'json', resource: 'documents', data });
    expect(res.status).toBe(200);
    const errors = res.body.data.errors as RowErrors;
    expect(res.body.data.failed_rows).toBe(14);
    expect(at(errors, 1)).toEqual([['status', 'invalid_value']]);
    expect(errors[0]?.fields[0]?.msg).toContain('leave it out of the file');
    expect(at(errors, 2)).toEqual([['status', 'invalid_value']]);
    expect(at(errors, 3)).toEqual([['status', 'invalid_value']]);
    expect(at(errors, 4)).toEqual([['status', 'missing']]);
    expect(at(errors, 5)).toEqual([['paid_on', 'missing']]);
    expect(at(errors, 6)).toEqual([['paid_on', 'missing']]);
    expect(at(errors, 7)).toEqual([['amount_paid', 'missing']]);
    expect(at(errors, 8)).toEqual([
      ['paid_on', 'date_parsing'],
      ['amount_paid', 'decimal_parsing'],
    ]);
    expect(at(errors, 9)).toContainEqual(['number', 'missing']);
    expect(at(errors, 10)).toEqual([['status', 'invalid_value']]);
    expect(at(errors, 11)).toEqual([['status', 'string_type']]);
    expect(at(errors, 12)).toEqual([
      ['source_document_id', 'not_found'],
      ['status', 'invalid_value'],
    ]);
    expect(errors.find((e) => e.row === 12)?.fields[1]?.msg).toBe(
      "a credit note is not sent: import it as 'finalized'",
    );
    expect(at(errors, 13)).toContainEqual(['status', 'invalid_value']);
    expect(at(errors, 14)).toEqual([['amount_paid', 'not_allowed']]);
    expect(res.body.data.issued_rows).toBeUndefined();
  });

  test("confirm-time refusals fail that row only: a payment the payments module refuses, a 'paid' row whose payment does not settle it", async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const data = [
      row(parties, { number: 'C-1', status: 'sent', paid_on: '2024-03-10', amount_paid: '10.001' }),
      row(parties, { number: 'C-2', status: 'paid', paid_on: '2024-03-10', amount_paid: '100.00' }),
      row(parties, { number: 'C-3', status: 'paid', paid_on: '2024-03-10', amount_paid: '238.00' }),
    ];
    const created = await create(account, { source_format: 'json', resource: 'documents', data });
    expect(created.body.data.errors).toBeNull();
    const done = await confirm(account, created.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 1, failed_rows: 2 });
    const errors = done.body.data.errors as RowErrors;
    expect(at(errors, 1)).toEqual([['amount_paid', 'invalid_value']]);
    expect(errors[0]?.fields[0]?.msg).toContain('minor units');
    expect(at(errors, 2)).toEqual([['amount_paid', 'invalid_value']]);
    expect(errors[1]?.fields[0]?.msg).toContain("status 'sent' for a part payment");

    // Nothing of a failed row stays: neither the document nor its number.
    expect(await byNumber(account, 'C-1')).toBeUndefined();
    expect(await byNumber(account, 'C-2')).toBeUndefined();
    expect(await byNumber(account, 'C-3')).toMatchObject({ status: 'paid' });
  });

  test("credit notes name their invoice by number: the account's, or an earlier row of the file; unknown, later or both fields are row errors", async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const old = await makeDocument(server, account, parties, { number: 'ALT-1' });
    await server.json(`/api/v1/documents/${old.id}/finalize`, { method: 'POST', key: account.apiKey });
    const credit = (overrides: Record<string, unknown>) =>
      row(parties, {
        document_type: 'credit_note',
        reason: 'Rabatt',
        line_items: [{ name: 'Nachlass', quantity: '1', unit_price: '50.00', taxes: VAT19 }],
        ...overrides,
      });
    const data = [
      row(parties, { number: 'RE-1', status: 'sent' }),
      credit({ number: 'GS-1', source_document_number: 'RE-1', status: 'finalized' }),
      credit({ number: 'GS-2', source_document_number: 'ALT-1' }),
      credit({ number: 'GS-3', source_document_number: 'RE-404' }),
      credit({ number: 'GS-4', source_document_number: 'RE-9' }),
      row(parties, { number: 'RE-9' }),
      credit({ number: 'GS-5', source_document_number: 'RE-1', source_document_id: old.id }),
    ];
    const created = await create(account, { source_format: 'json', resource: 'documents', data });
    const errors = created.body.data.errors as RowErrors;
    expect(errors.map((e) => e.row)).toEqual([4, 5, 7]);
    expect(at(errors, 4)).toEqual([['source_document_number', 'not_found']]);
    expect(errors[0]?.fields[0]?.msg).toContain("'RE-404'");
    expect(at(errors, 5)).toEqual([['source_document_number', 'not_found']]);
    expect(at(errors, 7)).toEqual([['source_document_number', 'not_allowed']]);

    const done = await confirm(account, created.body.data.id);
    expect(done.body.data).toMatchObject({ imported_rows: 4, failed_rows: 3 });
    const invoice = await byNumber(account, 'RE-1');
    const note = await byNumber(account, 'GS-1');
    expect(note).toMatchObject({ status: 'finalized', source_document_id: invoice?.id });
    // Issued, the credit note takes its 59.50 off what the invoice asks.
    expect(await byNumber(account, 'RE-1')).toMatchObject({ status: 'sent', amount_credited: '59.50' });
    expect(await byNumber(account, 'GS-2')).toMatchObject({ status: 'draft', source_document_id: old.id });
  });

  test("a credit note of another customer's invoice, or of an invoice whose row fails, is refused at source_document_number", async () => {
    const account = await makeAccount(server);
    const parties = await makeParties(server, account);
    const other = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Globex', billing_address: { line1: 'Weg 1', city: 'Köln', country: 'DE' } },
    });
    const credit = (overrides: Record<string, unknown>) =>
      row(parties, { document_type: 'credit_note', reason: 'Rabatt', ...overrides });
    const data = [
      row(parties, { number: 'RE-1', customer_id: other.body.data.id }),
      credit({ number: 'GS-1', source_document_number: 'RE-1' }),
      row(parties, { number: 'RE-2', currency: 'XXX' }),
      credit({ number: 'GS-2', source_document_number: 'RE-2' }),
    ];
    const created = await create(account, { source_format: 'json', resource: 'documents', data });
    const errors = created.body.data.errors as RowErrors;
    expect(at(errors, 2)).toEqual([['source_document_number', 'invalid_value']]);
    expect(errors.find((e) => e.row === 2)?.fields[0]?.msg).toContain("another customer's");
    expect(at(errors, 4)).toEqual([['source_document_number', 'invalid_value']]);
    expect(errors.find((e) => e.row === 4)?.fields[0]?.msg).toContain('(row 3) is not imported');
  });
});
