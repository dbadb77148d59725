// What a network delivery refuses or survives before and while it is sent (docs/channels.md), found by
// running the executable against a stand-in provider: requests at once queue one delivery; a document that
// breaks its profile's official rules, or is no invoice, is refused when asked for; a provider's answer is
// read and kept bounded; its Retry-After spaces the tries; a waiting delivery says why; an answer that
// cannot be read is no verdict on the buyer. The Storecove mock on loopback plays the provider.
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { isUniqueViolation } from '../../src/db/errors';
import { insertDelivery } from '../../src/modules/channels/repo';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let mock: StorecoveMock;
let account: TestAccount;
let profileId = '';
let customerId = '';
let counter = 0;

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });
const delivery = async (id: string) => (await call('GET', `/api/v1/network-deliveries/${id}`)).body.data;
const isSubmission = (method: string, path: string) => method === 'POST' && path === '/document_submissions';
const isDiscovery = (method: string, path: string) => method === 'POST' && path === '/discovery/receives';
const submissionRequests = () => mock.requests.filter((r) => isSubmission(r.method, r.path)).length;

async function issued(customer = customerId, extra: Record<string, unknown> = {}) {
  counter += 1;
  const made = await call('POST', '/api/v1/documents', {
    ...germanInvoiceBody(
      profileId,
      customer,
      `RE-2026-G${String(counter).padStart(3, '0')}`,
      [germanLine()],
      {
        buyer_reference: '991-12345-67',
      },
    ),
    ...extra,
  });
  expect([made.status, made.body.error]).toEqual([200, undefined]);
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id as string;
}

async function queued(documentId: string) {
  const res = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
  expect([res.status, res.body.error]).toEqual([202, undefined]);
  return res.body.data;
}

beforeAll(async () => {
  mock = startStorecoveMock();
  mock.addParticipant('DE:LWID', '991-12345-67');
  mock.addParticipant('NL:KVK', '12345678');
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht' });
  profileId = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data.id;
  customerId = (await call('POST', '/api/v1/customers', AUTHORITY)).body.data.id;
  const put = await call('PUT', '/api/v1/channels/storecove', {
    enabled: true,
    base_url: mock.url,
    settings: { legal_entity_id: mock.legalEntityId },
    secrets: { api_key: mock.apiKey },
  });
  expect([put.status, put.body.error]).toEqual([200, undefined]);
});
afterAll(async () => {
  await server.stop();
  mock.stop();
});

describe('one delivery of a document at a time', () => {
  test('four requests at once without an Idempotency-Key: one is queued, the others are 409 naming it', async () => {
    const documentId = await issued();
    // The lookups take a moment: every request is past the first check before any has queued.
    mock.intercept(
      isDiscovery,
      async (answer) => {
        await Bun.sleep(300);
        return answer();
      },
      4,
    );
    const before = mock.submissions.length;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {})),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 409, 409, 409]);
    const made = answers.find((a) => a.status === 202)?.body.data;
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error.code).toBe('conflict');
      expect(refused.body.error.details).toEqual({ delivery_id: made.id, state: 'queued' });
    }
    const listed = (await call('GET', `/api/v1/documents/${documentId}/network-deliveries`)).body.data;
    expect(listed.map((d: { id: string }) => d.id)).toEqual([made.id]);
    await server.jobs.runDue();
    expect(mock.submissions.length - before).toBe(1);
    // Four official-rules checks in the account's queue, one after another: seconds on a busy machine.
  }, 60_000);

  test('the database holds it too: a second live delivery of a document is refused, a resend is not', async () => {
    const documentId = await issued();
    const first = await queued(documentId);
    const row = (id: string, resend: boolean) => ({
      id,
      accountId: account.id,
      documentId,
      channel: 'storecove',
      network: 'peppol',
      profile: 'xrechnung_ubl',
      receiverScheme: '0204',
      receiverValue: '991-12345-67',
      state: 'queued' as const,
      providerRef: null,
      idempotencyKey: id,
      reason: null,
      reasonCode: null,
      lastError: null,
      lastErrorCode: null,
      resend,
      createdBy: null,
      createdAt: first.created_at,
      updatedAt: first.created_at,
    });
    const twice = await insertDelivery(server.db, row('ndl_01guardtwice000000000000000', false)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(twice, 'network_deliveries.document_id')).toBe(true);
    await insertDelivery(server.db, row('ndl_01guardresend00000000000000', true));
    const again = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
    expect([again.status, again.body.error.details.delivery_id]).toEqual([409, first.id]);
  });

  test('a failed delivery the network reports delivered after all, beside the one sent since: both kept', async () => {
    const documentId = await issued();
    mock.outcome = 'failed';
    const first = await queued(documentId);
    await server.jobs.runDue();
    clock.advance(61_000);
    await server.jobs.runDue();
    mock.outcome = 'delivered';
    const failed = await delivery(first.id);
    expect(failed.state).toBe('failed');
    // Failed: the document may go again, without resend.
    const second = await queued(documentId);
    await server.jobs.runDue();
    mock.deliver(failed.provider_ref, 'succeeded');
    for (let poll = 0; poll < 3; poll++) {
      clock.advance(61_000);
      await server.jobs.runDue();
    }
    expect((await delivery(first.id)).state).toBe('delivered');
    expect(['submitted', 'delivered']).toContain((await delivery(second.id)).state);
    const storecove = (await call('GET', '/api/v1/channels')).body.data.find(
      (c: { channel: string }) => c.channel === 'storecove',
    );
    expect(storecove.last_poll_error).toBeNull();
  });
});

