// SQLITE-ONLY TEST: it breaks a table with a trigger of SQLite's own.
// A delivery whose job fails for good on a database error its handler did not record (every attempt's
// commit refused) becomes `failed` by the job's onLastFailure, with the database's own words in its
// `error_message`, as the job's `last_error` has them: not drizzle's "Failed query: <the SQL>".
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { documentBody } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { testDatabaseUrl } from '../pg-databases';
import { TestSmtp } from '../smtp';

let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-11-03T09:00:00.000Z'));
  server = await startServer({
    clock,
    smtpUrl: smtp.url({ from: 'rechnung@acme.example' }),
    startJobs: false,
  });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

test.skipIf(testDatabaseUrl !== null)(
  "attempts used up on a database error: the delivery's error_message has the database's words, not the SQL",
  async () => {
    const profile = await makeBusinessProfile(server, account);
    const customer = await makeCustomer(server, account, { email: 'ap@globex.example' });
    const created = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: documentBody({ profileId: profile.id, customerId: customer.id }),
    });
    const id = created.body.data.id as string;
    const call = (path: string, body?: unknown) =>
      server.json(path, { method: 'POST', key: account.apiKey, body });
    expect((await call(`/api/v1/documents/${id}/finalize`)).status).toBe(200);
    expect((await call(`/api/v1/documents/${id}/renders`, {})).status).toBe(200);
    // The document refuses to change (as a database refusing a write would): each attempt's outcome, which
    // marks the document sent in the transaction that records the delivery, is rolled back.
    server.sqlite.exec(`CREATE TRIGGER frozen_${id} BEFORE UPDATE ON documents WHEN OLD.id = '${id}'
      BEGIN SELECT RAISE(ABORT, 'the document is frozen by the archive'); END`);
    const queued = await call(`/api/v1/documents/${id}/send`, { to: ['ap@globex.example'] });
    expect(queued.status).toBe(200);
    for (let attempt = 0; attempt < 6; attempt++) {
      await server.jobs.runDue();
      clock.advance(20 * 60_000);
    }
    const delivery = (await server.json(`/api/v1/deliveries/${queued.body.data.id}`, { key: account.apiKey }))
      .body.data;
    expect(delivery.status).toBe('failed');
    expect(delivery.error_message).toContain('gave up after 5 attempts');
    expect(delivery.error_message).toContain('the document is frozen by the archive');
    expect(delivery.error_message).not.toContain('Failed query');
    expect(delivery.error_message).not.toContain('update "documents"');
  },
  60_000,
);
