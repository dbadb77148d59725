// A hostile (or broken) provider through the service: answers nested deeper than a reader can write back,
// control characters in its words, a redirect to another host, an answer that never comes. Each ends as a
// provider's failure in the spec's envelope (a test connection's `ok: false`, a failed delivery with a
// reason), never a 500, a job that crashes on every try, or a row the database refuses; and the service
// goes on answering meanwhile. The Storecove stand-in on loopback plays the provider.
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Server } from 'bun';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';

const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
let server: TestServer;
let storecove: StorecoveMock;
let elsewhere: Server<undefined>;
const elsewhereSeen: string[] = [];
let account: TestAccount;
let profileId = '';
let customerId = '';
let counter = 0;

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

/** `[[[…]]]` deeper than JSON.stringify can write back (its stack ends first); 200 KB. */
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

async function sendOne(): Promise<any> {
  counter += 1;
  const made = await call(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customerId, `RE-2026-${String(counter).padStart(4, '0')}`, [germanLine()], {
      buyer_reference: '991-12345-67',
    }),
  );
  expect([made.status, made.body.error]).toEqual([200, undefined]);
  const finalized = await call('POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  const queued = await call('POST', `/api/v1/documents/${made.body.data.id}/network-deliveries`, {
    channel: 'storecove',
  });
  expect([queued.status, queued.body.error]).toEqual([202, undefined]);
  await server.jobs.runDue();
  return (await call('GET', `/api/v1/network-deliveries/${queued.body.data.id}`)).body.data;
}

const submissions = (method: string, path: string) => method === 'POST' && path === '/document_submissions';
const legalEntity = (method: string, path: string) => method === 'GET' && path.startsWith('/legal_entities/');

beforeAll(async () => {
  storecove = startStorecoveMock();
  storecove.addParticipant('DE:LWID', '991-12345-67');
  elsewhere = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      elsewhereSeen.push(`${request.method} ${new URL(request.url).pathname}`);
      return Response.json({ id: 4711, party_name: 'Elsewhere' });
    },
  });
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht' });
  profileId = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data.id;
  customerId = (await call('POST', '/api/v1/customers', AUTHORITY)).body.data.id;
  const put = await call('PUT', '/api/v1/channels/storecove', {
    enabled: true,
    base_url: storecove.url,
    settings: { legal_entity_id: storecove.legalEntityId },
    secrets: { api_key: storecove.apiKey },
  });
  expect([put.status, put.body.error]).toEqual([200, undefined]);
});
afterAll(async () => {
  await server.stop();
  storecove.stop();
  elsewhere.stop(true);
});

