import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// A list's page reads its drafts' profiles and customers in one query each (issue 42): each item must
// still be exactly what GET /documents/:id answers, whichever party a draft names or whether it is issued.
let server: TestServer;
let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  other = await makeAccount(server);
});
afterAll(() => server.stop());

describe('GET /documents reads the page parties at once', () => {
  test('every item equals the document read on its own (drafts over several parties, finalized ones, a changed customer)', async () => {
    const profiles = [
      await makeBusinessProfile(server, account, { display_name: 'First' }),
      await makeBusinessProfile(server, account, { legal_name: 'Second AG', email: 'b@second.example' }),
    ];
    const customers: { id: string; name: string }[] = [];
    for (let i = 0; i < 4; i++) {
      customers.push(await makeCustomer(server, account, { buyer_reference: `REF-${i}` }));
    }
    // Another account's rows with the same shape: never mixed into this account's page.
    const foreign = {
      profileId: (await makeBusinessProfile(server, other)).id,
      customerId: (await makeCustomer(server, other)).id,
    };
    await makeDocument(server, other, foreign);
    const made = [];
    for (let i = 0; i < 12; i++) {
      const parties = {
        profileId: profiles[i % 2]?.id ?? '',
        customerId: customers[i % 4]?.id ?? '',
      };
      made.push(await makeDocument(server, account, parties, {}, i % 3 === 0 ? ['finalize'] : []));
    }
    // A draft shows its customer as it is now; a finalized document the frozen one.
    const renamed = await server.json(`/api/v1/customers/${customers[0]?.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { name: 'Renamed Ltd' },
    });
    expect(renamed.status).toBe(200);

    const list = await server.json('/api/v1/documents?limit=50', { key: account.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual(made.map((d) => d.id).reverse());
    for (const item of list.body.data) {
      const one = await server.json(`/api/v1/documents/${item.id}`, { key: account.apiKey });
      expect(item).toEqual(one.body.data);
      expect(JSON.stringify(item)).toBe(JSON.stringify(one.body.data));
    }
    const byCustomer0 = list.body.data.filter((d: any) => d.customer_id === customers[0]?.id);
    expect(byCustomer0.filter((d: any) => d.status === 'draft').map((d: any) => d.data.buyer.name)).toEqual(
      expect.arrayContaining(['Renamed Ltd']),
    );
    expect(
      byCustomer0
        .filter((d: any) => d.status !== 'draft')
        .every((d: any) => d.data.buyer.name !== 'Renamed Ltd'),
    ).toBe(true);
    expect(list.body.data.map((d: any) => d.data.seller.name)).toEqual(
      expect.arrayContaining(['First', 'Second AG']),
    );

    // Pages after the first read their parties the same way.
    const first = await server.json('/api/v1/documents?limit=5', { key: account.apiKey });
    const next = await server.json(`/api/v1/documents?limit=5&cursor=${first.body.pagination.next_cursor}`, {
      key: account.apiKey,
    });
    expect([...first.body.data, ...next.body.data]).toEqual(list.body.data.slice(0, 10));
  });
});
