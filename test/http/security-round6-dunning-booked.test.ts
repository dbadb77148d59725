// Security review, round 6: the dunning job skips invoices dated on or before the accounting settings'
// `booked_until` (an imported history's reminders were the old tool's). `booked_until` is the books' setting:
// an accountant (`books:keep`) sets it, as they may. They may not stop dunning, though: the dunning policy
// needs `resources:write_all`, a dispute the invoice's creator. Skipping every invoice dated on or before
// the day gave them that by the back door: `booked_until` set to today, and the job reminded none of the
// account's overdue invoices again. What the job leaves alone is the history carried in: an invoice dated on
// or before `booked_until` but issued here after it. An invoice issued here on its own date before that day
// is reminded as before, whoever set the day.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

let smtp: TestSmtp;
let server: TestServer;
let owner: TestAccount;
let accountantKey: string;
const clock = new FakeClock(new Date('2026-11-02T09:00:00.000Z'));

const call = (key: string, method: string, path: string, body?: unknown) =>
  server.json(path, { method, key, body });

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    clock,
    smtpUrl: smtp.url({ from: 'billing@invoices.example' }),
    startJobs: false,
  });
  owner = await makeAccount(server);
  const workspace = await call(owner.apiKey, 'POST', '/api/v1/workspaces', { name: 'Kanzlei' });
  const members = await call(owner.apiKey, 'POST', `/api/v1/workspaces/${workspace.body.data.id}/members`, {
    email: 'steuer@example.test',
    role: 'accountant',
  });
  const memberId = members.body.data.find((m: { email: string }) => m.email === 'steuer@example.test').id;
  const key = await call(owner.apiKey, 'POST', '/api/v1/api-keys', { workspace_member_id: memberId });
  accountantKey = key.body.data.api_key;
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

describe('booked_until does not let an accountant stop the dunning of invoices issued here', () => {
  test('an invoice issued here on 2 November is reminded although an accountant set booked_until to today', async () => {
    const parties = await makeParties(server, owner);
    const invoice = await makeDocument(
      server,
      owner,
      parties,
      { number: 'RE-2026-1102', issue_date: '2026-11-02', due_date: '2026-11-16' },
      ['finalize', 'mark-sent'],
    );
    clock.set('2026-12-08T09:00:00.000Z');
    const policy = {
      enabled: true,
      levels: [{ days_after_due: 7, fee: '0', subject: 'Zahlungserinnerung {number}', message: 'Offen.' }],
    };
    // The accountant may not change the policy, nor dispute the owner's invoice ...
    expect((await call(accountantKey, 'PUT', '/api/v1/dunning-policy', policy)).status).toBe(403);
    const dispute = await call(accountantKey, 'PUT', `/api/v1/documents/${invoice.id}/dispute`, {
      note: 'no',
    });
    expect(dispute.status).toBe(403);
    expect((await call(owner.apiKey, 'PUT', '/api/v1/dunning-policy', policy)).status).toBe(200);
    // ... but keeps the books: booked_until today is theirs to set (and DATEV leaves November out).
    const settings = { consultant_number: 29098, client_number: 55003, booked_until: '2026-12-08' };
    expect((await call(accountantKey, 'PUT', '/api/v1/settings/accounting', settings)).status).toBe(200);
    await server.jobs.runDue();
    await server.jobs.runDue();
    const reminders = await call(owner.apiKey, 'GET', `/api/v1/documents/${invoice.id}/reminders`);
    expect(reminders.body.data.map((r: { level: number }) => r.level)).toEqual([1]);
  });
});