describe('refused when asked for, nothing queued', () => {
  test('an e-invoice that breaks the Peppol rules is a 422 naming them, as validate-compliance would', async () => {
    // No postal address (BR-10), the seller reached by e-mail only (EAS EM: PEPPOL-EN16931-CL008).
    const buyer = await call('POST', '/api/v1/customers', {
      name: 'Handelshuis Zonder Adres',
      electronic_address: { scheme: '0106', value: '12345678' },
    });
    expect(buyer.status).toBe(200);
    const documentId = await issued(buyer.body.data.id);
    await server.jobs.runDue();
    const before = submissionRequests();
    const refused = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
    expect([refused.status, refused.body.error.code]).toEqual([422, 'compliance_failed']);
    expect(refused.body.error.details.profile).toBe('peppol_bis_billing_3');
    const rules = refused.body.error.details.violations.map((v: { rule: string }) => v.rule);
    expect(rules).toEqual(expect.arrayContaining(['BR-10', 'PEPPOL-EN16931-CL008']));
    for (const violation of refused.body.error.details.violations)
      expect(violation).toMatchObject({ severity: 'fatal', message: expect.any(String) });
    expect(refused.body.error.message).toContain('BR-10');
    await server.jobs.runDue();
    expect((await call('GET', `/api/v1/documents/${documentId}/network-deliveries`)).body.data).toEqual([]);
    expect(submissionRequests()).toBe(before);
  });

  test('a finalized quote is no e-invoice: 409, as its other missing actions are', async () => {
    const quote = await issued(customerId, { document_type: 'quote', due_date: undefined });
    const refused = await call('POST', `/api/v1/documents/${quote}/network-deliveries`, {});
    expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict']);
    expect(refused.body.error.details).toMatchObject({ document_type: 'quote', alternatives: ['email'] });
    expect((await call('GET', `/api/v1/documents/${quote}/network-deliveries`)).body.data).toEqual([]);
  });
});

