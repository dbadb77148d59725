// Issue 41: a French buyer found in the platform's directory receives a Factur-X through an approved
// platform (the XP Z12-013 mock on loopback: Flow and Directory services, OAuth2), and its lifecycle
// statuses (XP Z12-012: CDAR) arrive on the document's delivery; an invoice the platform brings in is
// received once and refused with a reason that goes back (docs/channels.md, docs/channel-afnor.md).
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type AfnorMock, startAfnorMock } from '../mocks/afnor-pa';
import { CII_XML, DIRECTORY } from '../mocks/afnor-pa-fixtures';

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let mock: AfnorMock;
let account: TestAccount;
let profileId = '';

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function later(seconds = 61) {
  clock.advance(seconds * 1000);
  await server.jobs.runDue();
}

const BUYER = {
  name: 'Boulangerie Dupont SAS',
  email: 'compta@dupont.example',
  tax_id: 'FR32100000009',
  billing_address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  electronic_address: { scheme: '0002', value: '100000009' },
  einvoice_profile: 'factur_x_en16931',
};

beforeAll(async () => {
  mock = startAfnorMock({ directory: DIRECTORY });
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht' });
  profileId = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data.id;
  const put = await call('PUT', '/api/v1/channels/afnor-pa', {
    enabled: true,
    base_url: mock.flowUrl,
    settings: { token_url: mock.tokenUrl, client_id: mock.clientId },
    secrets: { client_secret: mock.clientSecret },
  });
  expect([put.status, put.body.error]).toEqual([200, undefined]);
});
afterAll(async () => {
  await server.stop();
  mock.stop();
});

describe('a French approved platform', () => {
  test('a token_url on another host keeps no secret: the client secret never goes where it was not given for', async () => {
    const settings = { token_url: 'http://127.0.0.1:9/oauth/token', client_id: mock.clientId };
    const moved = await call('PUT', '/api/v1/channels/afnor-pa', { enabled: true, settings });
    expect([moved.status, moved.body.data.secrets.client_secret]).toEqual([200, false]);
    const back = await call('PUT', '/api/v1/channels/afnor-pa', {
      enabled: true,
      settings: { token_url: mock.tokenUrl, client_id: mock.clientId },
      secrets: { client_secret: mock.clientSecret },
    });
    expect([back.status, back.body.data.secrets.client_secret]).toEqual([200, true]);
    // A URL setting added on a host the connection uses already keeps them.
    const sameHost = await call('PUT', '/api/v1/channels/afnor-pa', {
      enabled: true,
      settings: {
        token_url: mock.tokenUrl,
        client_id: mock.clientId,
        directory_base_url: `${new URL(mock.tokenUrl).origin}/directory`,
      },
    });
    expect([sameHost.status, sameHost.body.data.secrets.client_secret]).toEqual([200, true]);
    const restored = await call('PUT', '/api/v1/channels/afnor-pa', {
      enabled: true,
      settings: { token_url: mock.tokenUrl, client_id: mock.clientId },
    });
    expect(restored.body.data.secrets.client_secret).toBe(true);
  });

  test('test connection and the directory: a SIREN with an enabled line is reachable, a disabled one is not', async () => {
    expect((await call('POST', '/api/v1/channels/afnor-pa/test')).body.data).toMatchObject({ ok: true });
    const found = await call('POST', '/api/v1/channels/afnor-pa/lookup', {
      scheme: '0002',
      value: '100000009',
    });
    expect(found.body.data).toMatchObject({ reachable: true, invoice: true });
    const disabled = await call('POST', '/api/v1/channels/afnor-pa/lookup', {
      scheme: '0002',
      value: '200000008',
    });
    expect(disabled.body.data.reachable).toBe(false);
  });

  test('a French buyer found in the directory gets a Factur-X through the platform; its statuses arrive', async () => {
    const customer = (await call('POST', '/api/v1/customers', BUYER)).body.data.id;
    const made = await call(
      'POST',
      '/api/v1/documents',
      germanInvoiceBody(profileId, customer, 'RE-2026-0701', [germanLine()], { locale: 'fr-FR' }),
    );
    expect(made.status).toBe(200);
    const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
    expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
    const created = await call('POST', `/api/v1/documents/${made.body.data.id}/network-deliveries`, {});
    expect([created.status, created.body.error]).toEqual([202, undefined]);
    expect(created.body.data).toMatchObject({
      channel: 'afnor-pa',
      network: 'fr-pa',
      profile: 'factur_x_en16931',
    });
    await server.jobs.runDue();
    const id = created.body.data.id;
    let delivery = (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
    expect(delivery.state).toBe('submitted');
    const flow = mock.flows.get(delivery.provider_ref);
    // The Factur-X itself: a PDF with its XML inside.
    expect(new TextDecoder().decode(flow?.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(flow?.flow).toMatchObject({ flowSyntax: 'Factur-X', trackingId: expect.any(String) });

    await mock.settle();
    await mock.lifecycle(delivery.provider_ref, '202', { invoiceNumber: 'RE-2026-0701' });
    await mock.lifecycle(delivery.provider_ref, '205', { invoiceNumber: 'RE-2026-0701' });
    await later();
    delivery = (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
    expect(delivery.state).toBe('accepted');
    const reasons = delivery.events.map((e: { reason: string | null }) => e.reason ?? '').join(' | ');
    expect(reasons).toContain('205');
    // The CDAR as the platform sent it, unchanged.
    expect(delivery.events.at(-1).receipt.body).toContain('CrossDomainAcknowledgementAndResponse');
    await mock.lifecycle(delivery.provider_ref, '212', { invoiceNumber: 'RE-2026-0701' });
    await later();
    expect((await call('GET', `/api/v1/network-deliveries/${id}`)).body.data.state).toBe('paid');
    expect(mock.problems()).toEqual([]);
  });

  test('a supplier invoice from the platform is received once; refusing it sends its reason back', async () => {
    await mock.incoming({
      bytes: CII_XML,
      syntax: 'CII',
      name: 'FA-2026-77.xml',
      invoiceNumber: 'FA-2026-77',
    });
    await later();
    await later();
    const list = await call('GET', '/api/v1/received-documents?source=network');
    expect(list.body.data).toHaveLength(1);
    const id = list.body.data[0].id;
    const answered = await call('POST', `/api/v1/received-documents/${id}/response`, {
      state: 'rejected',
      reason: 'Taux de TVA erroné',
    });
    expect([answered.status, answered.body.error]).toEqual([200, undefined]);
    expect((await call('GET', `/api/v1/received-documents/${id}`)).body.data.status).toBe('rejected');
    const sent = [...mock.flows.values()].filter(
      (f) => f.flow.flowSyntax === 'CDAR' && f.flow.flowDirection === 'Out',
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(new TextDecoder().decode(sent.at(-1)?.bytes)).toContain('Taux de TVA erroné');
    expect(mock.problems()).toEqual([]);
  });
});
