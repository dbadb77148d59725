// "Not exported yet" over an account with years of DATEV downloads (a daily integration makes one a day):
// the office overview answers, counting right, however many exports there are. One AND per export broke
// SQLite's expression depth at about 1,000 (a 500 for the whole overview).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { datevExports } from '../../src/modules/exports/schema';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null, startJobs: false });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

test('1,500 exports of each kind: the overview answers and counts what none of them held', async () => {
  const parties = await makeParties(server, account);
  // Issued 2026-11-02 (the factory's date): dated after every export below, so not exported.
  await makeDocument(server, account, parties, {}, ['finalize']);
  const day = (n: number) => new Date(Date.UTC(2022, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  const rows = Array.from({ length: 1_500 }, (_, n) => n).flatMap((n) =>
    (['issued', 'received'] as const).map((kind) => ({
      id: `dex_many_${kind}_${n}`,
      accountId: account.id,
      kind,
      from: day(n),
      to: day(n),
      entries: 0,
      createdBy: null,
      createdAt: `${day(n + 1)}T06:00:00.000Z`,
    })),
  );
  for (let i = 0; i < rows.length; i += 200)
    await server.db
      .insert(datevExports)
      .values(rows.slice(i, i + 200))
      .run();
  const res = await server.json('/api/v1/office/overview', { key: account.apiKey });
  expect(res.status).toBe(200);
  const [row] = res.body.data.clients;
  expect(row.datev.not_exported.issued).toEqual({ after: day(1_499), count: 1, from: '2026-11-02' });
  expect(row.datev.not_exported.received).toEqual({ after: day(1_499), count: 0, from: null });
});