describe("the provider's answers", () => {
  test('an answer of 50 MB is not read: the send is tried again, nothing of it is kept', async () => {
    const documentId = await issued();
    const made = await queued(documentId);
    const total = 50 * 1024 * 1024;
    let pulled = 0;
    let cancelled = false;
    mock.intercept(isSubmission, () => {
      const chunk = new Uint8Array(64 * 1024).fill(0x78);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= total) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    });
    await server.jobs.runDue();
    await Bun.sleep(100);
    const waiting = await delivery(made.id);
    expect(waiting.state).toBe('queued');
    expect(waiting.last_error).toContain('more than 1048576 bytes');
    // The connection was dropped long before the whole answer came.
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(total / 2);
    expect(JSON.stringify(waiting).length).toBeLessThan(64 * 1024);
    clock.advance(6_000);
    await server.jobs.runDue();
    const sent = await delivery(made.id);
    expect([sent.state, sent.last_error]).toEqual(['submitted', null]);
  });

  test('a receipt larger than 64 KiB is kept as its first 64 KiB, marked truncated', async () => {
    const made = await queued(await issued());
    mock.intercept(isSubmission, async (answer) => {
      const taken = (await answer().json()) as { guid: string };
      return Response.json({ ...taken, note: 'x'.repeat(200_000) });
    });
    await server.jobs.runDue();
    const sent = await delivery(made.id);
    expect(sent.state).toBe('submitted');
    const receipt = sent.events.find((e: { state: string }) => e.state === 'submitted').receipt;
    expect(receipt.truncated).toBe(true);
    expect(new TextEncoder().encode(receipt.body).length).toBeLessThanOrEqual(64 * 1024);
    expect(receipt.body.startsWith('{"guid":')).toBe(true);
    expect(sent.events[0].receipt.truncated).toBe(false);
  });

  test('a 429 with Retry-After: 120 waits the two minutes, saying why meanwhile; cleared once it went', async () => {
    const made = await queued(await issued());
    mock.rateLimit(1, 120);
    await server.jobs.runDue();
    expect(submissionRequests()).toBeGreaterThan(0);
    const tried = submissionRequests();
    const limited = await delivery(made.id);
    expect(limited.state).toBe('queued');
    expect(limited.last_error).toContain('429');
    // The job's own backoff (5 s) has long passed, the provider's two minutes have not.
    clock.advance(30_000);
    await server.jobs.runDue();
    expect(submissionRequests()).toBe(tried);
    expect((await delivery(made.id)).state).toBe('queued');
    clock.advance(95_000);
    await server.jobs.runDue();
    expect(submissionRequests()).toBe(tried + 1);
    const sent = await delivery(made.id);
    // Submitted, and maybe reported delivered already by the poll that came due meanwhile.
    expect(['submitted', 'delivered']).toContain(sent.state);
    expect(sent.last_error).toBeNull();
    expect(sent.events.map((e: { state: string }) => e.state).slice(0, 2)).toEqual(['queued', 'submitted']);
  });

  test('a send answered 200 with JSON cut short is tried again under its idempotencyGuid, sent once', async () => {
    const made = await queued(await issued());
    const before = mock.submissions.length;
    // Storecove took it; its answer broke off.
    mock.intercept(isSubmission, (answer) => {
      answer();
      return new Response('{"guid": "abc', { headers: { 'content-type': 'application/json' } });
    });
    await server.jobs.runDue();
    const waiting = await delivery(made.id);
    expect(waiting.state).toBe('queued');
    expect(waiting.last_error).toContain('could read');
    clock.advance(6_000);
    await server.jobs.runDue();
    const sent = await delivery(made.id);
    expect(sent.state).toBe('submitted');
    expect(mock.submissions.length - before).toBe(1);
  });

  test('a lookup answered with JSON it cannot read is a 503 to try again, never "unreachable"', async () => {
    const unreadable = () =>
      new Response('{oops', { status: 200, headers: { 'content-type': 'application/json' } });
    mock.intercept(isDiscovery, unreadable, 2);
    const looked = await call('POST', '/api/v1/channels/storecove/lookup', {
      scheme: '0204',
      value: '991-12345-67',
    });
    expect([looked.status, looked.body.error?.code]).toEqual([503, 'service_unavailable']);
    expect(looked.headers.get('retry-after')).not.toBeNull();
    const documentId = await issued();
    const refused = await call('POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
    expect([refused.status, refused.body.error.code]).toEqual([503, 'service_unavailable']);
    expect(refused.body.error.details?.reason).toBeUndefined();
    expect((await call('GET', `/api/v1/documents/${documentId}/network-deliveries`)).body.data).toEqual([]);
  });
});

describe('connections', () => {
  test('a French platform is not enabled without its base URL (it has no API of its own)', async () => {
    const bare = await call('PUT', '/api/v1/channels/afnor-pa', { enabled: true });
    expect([bare.status, bare.body.error.details.fields[0].loc]).toEqual([422, 'body.base_url']);
    const off = await call('PUT', '/api/v1/channels/afnor-pa', { enabled: false });
    expect([off.status, off.body.data.enabled]).toEqual([200, false]);
    const still = await call('PUT', '/api/v1/channels/afnor-pa', { enabled: true });
    expect(still.status).toBe(422);
    expect((await call('GET', '/api/v1/channels')).body.data).toContainEqual(
      expect.objectContaining({ channel: 'afnor-pa', enabled: false }),
    );
  });
});
