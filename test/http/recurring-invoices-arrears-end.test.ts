// Billing in arrears up to end_date: the stretch from the last occurrence to end_date is billed by one
// closing occurrence on the day after end_date (a regular one when that day is a date of the rhythm), with
// max_occurrences, catch-up, PATCH (running and finished), pause/resume and a change of rhythm. In advance
// and without a period nothing changes. A real server per test with a FakeClock, jobs run by `runDue()`.
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
  service_period: 'in_arrears',
  line_items: [{ name: 'Hosting', quantity: '1', unit_price: '100.00' }],
};

interface Setup {
  account: TestAccount;
  profileId: string;
  customerId: string;
  sequenceId: string;
}

async function setup(): Promise<Setup> {
  const account = await makeAccount(server);
  const { id: profileId } = await makeBusinessProfile(server, account);
  const { id: customerId } = await makeCustomer(server, account);
  const sequence = await server.json('/api/v1/numbering-sequences', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'INV-', prefix: 'INV-', pattern: '{NNNN}' },
  });
  return { account, profileId, customerId, sequenceId: sequence.body.data.id };
}

async function schedule(s: Setup, overrides: Record<string, unknown>) {
  const res = await server.json(BASE, {
    method: 'POST',
    key: s.account.apiKey,
    body: {
      business_profile_id: s.profileId,
      customer_id: s.customerId,
      frequency: 'monthly',
      numbering_sequence_id: s.sequenceId,
      invoice_template: TEMPLATE,
      ...overrides,
    },
  });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string };
}

const read = async (s: Setup, id: string) =>
  (await server.json(`${BASE}/${id}`, { key: s.account.apiKey })).body.data;
const call = (s: Setup, method: string, path: string, body?: unknown) =>
  server.json(`${BASE}${path}`, { method, key: s.account.apiKey, body });

async function runAt(iso: string) {
  clock.set(iso);
  await server.jobs.runDue();
}

/** `occurrence date: period start..end` of every invoice of a schedule, oldest first. */
async function billed(s: Setup, id: string): Promise<string[]> {
  const list = await server.json(`${BASE}/${id}/invoices?limit=100`, { key: s.account.apiKey });
  expect(list.status).toBe(200);
  return Promise.all(
    [...list.body.data].reverse().map(async (i) => {
      const doc = (await server.json(`/api/v1/documents/${i.id}`, { key: s.account.apiKey })).body.data;
      const period = doc.data.invoice_period;
      return `${i.occurrence_date}: ${period ? `${period.start_date}..${period.end_date}` : '-'}`;
    }),
  );
}

/** Monthly from 2027-01-30 up to and including the regular 2027-04-30: four invoices. */
const UP_TO_APRIL = [
  '2027-01-30: 2026-12-30..2027-01-29',
  '2027-02-28: 2027-01-30..2027-02-27',
  '2027-03-30: 2027-02-28..2027-03-29',
  '2027-04-30: 2027-03-30..2027-04-29',
];

