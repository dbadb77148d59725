// A French SARL connected to an approved platform (the XP Z12-013 mock on loopback): what it meets setting
// the connection up and sending to buyers addressed as the French reform addresses them (docs/channels.md,
// docs/channel-afnor.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type AfnorMock, startAfnorMock } from '../mocks/afnor-pa';
import { DIRECTORY } from '../mocks/afnor-pa-fixtures';

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let mock: AfnorMock;
let account: TestAccount;
let profileId = '';

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

beforeAll(async () => {
  mock = startAfnorMock({ directory: DIRECTORY });
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Atelier Durand SARL' });
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

describe('setting the platform up', () => {
  test('a wrong client secret or API token is said to be refused, in words, without echoing it', async () => {
    const wrongSecret = 'not-the-secret-4711';
    const put = await call('PUT', '/api/v1/channels/afnor-pa', {
      enabled: true,
      secrets: { client_secret: wrongSecret },
    });
    expect([put.status, JSON.stringify(put.body)]).toEqual([200, expect.not.stringContaining(wrongSecret)]);
    const tested = (await call('POST', '/api/v1/channels/afnor-pa/test')).body.data;
    expect(tested.ok).toBe(false);
    expect(tested.message).toMatch(/refused the credentials/);
    expect(tested.message).toContain('client secret');
    expect(tested.message).not.toContain(wrongSecret);
    // A static bearer token the Flow Service refuses.
    const token = await call('PUT', '/api/v1/channels/afnor-pa', {
      enabled: true,
      settings: {},
      secrets: { client_secret: null, api_token: 'wrong-token-0815' },
    });
    expect([token.status, token.body.error]).toEqual([200, undefined]);
    const bearer = (await call('POST', '/api/v1/channels/afnor-pa/test')).body.data;
    expect(bearer.ok).toBe(false);
    expect(bearer.message).toMatch(/refused the credentials/);
    expect(bearer.message).toContain('API token');
    expect(bearer.message).not.toContain('wrong-token-0815');
    // Back to the right ones.
    const back = await call('PUT', '/api/v1/channels/afnor-pa', {
      enabled: true,
      settings: { token_url: mock.tokenUrl, client_id: mock.clientId },
      secrets: { client_secret: mock.clientSecret, api_token: null },
    });
    expect([back.status, back.body.error]).toEqual([200, undefined]);
    expect((await call('POST', '/api/v1/channels/afnor-pa/test')).body.data).toMatchObject({ ok: true });
  });
});

describe('a French platform, buyers by their French electronic address (EAS 0225)', () => {
  test('an addressing identifier (0225) is looked up in the directory: enabled lines reach, others not', async () => {
    const found = await call('POST', '/api/v1/channels/afnor-pa/lookup', {
      scheme: '0225',
      value: '100000009_00011_ACHATS',
    });
    expect([found.status, found.body.error]).toEqual([200, undefined]);
    expect(found.body.data).toMatchObject({ reachable: true, invoice: true, credit_note: true });
    const disabled = await call('POST', '/api/v1/channels/afnor-pa/lookup', {
      scheme: '0225',
      value: '200000008',
    });
    expect(disabled.body.data.reachable).toBe(false);
    const nobody = await call('POST', '/api/v1/channels/afnor-pa/lookup', {
      scheme: '0225',
      value: '999999990',
    });
    expect(nobody.body.data.reachable).toBe(false);
  });

  test('an invoice to a buyer addressed by 0225 goes to the platform (routed there, and reachable)', async () => {
    const customer = await call('POST', '/api/v1/customers', {
      name: 'Boulangerie Dupont SAS',
      email: 'compta@dupont.example',
      tax_id: 'FR32100000009',
      billing_address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
      electronic_address: { scheme: '0225', value: '100000009_00011_ACHATS' },
      einvoice_profile: 'factur_x_en16931',
    });
    expect([customer.status, customer.body.error]).toEqual([200, undefined]);
    const made = await call(
      'POST',
      '/api/v1/documents',
      germanInvoiceBody(profileId, customer.body.data.id, 'RE-2026-0901', [germanLine()], {
        locale: 'fr-FR',
      }),
    );
    expect(made.status).toBe(200);
    const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
    expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
    const created = await call('POST', `/api/v1/documents/${made.body.data.id}/network-deliveries`, {});
    expect([created.status, created.body.error]).toEqual([202, undefined]);
    expect(created.body.data).toMatchObject({
      channel: 'afnor-pa',
      receiver: { scheme: '0225', value: '100000009_00011_ACHATS' },
    });
    expect(mock.problems()).toEqual([]);
  });
});
