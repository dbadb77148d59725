// The dates a schedule may have: a PATCHed end_date is refused before the schedule's start as create refuses
// it (a tighter one on a running schedule still finishes it at once), and a schedule stays inside the years
// 0001-9999: a start_date whose schedule would leave them is a 422, a running schedule reaching 9999-12-31
// finishes there. A real server per test with a FakeClock, jobs run by `runDue()`.
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

const create = (s: Setup, overrides: Record<string, unknown>) =>
  server.json(BASE, {
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
async function createOk(s: Setup, overrides: Record<string, unknown>) {
  const res = await create(s, overrides);
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string };
}
const read = async (s: Setup, id: string) =>
  (await server.json(`${BASE}/${id}`, { key: s.account.apiKey })).body.data;
const patch = (s: Setup, id: string, body: unknown) =>
  server.json(`${BASE}/${id}`, { method: 'PATCH', key: s.account.apiKey, body });
const fieldsOf = (res: { body: { error: { details: { fields: unknown[] } } } }) =>
  res.body.error.details.fields;
const datesOf = async (s: Setup, id: string) =>
  (await server.json(`${BASE}/${id}/invoices?limit=100`, { key: s.account.apiKey })).body.data
    .map((i: { occurrence_date: string }) => i.occurrence_date)
    .reverse();

describe('PATCH end_date against the start', () => {
  test('an end_date before start_date is a 422 date_order, as on create, and changes nothing', async () => {
    await boot('2026-03-10T12:00:00Z');
    const s = await setup();
    const { id } = await createOk(s, { start_date: '2026-04-01' });
    const before = await read(s, id);
    const res = await patch(s, id, { end_date: '2026-03-31' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable_entity');
    expect(fieldsOf(res)).toEqual([
      { loc: 'body.end_date', msg: 'end_date is before start_date', type: 'date_order' },
    ]);
    expect(await read(s, id)).toEqual(before);
    const onStart = await patch(s, id, { end_date: '2026-04-01' });
    expect(onStart.status).toBe(200);
    expect(onStart.body.data).toMatchObject({ end_date: '2026-04-01', next_occurrence_date: '2026-04-01' });
  });

  test('on a running schedule an end_date already past but after its start finishes it at once', async () => {
    await boot('2026-03-10T12:00:00Z');
    const s = await setup();
    const { id } = await createOk(s, { start_date: '2026-03-01' });
    await server.jobs.runDue();
    expect(await read(s, id)).toMatchObject({ occurrences_created: 1, next_occurrence_date: '2026-04-01' });
    expect((await patch(s, id, { end_date: '2026-02-28' })).status).toBe(422);
    const finished = await patch(s, id, { end_date: '2026-03-05' });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ end_date: '2026-03-05', next_occurrence_date: null });
  });

  test('after a change of rhythm the bound is the first date generated, not the new anchor', async () => {
    await boot('2026-03-10T12:00:00Z');
    const s = await setup();
    const { id } = await createOk(s, { start_date: '2026-03-01' });
    await server.jobs.runDue();
    const weekly = await patch(s, id, { frequency: 'weekly' });
    expect(weekly.body.data).toMatchObject({ start_date: '2026-04-01', next_occurrence_date: '2026-04-01' });
    const finished = await patch(s, id, { end_date: '2026-03-20' });
    expect(finished.status).toBe(200);
    expect(finished.body.data.next_occurrence_date).toBeNull();
    const refused = await patch(s, id, { end_date: '2026-02-28' });
    expect(refused.status).toBe(422);
    expect(fieldsOf(refused)).toEqual([
      expect.objectContaining({ loc: 'body.end_date', type: 'date_order' }),
    ]);
  });
});

describe('the years 0001-9999', () => {
  test('a start_date whose schedule would leave them is a 422 at body.start_date, never a 500', async () => {
    await boot('2026-03-10T12:00:00Z');
    const s = await setup();
    const cases: Record<string, unknown>[] = [
      { start_date: '9999-12-31' },
      { start_date: '9999-12-31', frequency: 'daily' },
      { start_date: '9999-12-31', end_date: '9999-12-31' },
      { start_date: '9999-01-01', frequency: 'yearly' },
      { start_date: '9001-06-01', frequency: 'yearly', interval: 999 },
      { start_date: '0001-01-01' },
      { start_date: '0001-12-31', frequency: 'yearly' },
    ];
    for (const overrides of cases) {
      const res = await create(s, overrides);
      expect({ overrides, status: res.status }).toEqual({ overrides, status: 422 });
      expect(fieldsOf(res)).toEqual([
        expect.objectContaining({ loc: 'body.start_date', type: 'date_range' }),
      ]);
    }
    expect((await server.json(BASE, { key: s.account.apiKey })).body.data).toEqual([]);
  });

  test('years 1 to 99 are calendar dates (not 1901 to 1999); year 0000 is not one', async () => {
    await boot('2026-03-10T12:00:00Z');
    const s = await setup();
    const created = await create(s, { start_date: '0050-02-28', end_date: '0050-03-31', max_occurrences: 1 });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ start_date: '0050-02-28', next_occurrence_date: '0050-02-28' });
    const leap = await create(s, { start_date: '0004-02-29', max_occurrences: 1 });
    expect(leap.status).toBe(200);
    for (const start_date of ['0100-02-29', '0000-06-01']) {
      const res = await create(s, { start_date });
      expect(res.status).toBe(422);
      expect(fieldsOf(res)).toEqual([
        expect.objectContaining({ loc: 'body.start_date', type: 'date_invalid' }),
      ]);
    }
  });

  test('a due date past 9999-12-31 is a 422 at due_in_days', async () => {
    await boot('2026-03-10T12:00:00Z');
    const s = await setup();
    const res = await create(s, {
      start_date: '9999-12-01',
      frequency: 'daily',
      invoice_template: { ...TEMPLATE, due_in_days: 31 },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual([
      expect.objectContaining({ loc: 'body.invoice_template.due_in_days', type: 'date_range' }),
    ]);
  });

  test('a running schedule reaching 9999-12-31 finishes there, in advance and in arrears, and PATCH still answers', async () => {
    await boot('9999-12-29T12:00:00Z');
    const s = await setup();
    const ahead = await createOk(s, { start_date: '9999-12-30', frequency: 'daily' });
    const behind = await createOk(s, {
      start_date: '9999-12-30',
      frequency: 'daily',
      end_date: '9999-12-31',
      invoice_template: { ...TEMPLATE, service_period: 'in_arrears' },
    });
    const monthly = await createOk(s, { start_date: '9999-01-30', frequency: 'monthly' });
    clock.set('9999-12-31T12:00:00Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    expect(await datesOf(s, ahead.id)).toEqual(['9999-12-30', '9999-12-31']);
    expect(await datesOf(s, behind.id)).toEqual(['9999-12-30', '9999-12-31']);
    expect(await datesOf(s, monthly.id)).toHaveLength(12);
    for (const { id } of [ahead, behind, monthly]) {
      expect(await read(s, id)).toMatchObject({
        status: 'active',
        next_occurrence_date: null,
        last_error: null,
      });
    }
    const [last] = (await server.json(`${BASE}/${monthly.id}/invoices?limit=1`, { key: s.account.apiKey }))
      .body.data;
    const doc = (await server.json(`/api/v1/documents/${last.id}`, { key: s.account.apiKey })).body.data;
    expect(doc.data.invoice_period).toEqual({ start_date: '9999-12-30', end_date: '9999-12-31' });
    for (const body of [{ frequency: 'yearly' }, { end_date: null }, { interval: 999 }]) {
      const res = await patch(s, ahead.id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 200 });
      expect(res.body.data.next_occurrence_date).toBeNull();
    }
    expect(
      (await server.json(`${BASE}/${ahead.id}/pause`, { method: 'POST', key: s.account.apiKey })).status,
    ).toBe(200);
    const resumed = await server.json(`${BASE}/${ahead.id}/resume`, {
      method: 'POST',
      key: s.account.apiKey,
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.next_occurrence_date).toBeNull();
  });
});

describe('a start_date far in the past (a mistyped year)', () => {
  test('more than 10,000 invoices owed at once is a 422 at body.start_date; 10,000, or a limit, is taken', async () => {
    await boot('2026-03-10T12:00:00Z');
    const s = await setup();
    const typo = await create(s, { start_date: '0202-03-01' });
    expect(typo.status).toBe(422);
    expect(fieldsOf(typo)).toEqual([
      expect.objectContaining({ loc: 'body.start_date', type: 'catch_up_too_long' }),
    ]);
    expect((fieldsOf(typo)[0] as { msg: string }).msg).toContain('more than 10000 invoices');
    // 10,001 daily dates up to today (2026-03-10 back to 1998-10-23) are too many; a day later, 10,000 are not.
    const daily = await create(s, { start_date: '1998-10-23', frequency: 'daily' });
    expect(fieldsOf(daily)).toEqual([
      expect.objectContaining({ loc: 'body.start_date', type: 'catch_up_too_long' }),
    ]);
    // end_date or max_occurrences keep the past dates few: taken.
    const ended = await create(s, { start_date: '0202-03-01', end_date: '0210-03-01', max_occurrences: 2 });
    expect(ended.status).toBe(200);
    const capped = await create(s, { start_date: '0202-03-01', max_occurrences: 10000 });
    expect(capped.status).toBe(200);
    const endsSoon = await create(s, { start_date: '0202-03-01', end_date: '0210-03-01' });
    expect(endsSoon.status).toBe(200);
    expect((await server.json(BASE, { key: s.account.apiKey })).body.data).toHaveLength(3);
    expect((await create(s, { start_date: '1998-10-24', frequency: 'daily' })).status).toBe(200);
  });
});
