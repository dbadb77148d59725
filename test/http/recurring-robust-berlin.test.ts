// Recurring invoices of a seller in Berlin (business profile `default_timezone`), around local midnight
// and the change to summer time, with the FakeClock: due, resumed and restarted by the Berlin date.
import { afterEach, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

const BASE = '/api/v1/recurring-invoices';
let server: TestServer;
let clock: FakeClock;

afterEach(() => server.stop());

async function boot(at: string) {
  clock = new FakeClock(new Date(at));
  server = await startServer({ clock, startJobs: false, rulesetsDir: null });
}

const TEMPLATE = {
  currency: 'EUR',
  due_in_days: 14,
  line_items: [
    {
      name: 'Wartung',
      quantity: '1',
      unit_price: '100.00',
      taxes: [{ rate: '19', category: 'S', name: 'VAT' }],
    },
  ],
};

async function setup(): Promise<{
  account: TestAccount;
  profileId: string;
  customerId: string;
  seq: string;
}> {
  const account = await makeAccount(server);
  const { id: profileId } = await makeBusinessProfile(server, account, { default_timezone: 'Europe/Berlin' });
  const { id: customerId } = await makeCustomer(server, account);
  const seq = await server.json('/api/v1/numbering-sequences', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'RE', prefix: 'RE-', pattern: '{NNNN}' },
  });
  return { account, profileId, customerId, seq: seq.body.data.id };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const call = (s: Setup, method: string, path: string, body?: unknown) =>
  server.json(`${BASE}${path}`, { method, key: s.account.apiKey, body });

async function schedule(s: Setup, overrides: Record<string, unknown>) {
  const res = await call(s, 'POST', '', {
    business_profile_id: s.profileId,
    customer_id: s.customerId,
    frequency: 'monthly',
    numbering_sequence_id: s.seq,
    invoice_template: TEMPLATE,
    ...overrides,
  });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string };
}

async function generated(s: Setup, id: string) {
  const res = await server.json(`${BASE}/${id}/invoices?limit=100`, { key: s.account.apiKey });
  expect(res.status).toBe(200);
  return [...res.body.data].reverse() as {
    id: string;
    occurrence_date: string;
    issue_date: string;
    due_date: string;
  }[];
}

describe('a seller in Berlin', () => {
  test('due at 00:00 Berlin on the 31st right after the change to summer time; its period in advance ends on Apr 29', async () => {
    // 2027-03-28 is the day Berlin moves to CEST (UTC+2): 2027-03-30T21:59Z is 23:59 on Mar 30.
    await boot('2027-03-20T12:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-03-31' });
    clock.set('2027-03-30T21:59:00Z');
    await server.jobs.runDue();
    expect(await generated(s, id)).toEqual([]);
    clock.set('2027-03-30T22:00:00Z');
    await server.jobs.runDue();
    const [first, ...more] = await generated(s, id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      occurrence_date: '2027-03-31',
      issue_date: '2027-03-31',
      due_date: '2027-04-14',
    });
    const doc = await server.json(`/api/v1/documents/${first?.id}`, { key: s.account.apiKey });
    expect(doc.body.data.data.invoice_period).toEqual({ start_date: '2027-03-31', end_date: '2027-04-29' });
  });

  test('resumed at 00:30 Berlin (still the day before in UTC): the Berlin day is the first date, the day before is not billed', async () => {
    await boot('2026-12-01T09:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { frequency: 'daily', start_date: '2026-12-01' });
    await server.jobs.runDue();
    expect((await call(s, 'POST', `/${id}/pause`)).status).toBe(200);
    // 2026-12-07T23:30Z is Dec 8, 00:30 in Berlin.
    clock.set('2026-12-07T23:30:00Z');
    const resumed = await call(s, 'POST', `/${id}/resume`);
    expect(resumed.body.data).toMatchObject({ status: 'active', next_occurrence_date: '2026-12-08' });
    await server.jobs.runDue();
    expect((await generated(s, id)).map((i) => i.occurrence_date)).toEqual(['2026-12-01', '2026-12-08']);
  });

  test('a finished schedule whose max_occurrences is relaxed at 00:30 Berlin restarts on the Berlin day', async () => {
    await boot('2026-12-01T09:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { frequency: 'daily', start_date: '2026-12-01', max_occurrences: 1 });
    await server.jobs.runDue();
    clock.set('2026-12-07T23:30:00Z');
    const patched = await call(s, 'PATCH', `/${id}`, { max_occurrences: 5 });
    expect(patched.body.data).toMatchObject({ next_occurrence_date: '2026-12-08' });
  });
});
