// Issue 41: the second Peppol access point (the Recommand mock on loopback, from the API its open-source
// server publishes) through the service: a Peppol BIS invoice to a reachable buyer is delivered at once
// (Recommand sends over AS4 within the request), an incoming invoice appears once whatever the replays and
// can be accepted, the answer going back as a Peppol Invoice Response (docs/channels.md).
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const BIS_INVOICE = `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
const BIS_CREDIT_NOTE = `urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${BIS}`;

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

beforeAll(async () => {
  mock = startRecommandMock();
  mock.register('9930:DE987654321', [BIS_INVOICE, BIS_CREDIT_NOTE]);
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht' });
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

describe('Peppol through Recommand', () => {
  test('a Peppol BIS invoice to a reachable buyer is delivered, once', async () => {
    expect((await call('POST', '/api/v1/channels/recommand/test')).body.data).toMatchObject({ ok: true });
    const profile = await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    });
    const customer = await call('POST', '/api/v1/customers', {
      name: 'Großhandel Süd GmbH',
      email: 'ap@sued.example',
      tax_id: 'DE987654321',
      billing_address: { line1: 'Hafenstraße 2', city: 'Hamburg', postal_code: '20457', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE987654321' },
      einvoice_profile: 'peppol_bis_billing_3',
      buyer_reference: 'PO-4711',
    });
    const made = await call(
      'POST',
      '/api/v1/documents',
      germanInvoiceBody(profile.body.data.id, customer.body.data.id, 'RE-2026-0801', [germanLine()], {
        buyer_reference: 'PO-4711',
      }),
    );
    const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
    expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
    const created = await call('POST', `/api/v1/documents/${made.body.data.id}/network-deliveries`, {
      channel: 'recommand',
    });
    expect([created.status, created.body.error]).toEqual([202, undefined]);
    await server.jobs.runDue();
    await later();
    const delivery = (await call('GET', `/api/v1/network-deliveries/${created.body.data.id}`)).body.data;
    expect(delivery.state).toBe('delivered');
    expect(mock.sent()).toHaveLength(1);
    expect(mock.problems()).toEqual([]);
  });

  test('an incoming invoice appears once and is accepted; the Invoice Response goes back to its seller', async () => {
    const xml = readFileSync(
      join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'),
      'utf8',
    );
    const doc = mock.receive(xml, { senderId: '0208:0999888777', docTypeId: BIS_INVOICE });
    // The webhook first (its URL made for the account), then the polls: the same document, taken once.
    const hook = await call('POST', '/api/v1/channels/recommand/webhook');
    const call1 = mock.webhookCall(doc.id);
    const pushed = await fetch(hook.body.data.url, {
      method: 'POST',
      headers: call1.headers,
      body: call1.body,
    });
    expect([pushed.status, await pushed.text()]).toEqual([200, expect.any(String)]);
    await later();
    await later();
    const list = await call('GET', '/api/v1/received-documents?source=network');
    expect(list.body.data).toHaveLength(1);
    const id = list.body.data[0].id;
    const before = mock.sent().length;
    const answered = await call('POST', `/api/v1/received-documents/${id}/response`, { state: 'accepted' });
    expect([answered.status, answered.body.error]).toEqual([200, undefined]);
    const response = mock.sent().slice(before);
    expect(response).toHaveLength(1);
    expect(JSON.stringify(response[0])).toContain('ApplicationResponse');
    expect((await call('GET', `/api/v1/received-documents/${id}`)).body.data.status).toBe('approved');
    expect(mock.problems()).toEqual([]);
  });
});
