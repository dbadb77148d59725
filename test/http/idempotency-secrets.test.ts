// Idempotency-Key answers at rest: a replayed POST /api-keys answer holds the new key's secret, so stored
// answers are sealed with a key derived from the signing secret (never in the database); legacy clear
// answers are sealed at start; a claim left by a process that died mid-request expires (a lease).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { requestFingerprint } from '../../src/http/idempotency';
import { idempotencyKeys } from '../../src/http/idempotency.schema';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
});
afterAll(() => server.stop());

const newKey = (key: string, idem: string) =>
  server.json('/api/v1/api-keys', {
    method: 'POST',
    key,
    body: { name: 'ci' },
    headers: { 'idempotency-key': idem },
  });

/** Every stored answer, as stored and as its base64 would decode. */
async function storedAnswers(s: TestServer): Promise<string[]> {
  return (await s.db.select().from(idempotencyKeys).all()).flatMap((row) =>
    row.responseBody === null
      ? []
      : [row.responseBody, Buffer.from(row.responseBody, 'base64').toString('latin1')],
  );
}

describe('stored Idempotency-Key answers', () => {
  test('a replayed POST /api-keys gives the same secret, which the database never holds', async () => {
    const account = await makeAccount(server);
    const first = await newKey(account.apiKey, 'key-once');
    expect(first.status).toBe(200);
    const secret: string = first.body.data.api_key;
    expect(secret).toMatch(/^sk_/);
    const replay = await newKey(account.apiKey, 'key-once');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.api_key).toBe(secret);
    const stored = await storedAnswers(server);
    expect(stored.length).toBeGreaterThan(0);
    for (const text of stored) expect(text).not.toContain(secret);
    expect(
      (await server.db.select().from(idempotencyKeys).all()).every((r) =>
        r.responseBody?.startsWith('sealed:v1:'),
      ),
    ).toBe(true);
  });

  test('with another signing secret the stored answer is not replayed: a clear 409', async () => {
    const account = await makeAccount(server);
    expect((await newKey(account.apiKey, 'key-rotated')).status).toBe(200);
    const other = await startServer({
      rulesetsDir: null,
      dataDir: server.dataDir,
      signingSecret: 'another-secret',
    });
    try {
      const res = await other.json('/api/v1/api-keys', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'ci' },
        headers: { 'idempotency-key': 'key-rotated' },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('signing secret changed');
    } finally {
      // The second server shares the data dir: leave it for the first one's stop.
      other.stop = async () => undefined;
    }
  });

  test('answers stored in clear by an earlier version are sealed at start and still replay', async () => {
    const account = await makeAccount(server);
    const body = JSON.stringify({ data: { id: 'ak_legacy', api_key: 'sk_legacy_secret_in_clear' } });
    await server.db
      .insert(idempotencyKeys)
      .values({
        accountId: account.id,
        principal: 'account',
        key: 'legacy',
        requestHash: requestFingerprint(
          'POST',
          `${server.url}/api/v1/api-keys`,
          JSON.stringify({ name: 'ci' }),
        ),
        responseStatus: 200,
        responseHeaders: JSON.stringify({ 'content-type': 'application/json' }),
        responseBody: Buffer.from(body).toString('base64'),
        createdAt: new Date().toISOString(),
      })
      .run();
    const restarted = await startServer({ rulesetsDir: null, dataDir: server.dataDir });
    restarted.stop = async () => undefined;
    for (const text of await storedAnswers(server)) expect(text).not.toContain('sk_legacy_secret_in_clear');
    const replay = await newKey(account.apiKey, 'legacy');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.api_key).toBe('sk_legacy_secret_in_clear');
  });
});

describe('Idempotency-Key claims are leases', () => {
  const claim = async (accountId: string, key: string, ageMs: number) =>
    await server.db
      .insert(idempotencyKeys)
      .values({
        accountId,
        principal: 'account',
        key,
        requestHash: requestFingerprint(
          'POST',
          `${server.url}/api/v1/workspaces`,
          JSON.stringify({ name: 'Ops' }),
        ),
        responseStatus: null,
        createdAt: new Date(Date.now() - ageMs).toISOString(),
      })
      .run();
  const createWorkspace = (key: string, idem: string) =>
    server.json('/api/v1/workspaces', {
      method: 'POST',
      key,
      body: { name: 'Ops' },
      headers: { 'idempotency-key': idem },
    });

  test('a claim a dead process left unrenewed for over 30 s is taken over by the retry', async () => {
    const account = await makeAccount(server);
    await claim(account.id, 'crashed', 60_000);
    const res = await createWorkspace(account.apiKey, 'crashed');
    expect(res.status).toBe(200);
    const replay = await createWorkspace(account.apiKey, 'crashed');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(res.body);
  });

  test('a claim renewed within the lease is still in progress: 409', async () => {
    const account = await makeAccount(server);
    await claim(account.id, 'running', 1_000);
    const res = await createWorkspace(account.apiKey, 'running');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('still in progress');
  });
});
