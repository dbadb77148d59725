// A carpentry firm's maintenance contracts over a leap year: monthly on the 31st, quarterly, yearly from
// Feb 29, one that started months ago, one ending after 12 invoices and one paused, with the seller's
// clock in Berlin. What each generated invoice looks like: its number, dates and service period.
import { afterEach, describe, expect, test } from 'bun:test';
import { catchUpDates } from '../../src/console/pages/recurring-dates';
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
      name: 'Wartung Türen und Fenster',
      quantity: '1',
      unit_price: '149.00',
      taxes: [{ rate: '19', category: 'S', name: 'USt' }],
    },
  ],
};

interface Setup {
  account: TestAccount;
  profileId: string;
  customerId: string;
  seq: string;
}

async function setup(): Promise<Setup> {
  const account = await makeAccount(server);
  const { id: profileId } = await makeBusinessProfile(server, account, { default_timezone: 'Europe/Berlin' });
  const { id: customerId } = await makeCustomer(server, account);
  const seq = await server.json('/api/v1/numbering-sequences', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'Wartung', prefix: 'WV-', pattern: '{YYYY}-{NNN}' },
  });
  return { account, profileId, customerId, seq: seq.body.data.id };
}

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
  return res.body.data as { id: string; next_occurrence_date: string | null };
}

async function invoices(s: Setup, id: string) {
  const res = await server.json(`${BASE}/${id}/invoices?limit=100`, { key: s.account.apiKey });
  expect(res.status).toBe(200);
  const list = [...res.body.data].reverse() as { id: string; occurrence_date: string }[];
  const full = [];
  for (const item of list) {
    const doc = (await server.json(`/api/v1/documents/${item.id}`, { key: s.account.apiKey })).body.data;
    full.push({
      occurrence: item.occurrence_date,
      number: doc.number,
      issue: doc.issue_date,
      due: doc.due_date,
      period: doc.data.invoice_period
        ? `${doc.data.invoice_period.start_date}..${doc.data.invoice_period.end_date}`
        : null,
    });
  }
  return full;
}

describe('maintenance contracts of a carpentry firm', () => {
  test('monthly on the 31st from the past: each month its last day, Feb 29 in the leap year, periods without gaps', async () => {
    await boot('2028-05-31T10:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2028-01-31' });
    await server.jobs.runDue();
    expect(await invoices(s, id)).toEqual([
      {
        occurrence: '2028-01-31',
        number: 'WV-2028-001',
        issue: '2028-01-31',
        due: '2028-02-14',
        period: '2028-01-31..2028-02-28',
      },
      {
        occurrence: '2028-02-29',
        number: 'WV-2028-002',
        issue: '2028-02-29',
        due: '2028-03-14',
        period: '2028-02-29..2028-03-30',
      },
      {
        occurrence: '2028-03-31',
        number: 'WV-2028-003',
        issue: '2028-03-31',
        due: '2028-04-14',
        period: '2028-03-31..2028-04-29',
      },
      {
        occurrence: '2028-04-30',
        number: 'WV-2028-004',
        issue: '2028-04-30',
        due: '2028-05-14',
        period: '2028-04-30..2028-05-30',
      },
      {
        occurrence: '2028-05-31',
        number: 'WV-2028-005',
        issue: '2028-05-31',
        due: '2028-06-14',
        period: '2028-05-31..2028-06-29',
      },
    ]);
    const got = await call(s, 'GET', `/${id}`);
    expect(got.body.data.next_occurrence_date).toBe('2028-06-30');
  });

  test('quarterly from Nov 30 and yearly from Feb 29 keep their day where the month has it', async () => {
    await boot('2029-03-01T10:00:00Z');
    const s = await setup();
    const quarterly = await schedule(s, {
      frequency: 'quarterly',
      start_date: '2027-11-30',
      invoice_template: { ...TEMPLATE, service_period: 'in_arrears' },
    });
    const yearly = await schedule(s, {
      frequency: 'yearly',
      start_date: '2028-02-29',
      invoice_template: { ...TEMPLATE, service_period: 'none' },
    });
    await server.jobs.runDue();
    const q = await invoices(s, quarterly.id);
    expect(q.map((i) => `${i.occurrence} ${i.period}`)).toEqual([
      '2027-11-30 2027-08-30..2027-11-29',
      '2028-02-29 2027-11-30..2028-02-28',
      '2028-05-30 2028-02-29..2028-05-29',
      '2028-08-30 2028-05-30..2028-08-29',
      '2028-11-30 2028-08-30..2028-11-29',
      '2029-02-28 2028-11-30..2029-02-27',
    ]);
    // Catch-up invoices of both schedules are numbered in date order, the year from each one's issue date.
    expect(q.map((i) => [i.number, i.issue, i.due])).toEqual([
      ['WV-2027-001', '2027-11-30', '2027-12-14'],
      ['WV-2028-003', '2028-02-29', '2028-03-14'],
      ['WV-2028-005', '2028-05-30', '2028-06-13'],
      ['WV-2028-006', '2028-08-30', '2028-09-13'],
      ['WV-2028-007', '2028-11-30', '2028-12-14'],
      ['WV-2029-008', '2029-02-28', '2029-03-14'],
    ]);
    const y = await invoices(s, yearly.id);
    expect(y.map((i) => [i.occurrence, i.period])).toEqual([
      ['2028-02-29', null],
      ['2029-02-28', null],
    ]);
    expect((await call(s, 'GET', `/${yearly.id}`)).body.data.next_occurrence_date).toBe('2030-02-28');
  });

  test('a contract of 12 invoices ends after the 12th; a paused one bills nothing while paused, nor afterwards', async () => {
    await boot('2027-01-31T10:00:00Z');
    const s = await setup();
    const twelve = await schedule(s, { start_date: '2027-01-31', max_occurrences: 12 });
    const paused = await schedule(s, { start_date: '2027-01-31' });
    await server.jobs.runDue();
    expect((await call(s, 'POST', `/${paused.id}/pause`)).status).toBe(200);
    for (const month of [
      '02-28',
      '03-31',
      '04-30',
      '05-31',
      '06-30',
      '07-31',
      '08-31',
      '09-30',
      '10-31',
      '11-30',
      '12-31',
    ]) {
      clock.set(`2027-${month}T10:00:00Z`);
      await server.jobs.runDue();
    }
    clock.set('2028-01-31T10:00:00Z');
    await server.jobs.runDue();
    const made = await invoices(s, twelve.id);
    expect(made).toHaveLength(12);
    expect(made.at(-1)).toMatchObject({
      occurrence: '2027-12-31',
      number: 'WV-2027-013',
      period: '2027-12-31..2028-01-30',
    });
    const ended = (await call(s, 'GET', `/${twelve.id}`)).body.data;
    expect(ended.next_occurrence_date).toBeNull();
    expect(await invoices(s, paused.id)).toHaveLength(1);
    const resumed = await call(s, 'POST', `/${paused.id}/resume`);
    expect(resumed.body.data.next_occurrence_date).toBe('2028-01-31');
  });

  test("the console's hint for a contract of 12 invoices started 14 months ago counts the 12 the service makes", async () => {
    await boot('2028-03-15T10:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-01-31', max_occurrences: 12 });
    await server.jobs.runDue();
    const made = (await invoices(s, id)).map((i) => i.occurrence);
    expect(made).toHaveLength(12);
    expect(catchUpDates('2027-01-31', 'monthly', '1', '', '2028-03-15', 'in_advance', '12')).toEqual(made);
    expect(catchUpDates('2027-01-31', 'monthly', '1', '', '2028-03-15', 'in_advance', '')).toHaveLength(14);
  });
});