describe('a hostile provider', () => {
  test('JSON nested too deep to write back: the test connection answers ok: false, not a 500', async () => {
    storecove.intercept(legalEntity, () => new Response(`[{"errors":${DEEP}}]`, { status: 400 }));
    const answer = await call('POST', '/api/v1/channels/storecove/test');
    expect([answer.status, answer.body.error]).toEqual([200, undefined]);
    expect(answer.body.data.ok).toBe(false);
    expect(answer.body.data.message).toContain('Storecove answered 400');
  });

  test('JSON nested too deep in a refused send: the delivery fails with a reason, once', async () => {
    storecove.intercept(submissions, () => new Response(`[{"errors":${DEEP}}]`, { status: 422 }));
    const delivery = await sendOne();
    expect(delivery.state).toBe('failed');
    expect(delivery.reason).toContain('Storecove answered 422');
  });

  test('control characters in a refusal: none is kept, the words around them are', async () => {
    const said = 'Empf\u00e4nger\u0000 unbekannt\u001b[31m rot\u0007\u202e gedreht\ttab';
    storecove.intercept(submissions, () =>
      Response.json([{ source: 'receiver', details: said }], { status: 422 }),
    );
    const delivery = await sendOne();
    expect(delivery.state).toBe('failed');
    expect(delivery.reason).toContain('Empfänger');
    expect(delivery.reason).toContain('unbekannt');
    expect(delivery.reason).toContain('gedreht\ttab');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters looked for
    expect(delivery.reason).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    const receipt = delivery.events.at(-1).receipt.body as string;
    expect(receipt).not.toContain('\u0000');
  });

  test('HTML in a reason is kept as text: the API answers it as JSON text, unchanged', async () => {
    const said = '<img src=x onerror="alert(document.cookie)"><script>alert(1)</script>';
    storecove.intercept(submissions, () => Response.json([{ source: 'x', details: said }], { status: 422 }));
    const delivery = await sendOne();
    expect(delivery.reason).toContain(said);
  });

  test('a redirect to another host is not followed: the key never reaches it', async () => {
    storecove.intercept(legalEntity, () =>
      Response.redirect(`http://127.0.0.1:${elsewhere.port}/api/v2/legal_entities/4711`, 307),
    );
    const answer = await call('POST', '/api/v1/channels/storecove/test');
    expect(answer.body.data.ok).toBe(false);
    expect(answer.body.data.message).toContain('307');
    expect(elsewhereSeen).toEqual([]);
  });

  test('a poll the provider holds: the service goes on answering (health, the API) meanwhile', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked: () => void = () => undefined;
    const polled = new Promise<void>((resolve) => {
      asked = resolve;
    });
    storecove.intercept(
      (method, path) => method === 'GET' && path.startsWith('/webhook_instances'),
      async (answer) => {
        asked();
        await held;
        return answer();
      },
    );
    clock.advance(3_600_000);
    const running = server.jobs.runDue();
    await polled;
    const health = await server.request('/health');
    expect(health.status).toBe(200);
    expect((await call('GET', '/api/v1/channels')).status).toBe(200);
    release();
    await running;
  });

  test('a megabyte of words in a refusal: what is answered, stored and logged is bounded', async () => {
    // A French platform's base URL that refuses everything with an errorMessage of 900,000 characters.
    const wordy = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () => Response.json({ errorCode: 'E1', errorMessage: 'blah '.repeat(180_000) }, { status: 400 }),
    });
    try {
      const put = await call('PUT', '/api/v1/channels/afnor-pa', {
        enabled: true,
        base_url: `http://127.0.0.1:${wordy.port}/flow-service`,
        secrets: { api_token: 'tok_0123456789abcdef' },
      });
      expect([put.status, put.body.error]).toEqual([200, undefined]);
      const tested = await call('POST', '/api/v1/channels/afnor-pa/test');
      expect(tested.body.data.ok).toBe(false);
      expect(tested.body.data.message).toContain('E1: blah blah');
      expect(tested.body.data.message.length).toBeLessThanOrEqual(4000);
      clock.advance(3_600_000);
      await server.jobs.runDue();
      const channels = await call('GET', '/api/v1/channels');
      const afnor = channels.body.data.find((c: { channel: string }) => c.channel === 'afnor-pa');
      expect(afnor.last_poll_error).toContain('E1: blah blah');
      expect(afnor.last_poll_error.length).toBeLessThanOrEqual(4000);
    } finally {
      await call('DELETE', '/api/v1/channels/afnor-pa');
      wordy.stop(true);
    }
  });

  // Last: it stops the server's job runtime. The stand-in holds its answer for good (no idle cut-off): a call
  // the job's end did not abort would end only at the outbound limit of 30 s, past this test's 25 s.
  test('a poll held while the service stops: the call under way ends with the job, not 30 s later', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked: () => void = () => undefined;
    const polled = new Promise<void>((resolve) => {
      asked = resolve;
    });
    storecove.intercept(
      (method, path) => method === 'GET' && path.startsWith('/webhook_instances'),
      async (answer) => {
        asked();
        await held;
        return answer();
      },
    );
    clock.advance(3_600_000);
    const running = server.jobs.runDue();
    await polled;
    try {
      await server.jobs.stop();
      // The runtime aborted the job; the provider's call went with it (the stand-in has not answered).
      await running;
      const stored = await call('GET', '/api/v1/channels');
      const mine = stored.body.data.find((c: { channel: string }) => c.channel === 'storecove');
      expect(mine.last_poll_error ?? '').not.toContain('stopping');
    } finally {
      release();
    }
  }, 25_000);
});
