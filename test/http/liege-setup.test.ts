// A Liège installation firm connecting its Peppol access point (docs/channels.md,
// docs/channel-recommand.md): what the service answers a setup that lacks what sending needs, and a
// callback that is no Recommand callback.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Installations Meuse SRL' });
});
afterAll(async () => {
  await server.stop();
});

describe('setting a channel up', () => {
  test('a required setting left out is named once, as missing', async () => {
    const storecove = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      secrets: { api_key: 'sk-liege' },
    });
    expect(storecove.status).toBe(422);
    expect(storecove.body.error.details.fields).toEqual([
      { loc: 'body.settings.legal_entity_id', msg: 'Field required', type: 'missing' },
    ]);
    const recommand = await call('PUT', '/api/v1/channels/recommand', {
      enabled: true,
      settings: {},
      secrets: { api_key: 'key', api_secret: 'secret' },
    });
    expect(recommand.status).toBe(422);
    expect(recommand.body.error.details.fields).toEqual([
      { loc: 'body.settings.company_id', msg: 'Field required', type: 'missing' },
    ]);
    // A value of the wrong kind is still said as what it must be.
    const typed = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      settings: { legal_entity_id: 'BE0123456749' },
    });
    expect(typed.body.error.details.fields).toEqual([
      { loc: 'body.settings.legal_entity_id', msg: 'Expected integer', type: 'invalid' },
    ]);
  });

  test('a Recommand callback whose body is a JSON list is refused (400), as any body that is no object', async () => {
    const put = await call('PUT', '/api/v1/channels/recommand', {
      enabled: true,
      settings: { company_id: 'c_liege' },
      secrets: { api_key: 'key', api_secret: 'secret' },
    });
    expect(put.status).toBe(200);
    const hook = await call('POST', '/api/v1/channels/recommand/webhook');
    for (const body of ['[]', '[{"eventType":"document.received","documentId":"doc_1"}]', '"text"', '42']) {
      const answer = await fetch(hook.body.data.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect([body, answer.status]).toEqual([body, 400]);
    }
  });
});
