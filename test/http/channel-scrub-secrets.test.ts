// A provider (or a proxy, or a misconfigured endpoint) that echoes the connection's own credentials in its
// answers: the key, the secret split across lines, URL-encoded, or as the Basic header carries it
// (base64 of `key:secret`). What the service keeps and shows of a provider's words (a test-connection
// answer, a delivery's reason and last_error, an event's receipt, a poll's error) and what it logs never
// holds them: they are replaced by `***` at the adapters' boundary (src/modules/channels/scrub.ts), for every
// channel. The Storecove and Recommand stand-ins on loopback play the careless provider.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { createLogger } from '../../src/shared/logger';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';

const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const BIS_INVOICE = `urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
/** A live-looking key with characters URL-encoding changes. */
const KEY = 'sk_live_Ab+/cD=eF&gH%iJ9kLmNoPq';

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
const logLines: string[] = [];
let server: TestServer;
let storecove: StorecoveMock;
let recommand: RecommandMock;
let account: TestAccount;
let profileId = '';
let authorityId = '';
let peppolBuyerId = '';
let counter = 0;

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Every way the tests' providers echo a secret, each as a fragment no scrubbed text may hold. */
function tellTales(secret: string, user: string): string[] {
  const basic = b64(`${user}:${secret}`);
  return [
    secret,
    secret.slice(0, 14), // the first line of a split copy
    secret.slice(-10), // its last line
    encodeURIComponent(secret),
    encodeURIComponent(secret).slice(8, 24),
    basic,
    basic.slice(Math.ceil((user.length + 2) / 3) * 4, -4), // its middle: the secret's own base64
  ];
}

/** Every provider echo of `secret` the tests make, in one text. */
const echoes = (secret: string, user: string) =>
  [
    `invalid token ${secret}`,
    `Authorization: Basic ${b64(`${user}:${secret}`)}`,
    `api_key=${encodeURIComponent(secret)}`,
    `the key\n${secret.slice(0, 14)}\n${secret.slice(14)}\nis not valid`,
  ].join(' | ');

function expectClean(what: string, text: unknown, secret: string, user: string) {
  const haystack = typeof text === 'string' ? text : JSON.stringify(text);
  for (const tale of tellTales(secret, user)) {
    if (haystack.includes(tale)) throw new Error(`${what} holds "${tale}" of the secret: ${haystack}`);
  }
}

async function issuedInvoice(customer: string) {
  counter += 1;
  const made = await call(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customer, `RE-2026-${String(counter).padStart(4, '0')}`, [germanLine()], {
      buyer_reference: customer === authorityId ? '991-12345-67' : 'PO-4711',
    }),
  );
  expect([made.status, made.body.error]).toEqual([200, undefined]);
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
}

/** What is stored of a delivery and its events, as plain SQL reads it (SQLite). */
function storedRows(deliveryId: string) {
  return {
    delivery: server.sqlite
      .query('SELECT reason, last_error, provider_ref FROM network_deliveries WHERE id = ?')
      .get(deliveryId),
    events: server.sqlite
      .query('SELECT reason, receipt FROM network_delivery_events WHERE delivery_id = ?')
      .all(deliveryId),
  };
}

beforeAll(async () => {
  storecove = startStorecoveMock({ apiKey: KEY });
  storecove.addParticipant('DE:LWID', '991-12345-67');
  recommand = startRecommandMock();
  recommand.register('9930:DE987654321', [BIS_INVOICE]);
  server = await startServer({
    clock,
    startJobs: false,
    logger: createLogger('debug', (line) => logLines.push(line)),
  });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht' });
  profileId = (
    await call('POST', '/api/v1/business-profiles', {
      ...GERMAN_SELLER,
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    })
  ).body.data.id;
  authorityId = (await call('POST', '/api/v1/customers', AUTHORITY)).body.data.id;
  peppolBuyerId = (
    await call('POST', '/api/v1/customers', {
      name: 'Großhandel Süd GmbH',
      email: 'ap@sued.example',
      tax_id: 'DE987654321',
      billing_address: { line1: 'Hafenstraße 2', city: 'Hamburg', postal_code: '20457', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE987654321' },
      einvoice_profile: 'peppol_bis_billing_3',
      buyer_reference: 'PO-4711',
    })
  ).body.data.id;
  const sc = await call('PUT', '/api/v1/channels/storecove', {
    enabled: true,
    base_url: storecove.url,
    settings: { legal_entity_id: storecove.legalEntityId },
    secrets: { api_key: KEY },
  });
  expect([sc.status, sc.body.error]).toEqual([200, undefined]);
  const rc = await call('PUT', '/api/v1/channels/recommand', {
    enabled: true,
    base_url: recommand.url,
    settings: { company_id: recommand.companyId },
    secrets: { api_key: recommand.apiKey, api_secret: recommand.apiSecret },
  });
  expect([rc.status, rc.body.error]).toEqual([200, undefined]);
});
afterAll(async () => {
  await server.stop();
  storecove.stop();
  recommand.stop();
});

describe('a provider echoing the connection’s credentials', () => {
  test('the test connection answers its words without the key', async () => {
    storecove.intercept(
      (method, path) => method === 'GET' && path.startsWith('/legal_entities/'),
      () => Response.json({ message: echoes(KEY, 'user') }, { status: 400 }),
    );
    const answer = await call('POST', '/api/v1/channels/storecove/test');
    expect(answer.body.data.ok).toBe(false);
    // The provider's words are still there, the key in them replaced.
    expect(answer.body.data.message).toContain('invalid token ***');
    expectClean('the test answer', answer.body, KEY, 'user');
  });

  test('a refused send: the delivery, its events and the stored rows hold no key', async () => {
    storecove.intercept(
      (method, path) => method === 'POST' && path === '/document_submissions',
      () => Response.json([{ source: 'Authorization', details: echoes(KEY, 'user') }], { status: 422 }),
    );
    const documentId = await issuedInvoice(authorityId);
    const queued = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {
      channel: 'storecove',
    });
    expect([queued.status, queued.body.error]).toEqual([202, undefined]);
    await server.jobs.runDue();
    const delivery = (await call('GET', `/api/v1/network-deliveries/${queued.body.data.id}`)).body.data;
    expect(delivery.state).toBe('failed');
    expect(delivery.reason).toContain('invalid token ***');
    expectClean('the delivery', delivery, KEY, 'user');
    expectClean('the stored delivery', storedRows(queued.body.data.id), KEY, 'user');
    const list = await call('GET', `/api/v1/documents/${documentId}/network-deliveries`);
    expectClean('the document’s deliveries', list.body, KEY, 'user');
  });

  test('a refusal in plain text (no JSON): the delivery and its receipt hold no key', async () => {
    storecove.intercept(
      (method, path) => method === 'POST' && path === '/document_submissions',
      () => new Response(`upstream refused: ${echoes(KEY, 'user')}`, { status: 400 }),
    );
    const documentId = await issuedInvoice(authorityId);
    const queued = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {
      channel: 'storecove',
    });
    await server.jobs.runDue();
    const delivery = (await call('GET', `/api/v1/network-deliveries/${queued.body.data.id}`)).body.data;
    expect(delivery.state).toBe('failed');
    expect(delivery.reason).toContain('***');
    expectClean('the delivery', delivery, KEY, 'user');
    expectClean('the stored delivery', storedRows(queued.body.data.id), KEY, 'user');
  });

  test('a poll refused with the key in the answer: last_poll_error holds none', async () => {
    storecove.intercept(
      (method, path) => method === 'GET' && path.startsWith('/webhook_instances'),
      () => Response.json({ message: echoes(KEY, 'user') }, { status: 400 }),
    );
    clock.advance(3_600_000);
    await server.jobs.runDue();
    const channels = await call('GET', '/api/v1/channels');
    const mine = channels.body.data.find((c: { channel: string }) => c.channel === 'storecove');
    expect(mine.last_poll_error).toContain('***');
    expectClean('the channel list', channels.body, KEY, 'user');
    const stored = server.sqlite
      .query("SELECT last_poll_error FROM channel_connections WHERE channel = 'storecove'")
      .all();
    expectClean('the stored connection', stored, KEY, 'user');
  });

  test('Recommand (Basic auth): neither the key nor the secret, nor the header they make', async () => {
    const { apiKey, apiSecret } = recommand;
    recommand.failValidation({
      root: [echoes(apiSecret, apiKey)],
      'cbc:ID': [`header was Basic ${b64(`${apiKey}:${apiSecret}`)}`],
    });
    const documentId = await issuedInvoice(peppolBuyerId);
    const queued = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {
      channel: 'recommand',
    });
    expect([queued.status, queued.body.error]).toEqual([202, undefined]);
    await server.jobs.runDue();
    const delivery = (await call('GET', `/api/v1/network-deliveries/${queued.body.data.id}`)).body.data;
    expect(delivery.state).toBe('failed');
    expect(delivery.reason).toContain('invalid token ***');
    for (const [secret, user] of [
      [apiSecret, apiKey],
      [apiKey, 'x'],
    ] as const) {
      expectClean('the delivery', delivery, secret, user);
      expectClean('the stored delivery', storedRows(queued.body.data.id), secret, user);
    }
  });

  test('no log line quotes a secret', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expectClean('a log line', line, KEY, 'user');
      expectClean('a log line', line, recommand.apiSecret, recommand.apiKey);
    }
  });
});