describe('in arrears, the last stretch up to end_date is billed', () => {
  test('end_date between two dates: a closing occurrence the day after it bills the rest, once (catch-up)', async () => {
    await boot('2027-01-30T12:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-01-30' });
    await server.jobs.runDue();
    const patched = await call(s, 'PATCH', `/${id}`, { end_date: '2027-05-15' });
    expect(patched.body.data.next_occurrence_date).toBe('2027-02-28');
    await runAt('2027-04-30T12:00:00Z');
    expect(await read(s, id)).toMatchObject({ next_occurrence_date: '2027-05-16', occurrences_created: 4 });
    // Downtime past the closing date and a year more: one runDue, the closing occurrence made once.
    await runAt('2028-06-30T12:00:00Z');
    await server.jobs.runDue();
    expect(await billed(s, id)).toEqual([...UP_TO_APRIL, '2027-05-16: 2027-04-30..2027-05-15']);
    expect(await read(s, id)).toMatchObject({
      status: 'active',
      next_occurrence_date: null,
      occurrences_created: 5,
    });
  });

  test('end_date the day before a date of the rhythm: that date bills the full last period', async () => {
    await boot('2027-01-01T12:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-01-01', end_date: '2027-03-31' });
    await runAt('2027-03-01T12:00:00Z');
    expect((await read(s, id)).next_occurrence_date).toBe('2027-04-01');
    await runAt('2027-12-31T12:00:00Z');
    expect(await billed(s, id)).toEqual([
      '2027-01-01: 2026-12-01..2026-12-31',
      '2027-02-01: 2027-01-01..2027-01-31',
      '2027-03-01: 2027-02-01..2027-02-28',
      '2027-04-01: 2027-03-01..2027-03-31',
    ]);
    expect((await read(s, id)).next_occurrence_date).toBeNull();
  });

  test('end_date on a date of the rhythm: that date is billed by a one-day closing invoice', async () => {
    await boot('2027-01-01T12:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-01-01', end_date: '2027-02-01' });
    await runAt('2027-12-31T12:00:00Z');
    expect(await billed(s, id)).toEqual([
      '2027-01-01: 2026-12-01..2026-12-31',
      '2027-02-01: 2027-01-01..2027-01-31',
      '2027-02-02: 2027-02-01..2027-02-01',
    ]);
  });

  test('with max_occurrences the closing one counts, and the limit reached first wins', async () => {
    await boot('2027-01-30T12:00:00Z');
    const s = await setup();
    const four = await schedule(s, { start_date: '2027-01-30', end_date: '2027-05-15', max_occurrences: 4 });
    const five = await schedule(s, { start_date: '2027-01-30', end_date: '2027-05-15', max_occurrences: 5 });
    const three = await schedule(s, { start_date: '2027-01-30', end_date: '2027-05-15', max_occurrences: 3 });
    await runAt('2027-12-31T12:00:00Z');
    expect(await billed(s, four.id)).toEqual(UP_TO_APRIL);
    expect(await billed(s, five.id)).toEqual([...UP_TO_APRIL, '2027-05-16: 2027-04-30..2027-05-15']);
    expect(await billed(s, three.id)).toEqual(UP_TO_APRIL.slice(0, 3));
    for (const { id } of [four, five, three]) expect((await read(s, id)).next_occurrence_date).toBeNull();
  });

  test('in advance and without a period nothing is added after end_date', async () => {
    await boot('2027-01-30T12:00:00Z');
    const s = await setup();
    const ahead = await schedule(s, {
      start_date: '2027-01-30',
      end_date: '2027-05-15',
      invoice_template: { ...TEMPLATE, service_period: 'in_advance' },
    });
    const none = await schedule(s, {
      start_date: '2027-01-30',
      end_date: '2027-05-15',
      invoice_template: { ...TEMPLATE, service_period: 'none' },
    });
    await runAt('2027-04-30T12:00:00Z');
    expect((await read(s, ahead.id)).next_occurrence_date).toBeNull();
    expect((await read(s, none.id)).next_occurrence_date).toBeNull();
    await runAt('2027-12-31T12:00:00Z');
    expect(await billed(s, ahead.id)).toEqual([
      '2027-01-30: 2027-01-30..2027-02-27',
      '2027-02-28: 2027-02-28..2027-03-29',
      '2027-03-30: 2027-03-30..2027-04-29',
      '2027-04-30: 2027-04-30..2027-05-15',
    ]);
    expect(await billed(s, none.id)).toEqual(UP_TO_APRIL.map((line) => `${line.slice(0, 10)}: -`));
  });
});

