// Payments on received documents (issue 28 §1, last bullet) and the format the readers named, kept on the row.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { sharedPath } from '../shared-material';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const ubl = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'));
const pdf = readFileSync(join(EXAMPLES, 'facturx-pdf/EN16931_Einfach.pdf'));
const creditNote = readFileSync(join(EXAMPLES, 'en16931_ubl/ubl-tc434-creditnote1.xml'));
const ZUGFERD_1 = sharedPath('receiving-corpus/samples/akretion/tests/fixtures/xml/zugferd-basic.xml');

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  other = await makeAccount(server);
});
afterAll(() => server.stop());

async function receive(body: Uint8Array, contentType: string, key = account.apiKey) {
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as any).data;
}

const pay = (id: string, body: unknown, key: string | null = account.apiKey) =>
  server.json(`/api/v1/received-documents/${id}/payments`, { method: 'POST', key: key ?? undefined, body });
const get = (path: string, key = account.apiKey) => server.json(path, { key });

describe('payments on received documents', () => {
  test('a new received document is unpaid and keeps its format', async () => {
    const doc = await receive(new Uint8Array(ubl), 'application/xml');
    expect(doc).toMatchObject({
      format: 'en16931',
      total: '336.9',
      amount_paid: '0.00',
      amount_due: '336.90',
      payment_status: 'unpaid',
    });
    expect((await get(`/api/v1/received-documents/${doc.id}`)).body.data.format).toBe('en16931');
  });

  test('two payments settle it: partially paid, then paid with nothing due, both listed', async () => {
    const doc = await receive(new Uint8Array(pdf), 'application/pdf');
    expect(doc.format).toBe('en16931');
    const owed = doc.amount_due as string;
    const [whole, cents] = owed.split('.') as [string, string];
    const first = await pay(doc.id, {
      amount: '100',
      date: '2026-11-02',
      method: 'bank_transfer',
      reference: 'A1',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      received_document_id: doc.id,
      amount: '100.00',
      currency: doc.currency,
      date: '2026-11-02',
      method: 'bank_transfer',
      reference: 'A1',
      note: null,
    });
    expect(first.body.data.id).toMatch(/^pay_/);
    let now = (await get(`/api/v1/received-documents/${doc.id}`)).body.data;
    expect(now).toMatchObject({
      amount_paid: '100.00',
      payment_status: 'partially_paid',
      status: 'received',
    });
    const rest = `${Number(whole) - 100}.${cents}`;
    expect(now.amount_due).toBe(rest);
    const second = await pay(doc.id, { amount: rest, date: '2026-11-03' });
    expect(second.status).toBe(201);
    now = (await get(`/api/v1/received-documents/${doc.id}`)).body.data;
    expect(now).toMatchObject({
      amount_paid: owed,
      amount_due: '0.00',
      payment_status: 'paid',
      status: 'paid',
    });
    const list = await get(`/api/v1/received-documents/${doc.id}/payments`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: any) => p.id)).toEqual([second.body.data.id, first.body.data.id]);

    // Deleting one leaves it no longer settled: back to approved, the amount owed again.
    const del = await server.json(`/api/v1/received-documents/${doc.id}/payments/${second.body.data.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(del.status).toBe(200);
    now = (await get(`/api/v1/received-documents/${doc.id}`)).body.data;
    expect(now).toMatchObject({ amount_due: rest, payment_status: 'partially_paid', status: 'approved' });

    // "Mark paid" records what is still due as one payment dated today.
    const marked = await server.json(`/api/v1/received-documents/${doc.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { status: 'paid' },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ status: 'paid', amount_due: '0.00', payment_status: 'paid' });
    const after = (await get(`/api/v1/received-documents/${doc.id}/payments`)).body.data;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ amount: rest, date: new Date().toISOString().slice(0, 10) });
  });

  test('Skonto on a received invoice: its #SKONTO# terms read, and paying with the discount settles it (issue 36)', async () => {
    const skonto = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.10a-INVOICE_ubl.xml'));
    const doc = await receive(new Uint8Array(skonto), 'application/xml');
    expect(doc.amount_due).toBe('2594.20');
    // 2 % within 7 days and 1 % within 14 of 2016-06-27; the 0 % line is no discount.
    expect(doc.payment.early_payment_discounts).toEqual([
      { days: 7, percent: '2.00', base_amount: null, pay_by: '2016-07-04', amount: '2542.32' },
      { days: 14, percent: '1.00', base_amount: null, pay_by: '2016-07-11', amount: '2568.26' },
    ]);
    const res = await pay(doc.id, { amount: '2542.32', date: '2016-07-01', discount: '51.88' });
    expect(res.status).toBe(201);
    const after = (await get(`/api/v1/received-documents/${doc.id}`)).body.data;
    expect(after).toMatchObject({ status: 'paid', amount_due: '0.00', payment_status: 'paid' });
    const listed = (await get(`/api/v1/received-documents/${doc.id}/payments`)).body.data;
    expect(listed.map((p: { method: string | null }) => p.method).sort()).toEqual(
      [null, 'early_payment_discount'].sort(),
    );
    const over = await pay(doc.id, { amount: '1.00', date: '2016-07-01', discount: '0.01' });
    expect(over.status).toBe(422);
    expect(over.body.error.details.fields[0].loc).toBe('body.discount');
  });

  test('a rejected received document takes no payment (409)', async () => {
    const doc = await receive(new Uint8Array(ubl), 'application/xml', other.apiKey);
    const rejected = await server.json(`/api/v1/received-documents/${doc.id}`, {
      method: 'PATCH',
      key: other.apiKey,
      body: { status: 'rejected' },
    });
    expect(rejected.status).toBe(200);
    const res = await pay(doc.id, { amount: '1.00', date: '2026-11-02' }, other.apiKey);
    expect(res.status).toBe(409);
    expect((await get(`/api/v1/received-documents/${doc.id}/payments`, other.apiKey)).body.data).toEqual([]);
  });

  test('a received credit note takes no payment (409), as with documents', async () => {
    const doc = await receive(new Uint8Array(creditNote), 'application/xml');
    expect(doc.document_type).toBe('credit_note');
    const res = await pay(doc.id, { amount: '1.00', date: '2026-11-02' });
    expect(res.status).toBe(409);
    expect(res.body.error.details.document_type).toBe('credit_note');
  });

  test.skipIf(!existsSync(ZUGFERD_1))('a ZUGFeRD 1 file is stored as zugferd_1', async () => {
    const doc = await receive(new Uint8Array(readFileSync(ZUGFERD_1)), 'application/xml');
    expect(doc.format).toBe('zugferd_1');
    expect((await get(`/api/v1/received-documents/${doc.id}`)).body.data.format).toBe('zugferd_1');
  });

  test('a bad amount is 422 naming body.amount; another account is 404; no key is 401', async () => {
    const doc = (await get('/api/v1/received-documents')).body.data[0];
    for (const amount of ['0', '-5.00', '1.234', 'ten']) {
      const res = await pay(doc.id, { amount, date: '2026-11-02' });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body.error.details)).toContain('body.amount');
    }
    expect((await pay(doc.id, { amount: '1.00', date: '2026-11-02' }, other.apiKey)).status).toBe(404);
    expect((await get(`/api/v1/received-documents/${doc.id}/payments`, other.apiKey)).status).toBe(404);
    expect((await pay(doc.id, { amount: '1.00', date: '2026-11-02' }, null)).status).toBe(401);
    expect((await pay('rcv_nothere', { amount: '1.00', date: '2026-11-02' })).status).toBe(404);
  });
});
