// A provider's callback that the service cannot take is answered in the spec's envelope, never a 500:
// 400 for a body that is no callback, 401 for a signature that does not hold, 503 (try again) when the
// provider is away while the document the callback names is read; nothing is logged as unhandled
// (docs/channels.md). The Recommand and XP Z12-013 mocks on loopback play the providers.
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import type { LogFields, Logger } from '../../src/shared/logger';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { type AfnorMock, startAfnorMock } from '../mocks/afnor-pa';
import { DIRECTORY } from '../mocks/afnor-pa-fixtures';
import { type RecommandMock, startRecommandMock } from '../mocks/recommand';

const WEBHOOK_SECRET = 'whsec-platform-shared-0123456789';
const errors: { msg: string; fields?: LogFields }[] = [];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (msg, fields) => errors.push({ msg, fields }),
};

let server: TestServer;
let recommand: RecommandMock;
let afnor: AfnorMock;
let account: TestAccount;
const hooks = { recommand: '', afnor: '' };

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

/** The callback's path of the URL the service made (its origin may be the public one). */
async function webhookPath(channel: string): Promise<string> {
  const made = await call('POST', `/api/v1/channels/${channel}/webhook`);
  expect([made.status, made.body.error]).toEqual([200, undefined]);
  return new URL(made.body.data.url).pathname;
}

async function callback(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const signed = (body: string) => createHmac('sha256', WEBHOOK_SECRET).update(body).digest('base64');

beforeAll(async () => {
  recommand = startRecommandMock();
  afnor = startAfnorMock({ directory: DIRECTORY });
  server = await startServer({ startJobs: false, logger });
  account = await makeAccount(server, { name: 'Ingenieurbüro Nordlicht' });
  const rc = await call('PUT', '/api/v1/channels/recommand', {
    enabled: true,
    base_url: recommand.url,
    settings: { company_id: recommand.companyId },
    secrets: { api_key: recommand.apiKey, api_secret: recommand.apiSecret },
  });
  expect([rc.status, rc.body.error]).toEqual([200, undefined]);
  const pa = await call('PUT', '/api/v1/channels/afnor-pa', {
    enabled: true,
    base_url: afnor.flowUrl,
    secrets: { api_token: afnor.staticToken, webhook_secret: WEBHOOK_SECRET },
  });
  expect([pa.status, pa.body.error]).toEqual([200, undefined]);
  hooks.recommand = await webhookPath('recommand');
  hooks.afnor = await webhookPath('afnor-pa');
});
afterAll(async () => {
  await server.stop();
  recommand.stop();
  afnor.stop();
});

describe('Recommand', () => {
  test('a callback naming no document is a 400', async () => {
    const res = await callback(hooks.recommand, JSON.stringify({ eventType: 'document.received' }));
    expect([res.status, res.body.error?.code]).toEqual([400, 'bad_request']);
    expect(res.body.error.message).toContain('documentId');
    expect(res.body.error).toMatchObject({ status: 400, request_id: expect.any(String) });
  });

  test('a body that is no JSON is a 400', async () => {
    const res = await callback(hooks.recommand, 'hello, is it me you are looking for', {
      'content-type': 'text/plain',
    });
    expect([res.status, res.body.error?.code]).toEqual([400, 'bad_request']);
  });

  test('Recommand away while the document is read: 503, for it to call again', async () => {
    recommand.down(1);
    const res = await callback(
      hooks.recommand,
      JSON.stringify({
        eventType: 'document.received',
        documentId: 'doc_01away',
        companyId: recommand.companyId,
      }),
    );
    expect([res.status, res.body.error?.code]).toEqual([503, 'service_unavailable']);
  });
});

describe('a French platform with a webhook secret', () => {
  const flow = JSON.stringify({ flowId: 'flow-0001', flowDirection: 'In' });

  test('an unsigned callback is a 401', async () => {
    const res = await callback(hooks.afnor, flow);
    expect([res.status, res.body.error?.code]).toEqual([401, 'unauthorized']);
  });

  test('a Signature that does not match the body is a 401', async () => {
    const res = await callback(hooks.afnor, flow, { signature: signed(`${flow} `) });
    expect([res.status, res.body.error?.code]).toEqual([401, 'unauthorized']);
  });

  test('a signed body that is no Flow is a 400', async () => {
    const res = await callback(hooks.afnor, '[]', { signature: signed('[]') });
    expect([res.status, res.body.error?.code]).toEqual([400, 'bad_request']);
  });

  test('the platform away while the flow is read: 503', async () => {
    afnor.down(3);
    const res = await callback(hooks.afnor, flow, { signature: signed(flow) });
    expect([res.status, res.body.error?.code]).toEqual([503, 'service_unavailable']);
  });
});

test('nothing was logged as an unhandled error', () => {
  expect(errors).toEqual([]);
});
