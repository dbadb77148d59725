// The Liège installer's office, second pass over Peppol delivery (docs/channels.md): what a provider says
// comes with a machine-readable reason the console can say in German; Recommand's Message Level Response RE
// fails the delivery it names; Storecove's queue shared by two legal entities under one API key keeps each
// entity's documents to its own account; a 408 is tried again; "test connection" tells a base URL that is
// no provider's API. Providers are the loopback stand-ins of test/mocks.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChannelAdapter } from '../../src/delivery-channel';
import { createRecommandAdapter } from '../../src/modules/channel-recommand';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const BIS_INVOICE = `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
const MLR_DOCTYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##urn:fdc:peppol.eu:poacc:trns:mlr:3::2.1';

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let recommand: RecommandMock;
let storecove: StorecoveMock;
let notApi: ReturnType<typeof Bun.serve>;
let office: TestAccount;
let profileId = '';
let customerId = '';

const as = (account: TestAccount) => (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
let call: ReturnType<typeof as>;

async function later(seconds = 61) {
  clock.advance(seconds * 1000);
  await server.jobs.runDue();
}

const recommandConnection = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  base_url: recommand.url,
  settings: { company_id: recommand.companyId },
  secrets: { api_key: recommand.apiKey, api_secret: recommand.apiSecret },
  ...overrides,
});

beforeAll(async () => {
  recommand = startRecommandMock();
  recommand.register('0208:0456789133', [BIS_INVOICE]);
  storecove = startStorecoveMock();
  // A web server at the base URL that answers every request `{}`: not a provider's API.
  notApi = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => Response.json({}) });
  server = await startServer({ clock, startJobs: false });
  office = await makeAccount(server, { name: 'Installations Meuse SRL' });
  call = as(office);
  profileId = (
    await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      electronic_address: { scheme: '0208', value: '0123456749' },
    })
  ).body.data.id;
  customerId = (
    await call('POST', '/api/v1/customers', {
      name: 'Chauffage Ourthe SPRL',
      email: 'compta@ourthe.example',
      tax_id: 'BE0456789133',
      billing_address: { line1: 'Rue Léopold 3', city: 'Liège', postal_code: '4000', country: 'BE' },
      electronic_address: { scheme: '0208', value: '0456789133' },
      einvoice_profile: 'peppol_bis_billing_3',
      buyer_reference: 'PO-77',
    })
  ).body.data.id;
  const put = await call('PUT', '/api/v1/channels/recommand', recommandConnection());
  expect([put.status, put.body.error]).toEqual([200, undefined]);
});
afterAll(async () => {
  await server.stop();
  recommand.stop();
  storecove.stop();
  notApi.stop(true);
});

async function issued(number: string) {
  const made = await call(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customerId, number, [germanLine()], { buyer_reference: 'PO-77' }),
  );
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
}

async function sent(number: string) {
  const documentId = await issued(number);
  const created = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {
    channel: 'recommand',
  });
  expect([created.status, created.body.error]).toEqual([202, undefined]);
  return created.body.data;
}

const delivery = async (id: string) => (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;

/** A Peppol Message Level Response (T71) from the receiving side about message `messageId`. */
const mlr = (messageId: string, code: 'RE' | 'AB' | 'AP') => `<?xml version="1.0" encoding="UTF-8"?>
<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:mlr:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:mlr:3</cbc:ProfileID>
  <cbc:ID>mlr-${messageId}</cbc:ID>
  <cbc:IssueDate>2026-12-01</cbc:IssueDate>
  <cac:SenderParty><cbc:EndpointID schemeID="0208">0456789133</cbc:EndpointID></cac:SenderParty>
  <cac:ReceiverParty><cbc:EndpointID schemeID="0208">0123456749</cbc:EndpointID></cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response><cbc:ResponseCode>${code}</cbc:ResponseCode><cbc:Description>Rejected due to validation errors</cbc:Description></cac:Response>
    <cac:DocumentReference><cbc:ID>${messageId}</cbc:ID></cac:DocumentReference>
    <cac:LineResponse>
      <cac:LineReference><cbc:LineID>/Invoice/cbc:BuyerReference</cbc:LineID></cac:LineReference>
      <cac:Response><cbc:ResponseCode listID="UNCL4343OpSubset">RE</cbc:ResponseCode><cbc:Description>Unknown buyer reference</cbc:Description><cac:Status><cbc:StatusReasonCode listID="StatusReason">BV</cbc:StatusReasonCode></cac:Status></cac:Response>
    </cac:LineResponse>
  </cac:DocumentResponse>
