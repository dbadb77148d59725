// An import's create parses and checks every row before answering (docs/imports.md). That work ran in one
// stretch: 20,000 documents in a CSV held the event loop for about 5 s on a 2-core machine (JSON: 2 s;
// 20,000 customers: 0.5 s, so 2.5 s at the 100,000-row limit), and /health waited for all of it. It is now
// cut into slices with a turn of the event loop between them. Counted, not timed: work that holds the loop
// lets at most one /health answer through before it ends (test/harness.ts, healthAnswersDuring).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { healthAnswersDuring, startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };

beforeAll(async () => {
  server = await startServer({ maxBodyBytes: 32 * 1024 * 1024 });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
});
afterAll(() => server.stop());

const create = (body: unknown) =>
  server.json('/api/v1/imports', { method: 'POST', key: account.apiKey, body });

/** The import is created (every row valid) while /health keeps answering. */
async function createdWhileAnswering(body: unknown, rows: number) {
  const created = create(body);
  const answered = await healthAnswersDuring(server, created);
  const res = await created;
  expect([res.status, res.body.data?.total_rows, res.body.data?.failed_rows]).toEqual([200, rows, 0]);
  expect(answered).toBeGreaterThanOrEqual(10);
  // Nothing is written until confirm: cancelled here, the next test's numbers stay free.
  const cancelled = await server.json(`/api/v1/imports/${res.body.data.id}/cancel`, {
    method: 'POST',
    key: account.apiKey,
  });
  expect(cancelled.status).toBe(200);
}

describe('an import create keeps the service answering while it reads and checks its rows', () => {
  test('a documents CSV of 20,000 lines', async () => {
    const head =
      'number,issue_date,due_date,currency,business_profile_id,customer_id,line.name,line.quantity,line.unit_price,line.tax_rate,line.tax_category';
    const lines = Array.from(
      { length: 20_000 },
      (_, i) =>
        `C-${i >> 1},2026-11-02,2026-12-02,EUR,${parties.profileId},${parties.customerId},Paper ${i},3,9.99,19,S`,
    );
    await createdWhileAnswering(
      { source_format: 'csv', resource: 'documents', data: [[head, ...lines].join('\n')] },
      20_000,
    );
  }, 120_000);

  test('a documents JSON of 20,000 documents', async () => {
    const data = Array.from({ length: 20_000 }, (_, i) => ({
      number: `J-${i}`,
      issue_date: '2026-11-02',
      currency: 'EUR',
      business_profile_id: parties.profileId,
      customer_id: parties.customerId,
      line_items: [{ name: 'Consulting', quantity: '2', unit_price: '100.00' }],
    }));
    await createdWhileAnswering({ source_format: 'json', resource: 'documents', data }, 20_000);
  }, 120_000);

  test('a customers CSV of 50,000 rows', async () => {
    const lines = Array.from(
      { length: 50_000 },
      (_, i) => `Customer ${i},c${i}@example.com,${i} Main Street,Berlin,DE`,
    );
    const head = 'name,email,billing_address.line1,billing_address.city,billing_address.country';
    await createdWhileAnswering({ source_format: 'csv', data: [[head, ...lines].join('\n')] }, 50_000);
  }, 120_000);
});
