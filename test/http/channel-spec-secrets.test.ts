// A channel's secrets never come back: not in the connection's answer, not in a 422 that refuses the
// request carrying them (docs/channels.md: "never logged and never answered").
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
});

describe('secrets are never answered', () => {
  const secret = 'sk_live_9f8e7d6c5b4a3f2e1d0c';

  test('a connection set with a key answers only that it is set', async () => {
    const put = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      settings: { legal_entity_id: 4711 },
      secrets: { api_key: secret },
    });
    expect(put.status).toBe(200);
    expect(JSON.stringify(put.body)).not.toContain(secret);
    const list = await call('GET', '/api/v1/channels');
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  test('a 422 on a secret too long does not echo it', async () => {
    const long = `${secret}${'x'.repeat(4100)}`;
    const res = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      settings: { legal_entity_id: 4711 },
      secrets: { api_key: long },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  test('a 422 on another field of the same request does not echo the secret', async () => {
    const res = await call('PUT', '/api/v1/channels/storecove', {
      enabled: true,
      base_url: 'ftp://nowhere',
      settings: { legal_entity_id: 'not a number' },
      secrets: { api_key: secret, api_sekret: secret },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  test('a secret of the wrong type is refused without its value', async () => {
    const res = await call('PUT', '/api/v1/channels/recommand', {
      enabled: true,
      settings: { company_id: 'c_1' },
      secrets: { api_key: 12345678901234, api_secret: secret },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).not.toContain('12345678901234');
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });
});