</ApplicationResponse>`;

describe('test connection says why, as a code beside the provider’s words', () => {
  test('Recommand refusing the key and secret: credentials_refused', async () => {
    await call(
      'PUT',
      '/api/v1/channels/recommand',
      recommandConnection({ secrets: { api_secret: 'wrong' } }),
    );
    const tested = (await call('POST', '/api/v1/channels/recommand/test')).body.data;
    await call('PUT', '/api/v1/channels/recommand', recommandConnection());
    expect(tested).toMatchObject({ ok: false, reason: 'credentials_refused' });
    expect(tested.message).toContain('401');
    const fine = (await call('POST', '/api/v1/channels/recommand/test')).body.data;
    expect(fine.ok).toBe(true);
    expect('reason' in fine).toBe(false);
  });

  test('a base URL answering {} is not the provider’s API (Recommand and Storecove)', async () => {
    const other = await makeAccount(server, { name: 'Toitures Vesdre SRL' });
    const otherCall = as(other);
    const url = `http://127.0.0.1:${notApi.port}/api`;
    const put = await otherCall('PUT', '/api/v1/channels/recommand', recommandConnection({ base_url: url }));
    expect([put.status, put.body.error]).toEqual([200, undefined]);
    const tested = (await otherCall('POST', '/api/v1/channels/recommand/test')).body.data;
    expect(tested).toMatchObject({ ok: false, reason: 'not_provider_api' });
    await otherCall('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      base_url: url,
      settings: { legal_entity_id: 4711 },
      secrets: { api_key: 'sc-key' },
    });
    const storecoveTest = (await otherCall('POST', '/api/v1/channels/storecove/test')).body.data;
    expect(storecoveTest).toMatchObject({ ok: false, reason: 'not_provider_api' });
  });
});

describe('Recommand deliveries', () => {
  test('the first queued entry says the receiver was found, the SMP URL as its detail', async () => {
    const created = await sent('FA-LG2-0001');
    const queued = created.events[0];
    expect(queued.state).toBe('queued');
    expect(queued.reason_code).toBe('receiver_found');
    expect(queued.reason).not.toContain('http');
    expect(queued.detail).toContain('http://smp.mock/');
    await server.jobs.runDue();
    expect((await delivery(created.id)).state).toBe('delivered');
  });

  test('a 408 is tried again, as Storecove’s is: waiting, then delivered', async () => {
    await server.jobs.runDue(); // what earlier tests left queued goes first
    // The service's Recommand adapter without its pauses (a lost answer is looked for again after 10 s
    // and 20 s): the same adapter, its waits made none for the test.
    const adapters = server.deps.channels.adapters as ChannelAdapter[];
    const at = adapters.findIndex((adapter) => adapter.id === 'recommand');
    const original = adapters[at] as ChannelAdapter;
    adapters[at] = createRecommandAdapter({ settleDelaysMs: [0], sleep: async () => {} });
    const created = await sent('FA-LG2-0408');
    recommand.failNextSend(408);
    await server.jobs.runDue();
    const waiting = await delivery(created.id);
    expect(waiting.state).toBe('queued');
    expect(waiting.last_error).toContain('408');
    expect(waiting.last_error_code).toBe('provider_unavailable');
    await later();
    const after = await delivery(created.id);
    expect(after.state).toBe('delivered');
    expect(after.last_error).toBeNull();
    expect('last_error_code' in after).toBe(false);
    adapters[at] = original;
  });

  test('a Message Level Response RE fails the delivery it names; one for an unknown message is taken quietly', async () => {
    await server.jobs.runDue(); // what earlier tests left queued goes first
    const created = await sent('FA-LG2-0777');
    await server.jobs.runDue();
    expect((await delivery(created.id)).state).toBe('delivered');
    const outgoing = recommand.sent().find((doc) => doc.id === (created.provider_ref ?? ''));
    const ours = outgoing ?? recommand.sent().at(-1);
    const envelopeId = ours?.envelopeId ?? '';
    expect(envelopeId).not.toBe('');
    recommand.receive(mlr('unknown-envelope-0000', 'RE'), {
      senderId: '0208:0456789133',
      docTypeId: MLR_DOCTYPE,
    });
    recommand.receive(mlr(envelopeId, 'RE'), { senderId: '0208:0456789133', docTypeId: MLR_DOCTYPE });
    await later();
    await later();
    const failed = await delivery(created.id);
    expect(failed.state).toBe('failed');
    expect(failed.reason_code).toBe('network_rejected');
    expect(failed.reason).toContain('Unknown buyer reference');
    expect(failed.events.at(-1)).toMatchObject({ state: 'failed', reason_code: 'network_rejected' });
    const channel = (await call('GET', '/api/v1/channels')).body.data.find(
      (c: { channel: string }) => c.channel === 'recommand',
    );
    expect(channel.last_poll_error).toBeNull();
    // Nothing of them lands among the received documents; both are marked read.
    expect((await call('GET', '/api/v1/received-documents?source=network')).body.data).toHaveLength(0);
    expect(recommand.documents.filter((d) => d.docTypeId === MLR_DOCTYPE && d.readAt === null)).toHaveLength(
      0,
    );
  });
});

