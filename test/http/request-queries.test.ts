import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBody, makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { sourceOnly, startServer, type TestServer } from '../harness';
import { testDatabaseUrl } from '../pg-databases';

// SQL statements per request (issue 42), counted on the server's own SQLite handle: the driver prepares
// every statement it runs, so wrapping `prepare` sees each one. Nothing is replaced: the wrapper only
// records. SQLite only (the executable's queries run in another process; PostgreSQL has no such handle).
const countable = !sourceOnly && testDatabaseUrl === null;

let server: TestServer;
let account: TestAccount;
const statements: string[] = [];
let recording = false;

async function statementsOf(run: () => Promise<{ status: number }>): Promise<string[]> {
  statements.length = 0;
  recording = true;
  try {
    expect((await run()).status).toBe(200);
  } finally {
    recording = false;
  }
  return [...statements];
}

const reading = (table: string) => (sql: string) =>
  /^\s*select/i.test(sql) && sql.includes(`from "${table}"`);

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  if (!countable) return;
  const prepare = server.sqlite.prepare.bind(server.sqlite);
  server.sqlite.prepare = ((sql: string) => {
    if (recording) statements.push(sql);
    return prepare(sql);
  }) as typeof server.sqlite.prepare;
  account = await makeAccount(server);
});
afterAll(() => server.stop());

describe.skipIf(!countable)('statements per request', () => {
  test('a page of the document list costs the same whether it holds 1 draft or 50 over 10 customers', async () => {
    const profiles = [await makeBusinessProfile(server, account), await makeBusinessProfile(server, account)];
    const customers: { id: string; name: string }[] = [];
    for (let i = 0; i < 10; i++) customers.push(await makeCustomer(server, account));
    const party = (i: number) => ({
      profileId: profiles[i % 2]?.id ?? '',
      customerId: customers[i % 10]?.id ?? '',
    });
    await makeDocument(server, account, party(0));
    const one = await statementsOf(() => server.json('/api/v1/documents?limit=50', { key: account.apiKey }));
    for (let i = 1; i < 50; i++) await makeDocument(server, account, party(i));
    const fifty = await statementsOf(async () => {
      const res = await server.json('/api/v1/documents?limit=50', { key: account.apiKey });
      expect(res.body.data).toHaveLength(50);
      return res;
    });
    expect(fifty.length).toBe(one.length);
    expect(fifty.filter(reading('customers'))).toHaveLength(1);
    expect(fifty.filter(reading('business_profiles'))).toHaveLength(1);
  });

  test('a create reads its customer and its business profile once each', async () => {
    const profile = await makeBusinessProfile(server, account);
    const customer = await makeCustomer(server, account, { buyer_reference: 'PO-7' });
    let created: { data: { data: { buyer_reference?: string; buyer: { name: string } } } } | undefined;
    const run = await statementsOf(async () => {
      const res = await server.json('/api/v1/documents', {
        method: 'POST',
        key: account.apiKey,
        body: documentBody({ profileId: profile.id, customerId: customer.id }),
      });
      created = res.body;
      return res;
    });
    expect(run.filter(reading('customers'))).toHaveLength(1);
    expect(run.filter(reading('business_profiles'))).toHaveLength(1);
    // What the one read gave: BT-10 from the customer and both parties in the answer.
    expect(created?.data.data.buyer_reference).toBe('PO-7');
    expect(created?.data.data.buyer.name).toBe(customer.name);
  });

  test('a write with an Idempotency-Key looks its API key up once', async () => {
    const profile = await makeBusinessProfile(server, account);
    const customer = await makeCustomer(server, account);
    const body = documentBody({ profileId: profile.id, customerId: customer.id });
    const send = () =>
      server.json('/api/v1/documents', {
        method: 'POST',
        key: account.apiKey,
        body,
        headers: { 'idempotency-key': `once-${Date.now()}` },
      });
    const run = await statementsOf(send);
    expect(run.filter(reading('api_keys'))).toHaveLength(1);
    expect(run.filter((sql) => /^\s*insert into "idempotency_keys"/i.test(sql))).toHaveLength(1);
  });
});
