// A credit received over a network is answered as the inbox's PATCH treats it: `paid` on a credit note or on
// an invoice stating a negative amount due is the same 409 (docs/receiving.md), refused before anything goes
// back to the seller; the document stays as it was, and accepting it is still answered (the Recommand mock).
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';
import { sharedPath } from '../shared-material';

const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const BIS_INVOICE = `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
const BIS_CREDIT_NOTE = `urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${BIS}`;

const readText = (path: string) => readFileSync(path, 'utf8');
const CREDIT_NOTE = readText(
  sharedPath('rulesets/examples/peppol_bis_billing_3/base-creditnote-correction.xml'),
);
const NEGATIVE_INVOICE = readText(
  sharedPath(
    'receiving-corpus/samples/cen-tc434/test/testfiles/BIS_Billing_30-Kreditering_med_negativ_faktura.xml',
  ),
);

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let mock: RecommandMock;
let account: TestAccount;

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function later(seconds = 61) {
  clock.advance(seconds * 1000);
  await server.jobs.runDue();
}

/** The network-received document the mock delivers for `xml`, once the polls have taken it in. */
async function receivedOverNetwork(xml: string, docTypeId: string) {
  const known = new Set(
    (await call('GET', '/api/v1/received-documents?source=network')).body.data.map(
      (d: { id: string }) => d.id,
    ),
  );
  mock.receive(xml, { senderId: '0208:0999888777', docTypeId });
  await later();
  await later();
  const list = (await call('GET', '/api/v1/received-documents?source=network')).body.data;
  const found = list.filter((d: { id: string }) => !known.has(d.id));
  expect(found).toHaveLength(1);
  return found[0];
}

/** Answered `paid`: the PATCH's 409 word for word, nothing sent to the seller, the document unchanged. */
async function paidRefused(id: string) {
  const before = mock.sent().length;
  const patched = await call('PATCH', `/api/v1/received-documents/${id}`, { status: 'paid' });
  const answered = await call('POST', `/api/v1/received-documents/${id}/response`, { state: 'paid' });
  expect(answered.status).toBe(409);
  expect(answered.body.error.code).toBe(patched.body.error.code);
  expect(answered.body.error.message).toBe(patched.body.error.message);
  expect(answered.body.error.details).toEqual(patched.body.error.details);
  expect(mock.sent().length).toBe(before);
  expect((await call('GET', `/api/v1/received-documents/${id}/transport`)).body.data.response).toBeNull();
  expect((await call('GET', `/api/v1/received-documents/${id}`)).body.data).toMatchObject({
    status: 'received',
    amount_paid: '0.00',
  });
  return answered.body.error;
}

beforeAll(async () => {
  mock = startRecommandMock();
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Gutschriften GmbH' });
  const put = await call('PUT', '/api/v1/channels/recommand', {
    enabled: true,
    base_url: mock.url,
    settings: { company_id: mock.companyId },
    secrets: { api_key: mock.apiKey, api_secret: mock.apiSecret },
  });
  expect([put.status, put.body.error]).toEqual([200, undefined]);
});
afterAll(async () => {
  await server.stop();
  mock.stop();
});

describe('a credit received over a network is never answered paid', () => {
  test('a credit note: 409 as the PATCH says it (was 200, and "paid" went to the seller)', async () => {
    const credit = await receivedOverNetwork(CREDIT_NOTE, BIS_CREDIT_NOTE);
    expect(credit.document_type).toBe('credit_note');
    const error = await paidRefused(credit.id);
    expect(error.message).toContain('credit note');
    expect(error.details).toEqual({
      action: 'mark-paid',
      document_type: 'credit_note',
      amount_due: '1656.25',
      currency: 'EUR',
    });
    // Accepting it is still the buyer's answer to give.
    const accepted = await call('POST', `/api/v1/received-documents/${credit.id}/response`, {
      state: 'accepted',
    });
    expect([accepted.status, accepted.body.error]).toEqual([200, undefined]);
    // Accepted, `paid` would be the next answer Peppol allows: still refused.
    const before = mock.sent().length;
    const again = await call('POST', `/api/v1/received-documents/${credit.id}/response`, { state: 'paid' });
    expect([again.status, again.body.error.details.action]).toEqual([409, 'mark-paid']);
    expect(mock.sent().length).toBe(before);
    expect((await call('GET', `/api/v1/received-documents/${credit.id}`)).body.data.status).toBe('approved');
  });

  test('an invoice stating a negative amount due: the same 409, naming the amount', async () => {
    const negative = await receivedOverNetwork(NEGATIVE_INVOICE, BIS_INVOICE);
    expect(negative).toMatchObject({ document_type: 'invoice', amount_due: '-10000.00' });
    const error = await paidRefused(negative.id);
    expect(error.message).toContain('negative amount due (-10000.00 SEK)');
    expect(error.details).toEqual({
      action: 'mark-paid',
      document_type: 'invoice',
      amount_due: '-10000.00',
      currency: 'SEK',
    });
  });
});
