// Issue 41: an issued document delivered over Peppol through an access point's API (the Storecove mock on
// loopback, built from its published OpenAPI document and checking every request against it), end to end
// through the service: the connection with sealed secrets, the lookup before sending, the send job sent
// once, the statuses and their receipts, a provider away, a rejection's reason, a received invoice taken
// once and answered (docs/channels.md).
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let mock: StorecoveMock;
let account: TestAccount;
let profileId = '';
let customerId = '';
let counter = 0;
/** The invoice the first send delivered, sent again by the last test. */
let firstSent = { documentId: '', deliveryId: '' };

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

/** Runs the due jobs with the clock a poll period (and any backoff) later. */
async function later(seconds = 61) {
  clock.advance(seconds * 1000);
  await server.jobs.runDue();
}

async function issuedInvoice(customer = customerId) {
  counter += 1;
  const made = await call(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customer, `RE-2026-${String(counter).padStart(4, '0')}`, [germanLine()], {
      buyer_reference: '991-12345-67',
    }),
  );
  expect(made.status).toBe(200);
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
}

async function deliver(documentId: string) {
  const res = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
  expect([res.status, res.body.error]).toEqual([202, undefined]);
  return res.body.data;
}

const delivery = async (id: string) => (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;

beforeAll(async () => {
  mock = startStorecoveMock();
  mock.addParticipant('DE:LWID', '991-12345-67');
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht' });
  profileId = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data.id;
  customerId = (await call('POST', '/api/v1/customers', AUTHORITY)).body.data.id;
});
afterAll(async () => {
  await server.stop();
  mock.stop();
});

describe('Peppol through an access point', () => {
  test('the account connects: its API key is sealed, never answered, and the test connection passes', async () => {
    // Enabled without the settings sending needs: refused now, naming them, not at the first send.
    const bare = await call('PUT', '/api/v1/channels/storecove', { enabled: true });
    expect(bare.status).toBe(422);
    expect(bare.body.error.details.fields[0].loc).toBe('body.settings.legal_entity_id');
    const put = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      base_url: mock.url,
      settings: { legal_entity_id: mock.legalEntityId },
      secrets: { api_key: mock.apiKey },
    });
    expect([put.status, put.body.error]).toEqual([200, undefined]);
    expect(put.body.data).toMatchObject({ channel: 'storecove', enabled: true, secrets: { api_key: true } });
    const list = await call('GET', '/api/v1/channels');
    expect(JSON.stringify(list.body)).not.toContain(mock.apiKey);
    expect(list.body.data.map((c: { channel: string }) => c.channel)).toEqual(
      expect.arrayContaining(['storecove', 'recommand', 'afnor-pa']),
    );
    const test = await call('POST', '/api/v1/channels/storecove/test');
    expect(test.body.data).toMatchObject({ ok: true });
    const wrong = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      secrets: { password: 'x' },
    });
    expect([wrong.status, wrong.body.error.details.fields[0].loc]).toEqual([422, 'body.secrets.password']);
    // Pointed at another host, the connection keeps none of its secrets (nothing sends the key there) until
    // they are given again; a base URL that is no http(s) URL is a 422.
    const moved = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      base_url: 'http://127.0.0.1:9/api/v2',
    });
    expect([moved.status, moved.body.data.secrets]).toEqual([200, { api_key: false }]);
    const odd = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      base_url: 'ftp://example.org/x',
    });
    expect([odd.status, odd.body.error.details.fields[0].loc]).toEqual([422, 'body.base_url']);
    const back = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      base_url: mock.url,
      secrets: { api_key: mock.apiKey },
    });
    expect([back.status, back.body.data.secrets]).toEqual([200, { api_key: true }]);
    // The same host again keeps them, another path on it too.
    const same = await call('PUT', '/api/v1/channels/storecove', { enabled: true, base_url: mock.url });
    expect(same.body.data.secrets).toEqual({ api_key: true });
    const path = await call('PUT', '/api/v1/channels/storecove', { enabled: true, base_url: `${mock.url}/` });
    expect(path.body.data.secrets).toEqual({ api_key: true });
  });

  test('a reachable buyer: queued, submitted once, delivered and accepted, each with its receipt', async () => {
    const documentId = await issuedInvoice();
    const queued = await deliver(documentId);
    expect(queued).toMatchObject({
      state: 'queued',
      channel: 'storecove',
      network: 'peppol',
      profile: 'xrechnung_ubl',
    });
    expect(queued.receiver).toEqual({ scheme: '0204', value: '991-12345-67' });
    await server.jobs.runDue();
    const submitted = await delivery(queued.id);
    // Submitted; or delivered already, when a poll came due in the same round and read the mock's own report.
    expect(['submitted', 'delivered']).toContain(submitted.state);
    expect(mock.submissions).toHaveLength(1);
    const submission = mock.submissions[0];
    expect(submitted.provider_ref).toBe(submission?.guid);
    expect(new TextDecoder().decode(submission?.document ?? new Uint8Array())).toContain('991-12345-67');
    // The document counts as sent.
    expect((await call('GET', `/api/v1/documents/${documentId}`)).body.data.status).toBe('sent');

    // The mock reports the accepted submission delivered by itself (its `outcome`); then the buyer answers.
    mock.buyerResponds(submitted.provider_ref, 'AP');
    await later();
    await later();
    const done = await delivery(queued.id);
    expect(done.state).toBe('accepted');
    expect(done.events.map((e: { state: string }) => e.state)).toEqual([
      'queued',
      'submitted',
      'delivered',
      'accepted',
    ]);
    for (const event of done.events.slice(1)) expect(event.receipt?.body.length).toBeGreaterThan(0);
    expect(mock.problems()).toEqual([]);
    // Sending again is a new delivery (the last test); this one went once, whatever the polls.
    expect(mock.submissions).toHaveLength(1);
    firstSent = { documentId, deliveryId: queued.id };
  });

  test('an unreachable buyer is told before sending, and offered e-mail', async () => {
    const other = await call('POST', '/api/v1/customers', {
      ...AUTHORITY,
      name: 'Amt ohne Peppol',
      electronic_address: { scheme: '0204', value: '991-99999-99' },
    });
    const documentId = await issuedInvoice(other.body.data.id);
    const res = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
    expect([res.status, res.body.error.code]).toEqual([422, 'unprocessable_entity']);
    expect(res.body.error.details).toMatchObject({ reason: 'unreachable', alternatives: ['email'] });
    expect((await call('GET', `/api/v1/documents/${documentId}/network-deliveries`)).body.data).toEqual([]);
  });

  test('the provider away for a while delays the send; it goes once when it answers', async () => {
    const documentId = await issuedInvoice();
    const queued = await deliver(documentId);
    const before = mock.submissions.length;
    mock.down({ requests: 3, retryAfter: 5 });
    await server.jobs.runDue();
    expect((await delivery(queued.id)).state).toBe('queued');
    for (let i = 0; i < 6 && (await delivery(queued.id)).state === 'queued'; i++) await later(20);
    expect((await delivery(queued.id)).state).toBe('submitted');
    expect(mock.submissions.length - before).toBe(1);
  });

  test('a document whose e-invoice cannot be written is refused with why, queueing nothing', async () => {
    // No e-invoice profile of its own: finalize checks nothing, the channel's profile is written at send.
    const { einvoice_profile: _profile, ...plain } = AUTHORITY;
    const buyer = await call('POST', '/api/v1/customers', { ...plain, name: 'Amt ohne Profil' });
    counter += 1;
    const made = await call('POST', '/api/v1/documents', {
      ...germanInvoiceBody(profileId, buyer.body.data.id, `RE-2026-X${counter}`, [germanLine()]),
      tax_scheme: undefined,
    });
    expect(made.status).toBe(200);
    expect((await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`)).status).toBe(200);
    const before = mock.submissions.length;
    // Written (and checked) when asked for, not when the job runs: refused now, nothing queued.
    const refused = await call('POST', `/api/v1/documents/${made.body.data.id}/network-deliveries`, {});
    expect([refused.status, refused.body.error.code]).toEqual([422, 'unprocessable_entity']);
    expect(refused.body.error.message).toContain('e-invoice');
    // It says which field, as the XML route does (the VAT scheme, BT-118).
    expect(refused.body.error.message).toContain('tax_scheme');
    await server.jobs.runDue();
    expect(
      (await call('GET', `/api/v1/documents/${made.body.data.id}/network-deliveries`)).body.data,
    ).toEqual([]);
    expect(mock.submissions.length).toBe(before);
  });

  test("a rejected invoice shows the buyer's reason", async () => {
    const queued = await deliver(await issuedInvoice());
    await server.jobs.runDue();
    const ref = (await delivery(queued.id)).provider_ref;
    mock.buyerResponds(ref, 'RE', 'Bestellnummer fehlt');
    await later();
    await later();
    const rejected = await delivery(queued.id);
    expect(rejected.state).toBe('rejected');
    expect(rejected.reason).toContain('Bestellnummer fehlt');
  });

  test('an invoice received through the provider appears once, can be accepted, and the answer goes back', async () => {
    const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'));
    const received = mock.receive(xml);
    await later();
    await later();
    mock.replay(received.instanceGuid);
    await later();
    await later();
    const list = await call('GET', '/api/v1/received-documents?source=network');
    expect(list.body.data).toHaveLength(1);
    const id = list.body.data[0].id;
    const transport = await call('GET', `/api/v1/received-documents/${id}/transport`);
    expect(transport.body.data).toMatchObject({ channel: 'storecove', response: null });
    const refused = await call('POST', `/api/v1/received-documents/${id}/response`, { state: 'rejected' });
    expect(refused.status).toBe(422);
    const answered = await call('POST', `/api/v1/received-documents/${id}/response`, { state: 'accepted' });
    expect([answered.status, answered.body.error]).toEqual([200, undefined]);
    expect(answered.body.data.response).toMatchObject({ state: 'accepted' });
    expect(mock.responses).toHaveLength(1);
    expect((await call('GET', `/api/v1/received-documents/${id}`)).body.data.status).toBe('approved');
    expect(mock.problems()).toEqual([]);
  });
  test('a cancelled invoice is never sent: archived after cancelling, or cancelled while its send waited', async () => {
    const archived = await issuedInvoice();
    expect((await call('POST', `/api/v1/documents/${archived}/void`)).status).toBe(200);
    expect((await call('POST', `/api/v1/documents/${archived}/archive`)).status).toBe(200);
    const refused = await call('POST', `/api/v1/documents/${archived}/network-deliveries`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toMatchObject({ status: 'archived', voided: true });

    const waiting = await issuedInvoice();
    const queued = await deliver(waiting);
    const before = mock.submissions.length;
    expect((await call('POST', `/api/v1/documents/${waiting}/void`)).status).toBe(200);
    await server.jobs.runDue();
    const failed = await delivery(queued.id);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toContain('cancelled before it was sent');
    expect(mock.submissions.length).toBe(before);
  });

  test('sending a sent invoice again is a 409 naming its delivery, unless asked for with resend', async () => {
    const { documentId, deliveryId } = firstSent;
    const again = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual({ delivery_id: deliveryId, state: 'accepted' });
    const before = mock.submissions.length;
    const resent = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, { resend: true });
    expect(resent.status).toBe(202);
    await server.jobs.runDue();
    expect(mock.submissions.length).toBe(before + 1);
  });
  test('a base URL that answers a web page is no connection: the test says so', async () => {
    const page = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () =>
        new Response('<html><body>Willkommen</body></html>', { headers: { 'content-type': 'text/html' } }),
    });
    try {
      const put = await call('PUT', '/api/v1/channels/storecove', {
        enabled: true,
        base_url: `http://127.0.0.1:${page.port}/api/v2`,
        secrets: { api_key: mock.apiKey },
      });
      expect(put.status).toBe(200);
      const test = await call('POST', '/api/v1/channels/storecove/test');
      expect(test.body.data.ok).toBe(false);
      expect(test.body.data.message).toContain('not JSON');
    } finally {
      page.stop(true);
      await call('PUT', '/api/v1/channels/storecove', {
        enabled: true,
        base_url: mock.url,
        secrets: { api_key: mock.apiKey },
      });
    }
  });
  test('another file of an invoice answered paid over the network has the file that counts marked paid', async () => {
    const xml = readFileSync(
      join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.02a-INVOICE_ubl.xml'),
      'utf8',
    );
    // The same invoice came by e-mail first (other bytes: a comment), then over Peppol.
    const uploaded = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: `${xml}\n<!-- per E-Mail -->`,
    });
    expect(uploaded.status).toBe(201);
    const counted = ((await uploaded.json()) as { data: { id: string } }).data.id;
    mock.receive(new TextEncoder().encode(xml));
    await later();
    await later();
    const copy = (await call('GET', '/api/v1/received-documents?source=network')).body.data.find(
      (d: { duplicate_of: string | null }) => d.duplicate_of === counted,
    );
    expect(copy).toBeDefined();
    const answered = await call('POST', `/api/v1/received-documents/${copy.id}/response`, { state: 'paid' });
    expect([answered.status, answered.body.error]).toEqual([200, undefined]);
    expect((await call('GET', `/api/v1/received-documents/${copy.id}`)).body.data.status).toBe('paid');
    const file = (await call('GET', `/api/v1/received-documents/${counted}`)).body.data;
    expect(file).toMatchObject({ status: 'paid', payment_status: 'paid', amount_due: '0.00' });
  });

  test('a received document the provider answers without its UBL is skipped, not holding up the next', async () => {
    const broken = mock.receive('<never-fetched/>');
    const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.03a-INVOICE_ubl.xml'));
    const next = mock.receive(xml);
    // Every time it is asked: an answer that will not change.
    for (let time = 0; time < 10; time++)
      mock.failNext(
        200,
        { guid: broken.documentGuid },
        (method, path) =>
          method === 'GET' && path === `/purchase_invoices/${broken.documentGuid}/ubl/original`,
      );
    for (let poll = 0; poll < 5; poll++) await later();
    expect(mock.queue).toEqual([]);
    const list = (await call('GET', '/api/v1/received-documents?source=network')).body.data;
    const transports = await Promise.all(
      list.map(
        async (d: { id: string }) =>
          (await call('GET', `/api/v1/received-documents/${d.id}/transport`)).body.data.provider_ref,
      ),
    );
    expect(transports).toContain(next.documentGuid);
    expect(transports).not.toContain(broken.documentGuid);
  });
});
