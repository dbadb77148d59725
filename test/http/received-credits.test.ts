// Received documents nothing is paid on (docs/receiving.md, the inbox's PATCH and payments): a credit note,
// and an invoice stating a negative amount due (the Nordic way of crediting). Marking either paid or
// recording a payment is a 409 that says what it is, with details that name no state (the console would
// read a status as "not possible in this state"); nothing is recorded and the figures stay as they were.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

const readText = (path: string) => readFileSync(path, 'utf8');

const CREDIT_NOTE = readText(
  sharedPath('rulesets/examples/peppol_bis_billing_3/base-creditnote-correction.xml'),
);
const NEGATIVE_INVOICE = readText(
  sharedPath(
    'receiving-corpus/samples/cen-tc434/test/testfiles/BIS_Billing_30-Kreditering_med_negativ_faktura.xml',
  ),
);
const INVOICE = readText(sharedPath('rulesets/examples/peppol_bis_billing_3/base-example.xml'));

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Gutschriften GmbH' });
});
afterAll(async () => await server.stop());

const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, ...(body === undefined ? {} : { body }) });

async function receive(xml: string): Promise<any> {
  const res = await server.request('/api/v1/received-documents', {
    method: 'POST',
    key: account.apiKey,
    headers: { 'content-type': 'application/xml' },
    body: xml,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: unknown }).data;
}

/** Marking paid and recording a payment are refused alike; the document is as it was. */
async function refusedBoth(id: string) {
  const before = (await call('GET', `/api/v1/received-documents/${id}`)).body.data;
  const marked = await call('PATCH', `/api/v1/received-documents/${id}`, { status: 'paid' });
  const paid = await call('POST', `/api/v1/received-documents/${id}/payments`, {
    amount: '10.00',
    date: '2018-03-01',
  });
  const after = (await call('GET', `/api/v1/received-documents/${id}`)).body.data;
  expect(after).toMatchObject({
    status: before.status,
    amount_due: before.amount_due,
    amount_paid: '0.00',
    payment_status: 'unpaid',
  });
  expect((await call('GET', `/api/v1/received-documents/${id}/payments`)).body.data).toEqual([]);
  return { marked, paid };
}

describe('nothing is paid on a received credit', () => {
  test('a credit note: 409 saying it is a credit note, its type and amount in the details, no status', async () => {
    const credit = await receive(CREDIT_NOTE);
    expect(credit).toMatchObject({ document_type: 'credit_note', total: '1656.25' });
    const { marked, paid } = await refusedBoth(credit.id);
    for (const [res, action] of [
      [marked, 'mark-paid'],
      [paid, 'record-payment'],
    ] as const) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('credit note');
      expect(res.body.error.details).toEqual({
        action,
        document_type: 'credit_note',
        amount_due: '1656.25',
        currency: 'EUR',
      });
    }
  });

  test('an invoice stating a negative amount due: marked paid is a 409 (was 200 paid, still unpaid, -10000.00 due)', async () => {
    const negative = await receive(NEGATIVE_INVOICE);
    expect(negative).toMatchObject({ document_type: 'invoice', type_code: '380', amount_due: '-10000.00' });
    const { marked, paid } = await refusedBoth(negative.id);
    for (const [res, action] of [
      [marked, 'mark-paid'],
      [paid, 'record-payment'],
    ] as const) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('negative amount due (-10000.00 SEK)');
      expect(res.body.error.details).toEqual({
        action,
        document_type: 'invoice',
        amount_due: '-10000.00',
        currency: 'SEK',
      });
    }
    // Approving and rejecting it stay the bookkeeper's choice.
    const approved = await call('PATCH', `/api/v1/received-documents/${negative.id}`, { status: 'approved' });
    expect(approved.body.data.status).toBe('approved');
  });

  test('a rejected invoice still says its state: a payment on it is a 409 with status rejected', async () => {
    const invoice = await receive(INVOICE);
    await call('PATCH', `/api/v1/received-documents/${invoice.id}`, { status: 'rejected' });
    const paid = await call('POST', `/api/v1/received-documents/${invoice.id}/payments`, {
      amount: '10.00',
      date: '2018-03-01',
    });
    expect(paid.status).toBe(409);
    expect(paid.body.error.details).toEqual({ action: 'record-payment', status: 'rejected' });
  });
});
