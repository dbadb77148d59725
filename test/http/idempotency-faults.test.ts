// Idempotency-Key's own bookkeeping failing around a request (SQLite triggers refuse it here; on
// PostgreSQL the database going away does the same): the request's work and its answer stand. An answer
// that could not be stored is still given (the work is committed: an error would invite a retry that,
// once the claim lapses, does it twice).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null, startJobs: false });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const customers = async () =>
  (
    (await server.json('/api/v1/customers?limit=100', { key: account.apiKey })).body.data as {
      name: string;
    }[]
  ).map((c) => c.name);

describe('Idempotency-Key when its bookkeeping fails', () => {
  test('the answer cannot be stored: the work done is answered 200 once, not a 500, and made once', async () => {
    server.sqlite.run(
      `CREATE TRIGGER idem_refuse_answer BEFORE UPDATE OF response_status ON idempotency_keys
       BEGIN SELECT RAISE(ABORT, 'the answer is refused by the test'); END`,
    );
    try {
      const res = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Kunde mit Schlüssel' },
        headers: { 'idempotency-key': 'answer-not-stored' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('Kunde mit Schlüssel');
      // The claim stands (its lease runs): the same key at once is "in progress", never a second customer.
      const again = await server.json('/api/v1/customers', {
        method: 'POST',
        key: account.apiKey,
        body: { name: 'Kunde mit Schlüssel' },
        headers: { 'idempotency-key': 'answer-not-stored' },
      });
      expect(again.status).toBe(409);
      expect((await customers()).filter((name) => name === 'Kunde mit Schlüssel')).toHaveLength(1);
    } finally {
      server.sqlite.run('DROP TRIGGER idem_refuse_answer');
    }
  });
});
