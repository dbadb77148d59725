import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const path = '/api/v1/numbering-sequences';

describe('numbering sequences', () => {
  test('create with defaults, get, list, change, delete', async () => {
    const created = await server.json(path, {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Quotes', prefix: 'Q-' },
    });
    expect(created.status).toBe(200);
    const seq = created.body.data;
    expect(seq.id).toMatch(/^seq_/);
    expect(seq).toMatchObject({
      name: 'Quotes',
      prefix: 'Q-',
      pattern: '{YYYY}-{NNNN}',
      reset: 'never',
      next_number: 1,
    });
    expect(seq.next_preview).toMatch(/^Q-\d{4}-0001$/);
    expect((await server.json(`${path}/${seq.id}`, { key: account.apiKey })).body.data).toEqual(seq);
    const list = await server.json(path, { key: account.apiKey });
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain(seq.id);
    const changed = await server.json(`${path}/${seq.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { pattern: '{NNNNNN}', next_number: 500 },
    });
    expect(changed.body.data).toMatchObject({
      pattern: '{NNNNNN}',
      next_number: 500,
      next_preview: 'Q-000500',
    });
    const bad = await server.json(`${path}/${seq.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { next_number: 0 },
    });
    expect(bad.body.error.details.fields[0].loc).toBe('body.next_number');
    const del = await server.json(`${path}/${seq.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.body).toEqual({ data: { deleted: true } });
    expect((await server.json(`${path}/${seq.id}`, { key: account.apiKey })).status).toBe(404);
  });

  test.each([['{YYYY}'], ['{NN}{NN}'], ['{YYYY}-{NNN}-{X}'], ['']])(
    'pattern %p is refused',
    async (pattern) => {
      const res = await server.json(path, {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'x', pattern },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0].loc).toBe('body.pattern');
    },
  );

  test("another account's sequence is 404", async () => {
    const seq = await server.json(path, { method: 'POST', key: account.apiKey, body: { name: 'Mine' } });
    const other = await makeAccount(server);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await server.json(`${path}/${seq.body.data.id}`, {
        method,
        key: other.apiKey,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(res.status).toBe(404);
    }
  });
});