describe('PATCH, pause and a change of rhythm', () => {
  test('end_date set, relaxed and tightened on a running schedule after its last regular invoice', async () => {
    await boot('2027-01-30T12:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-01-30' });
    await runAt('2027-05-02T12:00:00Z');
    expect((await read(s, id)).next_occurrence_date).toBe('2027-05-30');
    const patch = async (end_date: string | null) =>
      (await call(s, 'PATCH', `/${id}`, { end_date })).body.data.next_occurrence_date;
    expect(await patch('2027-05-15')).toBe('2027-05-16');
    expect(await patch(null)).toBe('2027-05-30');
    expect(await patch('2027-05-29')).toBe('2027-05-30');
    // Billed up to April 29 already: April 30 alone is left; before it, nothing (finished at once).
    expect(await patch('2027-04-30')).toBe('2027-05-01');
    expect(await patch('2027-04-20')).toBeNull();
    expect(await patch('2027-05-15')).toBe('2027-05-16');
    await runAt('2027-05-16T12:00:00Z');
    expect(await billed(s, id)).toEqual([...UP_TO_APRIL, '2027-05-16: 2027-04-30..2027-05-15']);
  });

  test('a finished schedule: a later end_date restarts it without billing a day twice, an earlier one does not', async () => {
    await boot('2027-01-30T12:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-01-30', end_date: '2027-05-15' });
    await runAt('2027-05-20T12:00:00Z');
    expect((await read(s, id)).next_occurrence_date).toBeNull();
    const tightened = await call(s, 'PATCH', `/${id}`, { end_date: '2027-05-10' });
    expect(tightened.body.data.next_occurrence_date).toBeNull();
    const relaxed = await call(s, 'PATCH', `/${id}`, { end_date: '2027-06-20' });
    expect(relaxed.body.data.next_occurrence_date).toBe('2027-05-30');
    await runAt('2027-12-31T12:00:00Z');
    expect(await billed(s, id)).toEqual([
      ...UP_TO_APRIL,
      '2027-05-16: 2027-04-30..2027-05-15',
      '2027-05-30: 2027-05-16..2027-05-29',
      '2027-06-21: 2027-05-30..2027-06-20',
    ]);
  });

  test('paused while the closing occurrence is pending: resumed before it, it is made; after it, it is not', async () => {
    await boot('2027-01-30T12:00:00Z');
    const s = await setup();
    const early = await schedule(s, { start_date: '2027-01-30', end_date: '2027-05-15' });
    const late = await schedule(s, { start_date: '2027-01-30', end_date: '2027-05-15' });
    await runAt('2027-05-01T12:00:00Z');
    for (const { id } of [early, late]) expect((await call(s, 'POST', `/${id}/pause`)).status).toBe(200);
    clock.set('2027-05-10T12:00:00Z');
    const resumed = await call(s, 'POST', `/${early.id}/resume`);
    expect(resumed.body.data.next_occurrence_date).toBe('2027-05-16');
    clock.set('2027-05-20T12:00:00Z');
    const tooLate = await call(s, 'POST', `/${late.id}/resume`);
    expect(tooLate.body.data.next_occurrence_date).toBeNull();
    await runAt('2027-12-31T12:00:00Z');
    expect(await billed(s, early.id)).toEqual([...UP_TO_APRIL, '2027-05-16: 2027-04-30..2027-05-15']);
    expect(await billed(s, late.id)).toEqual(UP_TO_APRIL);
  });

  test('a change of rhythm while the closing occurrence is pending keeps it and its stretch', async () => {
    await boot('2027-01-30T12:00:00Z');
    const s = await setup();
    const { id } = await schedule(s, { start_date: '2027-01-30', end_date: '2027-05-15' });
    await runAt('2027-05-02T12:00:00Z');
    const changed = await call(s, 'PATCH', `/${id}`, { frequency: 'weekly' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ start_date: '2027-05-30', next_occurrence_date: '2027-05-16' });
    await runAt('2027-12-31T12:00:00Z');
    expect(await billed(s, id)).toEqual([...UP_TO_APRIL, '2027-05-16: 2027-04-30..2027-05-15']);
  });
});