describe('Storecove: two legal entities under one API key', () => {
  const connected: TestAccount[] = [];
  test('a received document for the other legal entity stays in the queue for its own account', async () => {
    const mine = await makeAccount(server, { name: 'Sanitaire Eupen GmbH' });
    const theirs = await makeAccount(server, { name: 'Électricité Spa SRL' });
    connected.push(mine, theirs);
    const connect = (account: TestAccount, legalEntityId: number) =>
      as(account)('PUT', '/api/v1/channels/storecove', {
        enabled: true,
        base_url: storecove.url,
        settings: { legal_entity_id: legalEntityId },
        secrets: { api_key: storecove.apiKey },
      });
    const listOf = async (account: TestAccount) =>
      (await as(account)('GET', '/api/v1/received-documents?source=network')).body.data;
    // Both entities' accounts are connected here under the one key, the other entity's first: its poll
    // comes first (connections are polled in the order they were made) and meets the document, which is
    // not its own: left in the queue, for the owner's poll right after.
    expect((await connect(theirs, storecove.legalEntityId + 1)).status).toBe(200);
    expect((await connect(mine, storecove.legalEntityId)).status).toBe(200);
    const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'));
    const received = storecove.receive(xml);
    await later();
    await later();
    expect(await listOf(mine)).toHaveLength(1);
    expect(await listOf(theirs)).toHaveLength(0);
    expect(storecove.deleted).toContain(received.instanceGuid);
    const theirChannel = (await as(theirs)('GET', '/api/v1/channels')).body.data.find(
      (c: { channel: string }) => c.channel === 'storecove',
    );
    expect(theirChannel.last_poll_error).toBeNull();
  });

  test('a document for a legal entity no connection here polls is acknowledged without being kept, not left at the head of the queue', async () => {
    const alone = await makeAccount(server, { name: 'Plomberie Verviers SPRL' });
    const put = await as(alone)('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      base_url: storecove.url,
      settings: { legal_entity_id: storecove.legalEntityId + 7 },
      secrets: { api_key: storecove.apiKey },
    });
    expect(put.status).toBe(200);
    // The two accounts of the test above stay connected: switch them off, so no connection here polls
    // the document's legal entity.
    const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'));
    for (const account of connected)
      await as(account)('PUT', '/api/v1/channels/storecove', { enabled: false });
    const received = storecove.receive(xml);
    await later();
    await later();
    // Left, it would have stayed at the queue's head and stopped this connection's receiving for good;
    // kept, another firm's invoice would be read by this account's members.
    expect(storecove.deleted).toContain(received.instanceGuid);
    const list = (await as(alone)('GET', '/api/v1/received-documents?source=network')).body.data;
    expect(list).toHaveLength(0);
    // The queue moves on: what comes after it, for this connection's own entity, is received as ever.
    const next = storecove.receive(xml, { legalEntityId: storecove.legalEntityId + 7 });
    await later();
    await later();
    expect(storecove.deleted).toContain(next.instanceGuid);
    expect((await as(alone)('GET', '/api/v1/received-documents?source=network')).body.data).toHaveLength(1);
  });
});
