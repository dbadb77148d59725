import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// A shop's script pages through a batch's items with the cursor it was given. A cursor the list did not
// issue (one of another list, a hand-made one) must be the documented 422 at query.cursor: before, the
// items list read its key as a number, so another list's cursor answered an empty last page (the script
// believes it has every item) and a number the column cannot hold was sent to the database as it came.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const cursorOf = (key: unknown) => Buffer.from(JSON.stringify({ v: 1, k: key })).toString('base64url');

const item = (n: number) => ({
  external_id: `ORD-${n}`,
  data: {
    invoice_number: `ORD-${n}`,
    issue_date: '2026-12-07',
    currency: 'EUR',
    seller: { name: 'Shop Ltd' },
    buyer: { name: 'Buyer' },
    line_items: [{ name: 'Mug', quantity: '1', unit_price: '9.00' }],
  },
});

describe("a batch's items, page by page", () => {
  test('the issued cursors walk every item once; a cursor the list did not issue is a 422', async () => {
    const account = await makeAccount(server);
    const created = await server.json('/api/v1/batches', {
      method: 'POST',
      key: account.apiKey,
      body: { items: [item(1), item(2), item(3)] },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&cursor=${cursor}`;
      const page = await server.json(`/api/v1/batches/${id}/items?limit=2${query}`, { key: account.apiKey });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((one: { external_id: string }) => one.external_id));
      cursor = page.body.pagination.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(['ORD-1', 'ORD-2', 'ORD-3']);

    const batches = await server.json('/api/v1/batches?limit=1', { key: account.apiKey });
    const other = await server.json('/api/v1/batches', {
      method: 'POST',
      key: account.apiKey,
      body: { items: [item(4)] },
    });
    expect(other.status).toBe(200);
    const listCursor = (await server.json('/api/v1/batches?limit=1', { key: account.apiKey })).body.pagination
      .next_cursor;
    expect(typeof listCursor).toBe('string');
    expect(batches.status).toBe(200);

    for (const foreign of [
      listCursor,
      cursorOf('abc'),
      cursorOf('2.5'),
      cursorOf('-1'),
      cursorOf('1e400'),
      cursorOf('99999999999999999999'),
    ]) {
      const res = await server.json(`/api/v1/batches/${id}/items?cursor=${foreign}`, { key: account.apiKey });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields).toEqual([
        { loc: 'query.cursor', msg: 'cursor is not one this API issued', type: 'invalid' },
      ]);
    }
  });
});
