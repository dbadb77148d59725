// A Liège installation firm invoicing French customers through an approved platform (the XP Z12-013
// mock on loopback): what a platform reports after it took an invoice reaches the document's delivery
// (docs/channel-afnor.md, docs/channels.md).
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
let customerId = '';

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function later(seconds = 61) {
  clock.advance(seconds * 1000);
  await server.jobs.runDue();
}

beforeAll(async () => {
  mock = startAfnorMock({ directory: DIRECTORY });
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Installations Meuse SRL' });
  profileId = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data.id;
  customerId = (
    await call('POST', '/api/v1/customers', {
      name: 'Boulangerie Dupont SAS',
      email: 'compta@dupont.example',
      tax_id: 'FR32100000009',
      billing_address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
      electronic_address: { scheme: '0002', value: '100000009' },
      einvoice_profile: 'factur_x_en16931',
    })
  ).body.data.id;
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

async function issued(number: string) {
  const made = await call(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customerId, number, [germanLine()], { locale: 'fr-FR' }),
  );
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
}

describe('a French platform that took an invoice and then turns it down', () => {
  test('213 Rejetée after 202 Reçue par la plateforme fails the delivery, and a replayed 202 does not undo it', async () => {
    const documentId = await issued('FA-LG-2026-0213');
    const created = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
    expect([created.status, created.body.error]).toEqual([202, undefined]);
    await server.jobs.runDue();
    const id = created.body.data.id;
    let delivery = (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
    expect(delivery.state).toBe('submitted');
    await mock.settle();
    const flow202 = await mock.lifecycle(delivery.provider_ref, '202', { invoiceNumber: 'FA-LG-2026-0213' });
    await later();
    expect((await call('GET', `/api/v1/network-deliveries/${id}`)).body.data.state).toBe('delivered');
    await mock.lifecycle(delivery.provider_ref, '213', {
      invoiceNumber: 'FA-LG-2026-0213',
      reason: 'Fichier illisible',
    });
    await later();
    delivery = (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
    // Deemed not issued (docs/channel-afnor.md): failed, so it may be sent again once corrected.
    expect(delivery.state).toBe('failed');
    expect(delivery.reason).toContain('213');
    // The platform's 202 callback, late or replayed, is the same report: kept once, moving nothing back.
    const webhook = await call('POST', '/api/v1/channels/afnor-pa/webhook');
    expect(webhook.status).toBe(200);
    const replayed = await fetch(webhook.body.data.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(flow202),
    });
    expect(replayed.status).toBe(200);
    delivery = (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
    expect(delivery.state).toBe('failed');
    expect(delivery.events.filter((e: { state: string }) => e.state === 'delivered')).toHaveLength(1);
    // A report of its own coming late (203 Mise à disposition, not a copy of one kept): the rejection stands,
    // the report kept as history.
    await mock.lifecycle(delivery.provider_ref, '203', { invoiceNumber: 'FA-LG-2026-0213' });
    await later();
    delivery = (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
    expect(delivery.events.filter((e: { state: string }) => e.state === 'delivered')).toHaveLength(2);
    expect([delivery.state, delivery.reason_code]).toEqual(['failed', 'network_rejected']);
    expect(mock.problems()).toEqual([]);
  });
});
