// Recurring invoices over HTTP: create, read, list, PATCH, pause/resume/cancel and every 409 of SPEC 3,
// 404 across accounts, 422 paths. Generation itself is in recurring-invoices-generation.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

const BASE = '/api/v1/recurring-invoices';
const clock = new FakeClock(new Date('2026-03-10T12:00:00.000Z'));
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
});
afterAll(() => server.stop());

const RECURRING_FIELDS = [
  'auto_finalize',
  'business_profile_id',
  'created_at',
  'customer_id',
  'end_date',
  'frequency',
  'id',
  'interval',
  'invoice_template',
  'last_error',
  'max_occurrences',
  'next_occurrence_date',
  'numbering_sequence_id',
  'occurrences_created',
  'start_date',
  'status',
  'updated_at',
];

const TEMPLATE = {
  currency: 'EUR',
  line_items: [
    {
      name: 'Hosting',
      quantity: '1',
      unit_price: '100.00',
      taxes: [{ rate: '19', category: 'S', name: 'VAT' }],
    },
  ],
};

interface Setup {
  account: TestAccount;
  profileId: string;
  customerId: string;
  sequenceId: string;
}

async function setup(): Promise<Setup> {
  const account = await makeAccount(server);
  const profile = await makeBusinessProfile(server, account);
  const customer = await makeCustomer(server, account);
  const sequence = await server.json('/api/v1/numbering-sequences', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'Invoices', prefix: 'INV-', pattern: '{NNNN}' },
  });
  return { account, profileId: profile.id, customerId: customer.id, sequenceId: sequence.body.data.id };
}

const bodyFor = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  business_profile_id: s.profileId,
  customer_id: s.customerId,
  frequency: 'monthly',
  start_date: '2026-04-01',
  numbering_sequence_id: s.sequenceId,
  invoice_template: TEMPLATE,
  ...overrides,
});

const create = (s: Setup, body: unknown) =>
  server.json(BASE, { method: 'POST', key: s.account.apiKey, body });
const createOk = async (s: Setup, overrides: Record<string, unknown> = {}) => {
  const res = await create(s, bodyFor(s, overrides));
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const act = (s: Setup, id: string, action: 'pause' | 'resume') =>
  server.json(`${BASE}/${id}/${action}`, { method: 'POST', key: s.account.apiKey });
const cancel = (s: Setup, id: string) =>
  server.json(`${BASE}/${id}`, { method: 'DELETE', key: s.account.apiKey });
const patch = (s: Setup, id: string, body: unknown) =>
  server.json(`${BASE}/${id}`, { method: 'PATCH', key: s.account.apiKey, body });
const locsOf = (res: { body: { error: { details: { fields: { loc: string }[] } } } }) =>
  res.body.error.details.fields.map((f) => f.loc);

describe('create and read', () => {
  test('create is active with next_occurrence_date = start_date and defaults; GET returns the same', async () => {
    const s = await setup();
    const res = await create(s, bodyFor(s, { invoice_template: { ...TEMPLATE, due_in_days: 14 } }));
    expect(res.status).toBe(200);
    const created = res.body.data;
    expect(Object.keys(created).sort()).toEqual(RECURRING_FIELDS);
    expect(created.id).toMatch(/^rinv_/);
    expect(created).toMatchObject({
      status: 'active',
      business_profile_id: s.profileId,
      customer_id: s.customerId,
      frequency: 'monthly',
      interval: 1,
      start_date: '2026-04-01',
      next_occurrence_date: '2026-04-01',
      end_date: null,
      occurrences_created: 0,
      max_occurrences: null,
      numbering_sequence_id: s.sequenceId,
      auto_finalize: false,
      last_error: null,
      invoice_template: { ...TEMPLATE, due_in_days: 14 },
    });
    const got = await server.json(`${BASE}/${created.id}`, { key: s.account.apiKey });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(created);
    const invoices = await server.json(`${BASE}/${created.id}/invoices`, { key: s.account.apiKey });
    expect(invoices.body).toEqual({ data: [], pagination: { has_more: false, next_cursor: null } });
  });

  test('a template due_date is kept as payment terms relative to its issue_date (default start_date)', async () => {
    const s = await setup();
    const fromStart = await createOk(s, { invoice_template: { ...TEMPLATE, due_date: '2026-05-01' } });
    expect(fromStart.invoice_template.due_in_days).toBe(30);
    expect(fromStart.invoice_template.due_date).toBeUndefined();
    const fromIssue = await createOk(s, {
      invoice_template: { ...TEMPLATE, issue_date: '2026-01-01', due_date: '2026-01-15' },
    });
    expect(fromIssue.invoice_template.due_in_days).toBe(14);
    expect(fromIssue.invoice_template.issue_date).toBeUndefined();
  });

  test('the template may take the number from its own numbering_sequence_id, or a fixed one for one invoice', async () => {
    const s = await setup();
    const viaTemplate = await createOk(s, {
      numbering_sequence_id: undefined,
      invoice_template: { ...TEMPLATE, numbering_sequence_id: s.sequenceId },
    });
    expect(viaTemplate.numbering_sequence_id).toBeNull();
    const fixed = await createOk(s, {
      numbering_sequence_id: undefined,
      max_occurrences: 1,
      invoice_template: { ...TEMPLATE, invoice_number: 'ONE-OFF-1' },
    });
    expect(fixed.invoice_template.invoice_number).toBe('ONE-OFF-1');
  });

  test('list: newest first, filtered by status, paginated, scoped to the account', async () => {
    const s = await setup();
    const a = await createOk(s);
    const b = await createOk(s);
    const c = await createOk(s);
    await act(s, b.id, 'pause');
    await cancel(s, c.id);
    const list = (query: string) => server.json(`${BASE}${query}`, { key: s.account.apiKey });
    const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);
    expect(ids(await list(''))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list('?status=active'))).toEqual([a.id]);
    expect(ids(await list('?status=paused'))).toEqual([b.id]);
    expect(ids(await list('?status=cancelled'))).toEqual([c.id]);
    const page1 = await list('?limit=2');
    expect(ids(page1)).toEqual([c.id, b.id]);
    expect(page1.body.pagination.has_more).toBe(true);
    const page2 = await list(`?limit=2&cursor=${page1.body.pagination.next_cursor}`);
    expect(ids(page2)).toEqual([a.id]);
    expect(page2.body.pagination).toEqual({ has_more: false, next_cursor: null });
    const bad = await list('?status=finished');
    expect(bad.status).toBe(422);
    expect(locsOf(bad)).toEqual(['query.status']);
    const other = await setup();
    expect((await server.json(BASE, { key: other.account.apiKey })).body.data).toEqual([]);
  });
});

describe('422 with paths', () => {
  test('schema errors name the field, including inside the template', async () => {
    const s = await setup();
    const missing = await create(s, { business_profile_id: s.profileId });
    expect(missing.status).toBe(422);
    expect(locsOf(missing)).toEqual(
      expect.arrayContaining([
        'body.customer_id',
        'body.frequency',
        'body.start_date',
        'body.invoice_template',
      ]),
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ frequency: 'fortnightly' }, 'body.frequency'],
      [{ interval: 0 }, 'body.interval'],
      [{ max_occurrences: 0 }, 'body.max_occurrences'],
      [{ start_date: '1 April' }, 'body.start_date'],
      [{ auto_finalize: 'yes' }, 'body.auto_finalize'],
      [{ unknown_field: 1 }, 'body.unknown_field'],
      [
        { invoice_template: { ...TEMPLATE, line_items: [{ name: 'X', quantity: 'two', unit_price: '1' }] } },
        'body.invoice_template.line_items.0.quantity',
      ],
      [{ invoice_template: { ...TEMPLATE, due_in_days: -1 } }, 'body.invoice_template.due_in_days'],
      [
        { invoice_template: { ...TEMPLATE, customer_id: 'cus_someone_else' } },
        'body.invoice_template.customer_id',
      ],
      [{ invoice_template: { ...TEMPLATE, document_type: 'quote' } }, 'body.invoice_template.document_type'],
    ];
    for (const [overrides, loc] of cases) {
      const res = await create(s, bodyFor(s, overrides));
      expect(res.status).toBe(422);
      expect(locsOf(res)).toContain(loc);
    }
  });

  test('semantic errors: dates, references, numbering, and the documents module own checks', async () => {
    const s = await setup();
    const other = await setup();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start_date: '2026-02-30' }, 'body.start_date', 'date_invalid'],
      [{ end_date: '2026-03-31' }, 'body.end_date', 'date_order'],
      [{ customer_id: 'cus_nope' }, 'body.customer_id', 'not_found'],
      [{ customer_id: other.customerId }, 'body.customer_id', 'not_found'],
      [{ business_profile_id: other.profileId }, 'body.business_profile_id', 'not_found'],
      [{ numbering_sequence_id: undefined }, 'body.numbering_sequence_id', 'missing'],
      [{ numbering_sequence_id: other.sequenceId }, 'body.numbering_sequence_id', 'invalid_value'],
      [
        {
          numbering_sequence_id: undefined,
          invoice_template: { ...TEMPLATE, numbering_sequence_id: 'seq_nope' },
        },
        'body.invoice_template.numbering_sequence_id',
        'invalid_value',
      ],
      [
        { invoice_template: { ...TEMPLATE, invoice_number: 'FIXED' }, numbering_sequence_id: undefined },
        'body.invoice_template.invoice_number',
        'not_allowed',
      ],
      [
        { invoice_template: { ...TEMPLATE, invoice_number: 'FIXED-1' }, max_occurrences: 1 },
        'body.invoice_template.invoice_number',
        'not_allowed',
      ],
      [
        { invoice_template: { ...TEMPLATE, currency: 'XYZ' } },
        'body.invoice_template.currency',
        'invalid_value',
      ],
      [
        { invoice_template: { ...TEMPLATE, due_date: '2026-03-01' } },
        'body.invoice_template.due_date',
        'date_order',
      ],
      [
        { invoice_template: { ...TEMPLATE, due_date: '2026-05-01', due_in_days: 3 } },
        'body.invoice_template.due_date',
        'not_allowed',
      ],
      [
        { invoice_template: { ...TEMPLATE, line_items: [{ name: 'No price', quantity: '1' }] } },
        'body.invoice_template.line_items.0.unit_price',
        'missing',
      ],
    ];
    for (const [overrides, loc, type] of cases) {
      const res = await create(s, bodyFor(s, overrides));
      expect({ overrides, status: res.status }).toEqual({ overrides, status: 422 });
      expect(res.body.error.details.fields).toContainEqual(expect.objectContaining({ loc, type }));
    }
    expect((await server.json(BASE, { key: s.account.apiKey })).body.data).toEqual([]);
  });
});

describe('PATCH', () => {
  test('changes only the given fields; null clears end_date and max_occurrences', async () => {
    const s = await setup();
    const created = await createOk(s, { end_date: '2026-12-31', max_occurrences: 12 });
    clock.advance(1000);
    const res = await patch(s, created.id, { auto_finalize: true, end_date: null, max_occurrences: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...created,
      auto_finalize: true,
      end_date: null,
      max_occurrences: null,
      updated_at: res.body.data.updated_at,
    });
    expect(res.body.data.updated_at > created.updated_at).toBe(true);
  });

  test('a new frequency or interval re-anchors on the pending date', async () => {
    const s = await setup();
    const created = await createOk(s, { start_date: '2026-01-31' });
    const res = await patch(s, created.id, { frequency: 'weekly', interval: 2 });
    expect(res.body.data).toMatchObject({
      frequency: 'weekly',
      interval: 2,
      start_date: '2026-01-31',
      next_occurrence_date: '2026-01-31',
    });
  });

  test('a new template replaces the old one whole, after the same checks as create', async () => {
    const s = await setup();
    const created = await createOk(s);
    const template = { currency: 'USD', line_items: [{ name: 'Support', quantity: '2', unit_price: '50' }] };
    const res = await patch(s, created.id, { invoice_template: template });
    expect(res.status).toBe(200);
    expect(res.body.data.invoice_template).toEqual(template);
    const bad = await patch(s, created.id, {
      invoice_template: {
        ...template,
        line_items: [{ name: 'X', quantity: '1', unit_price: '1', unit_code: 5 }],
      },
    });
    expect(bad.status).toBe(422);
    expect(locsOf(bad)).toEqual(['body.invoice_template.line_items.0.unit_code']);
    const badCurrency = await patch(s, created.id, { invoice_template: { ...template, currency: 'ABC' } });
    expect(locsOf(badCurrency)).toEqual(['body.invoice_template.currency']);
    const noNumbering = await patch(s, created.id, { numbering_sequence_id: null });
    expect(noNumbering.status).toBe(422);
    expect(locsOf(noNumbering)).toEqual(['body.numbering_sequence_id']);
    const noDigits = await patch(s, created.id, {
      numbering_sequence_id: null,
      invoice_template: { ...template, invoice_number: 'X' },
    });
    expect(locsOf(noDigits)).toEqual(['body.invoice_template.invoice_number']);
    expect(
      (await server.json(`${BASE}/${created.id}`, { key: s.account.apiKey })).body.data.invoice_template,
    ).toEqual(template);
  });

  test('null on a field that must have a value is 422 naming it', async () => {
    const s = await setup();
    const created = await createOk(s);
    for (const field of ['frequency', 'interval', 'auto_finalize', 'invoice_template']) {
      const res = await patch(s, created.id, { [field]: null });
      expect(res.status).toBe(422);
      expect(locsOf(res)).toEqual([`body.${field}`]);
    }
    const readOnly = await patch(s, created.id, { customer_id: s.customerId });
    expect(locsOf(readOnly)).toEqual(['body.customer_id']);
  });

  test('tightening the limits finishes the schedule (next null, still active)', async () => {
    const s = await setup();
    const created = await createOk(s, { start_date: '2026-03-01' });
    await server.jobs.runDue();
    expect((await server.json(`${BASE}/${created.id}`, { key: s.account.apiKey })).body.data).toMatchObject({
      occurrences_created: 1,
      next_occurrence_date: '2026-04-01',
    });
    const capped = await patch(s, created.id, { max_occurrences: 1 });
    expect(capped.body.data).toMatchObject({ status: 'active', next_occurrence_date: null });
    const ended = await patch(s, created.id, { max_occurrences: null, end_date: '2026-03-05' });
    expect(ended.body.data).toMatchObject({ status: 'active', next_occurrence_date: null });
    const reopened = await patch(s, created.id, { end_date: null });
    expect(reopened.body.data.next_occurrence_date).toBe('2026-04-01');
    // An end_date before start_date would finish it before it ever ran: refused, as on create.
    const before = await patch(s, created.id, { end_date: '2026-02-28' });
    expect(before.status).toBe(422);
    expect(before.body.error.details.fields).toEqual([
      { loc: 'body.end_date', msg: 'end_date is before start_date', type: 'date_order' },
    ]);
  });
});

describe('state transitions (SPEC 3)', () => {
  test('pause, resume, cancel and every 409', async () => {
    const s = await setup();
    const created = await createOk(s);
    const conflict = async (res: Promise<{ status: number; body: any }>) => {
      const r = await res;
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('conflict');
    };
    await conflict(act(s, created.id, 'resume'));

    const paused = await act(s, created.id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', next_occurrence_date: '2026-04-01' });
    await conflict(act(s, created.id, 'pause'));
    const patchedWhilePaused = await patch(s, created.id, { auto_finalize: true });
    expect(patchedWhilePaused.body.data).toMatchObject({ status: 'paused', auto_finalize: true });

    const resumed = await act(s, created.id, 'resume');
    expect(resumed.body.data).toMatchObject({ status: 'active', next_occurrence_date: '2026-04-01' });

    const cancelled = await cancel(s, created.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', next_occurrence_date: null });
    await conflict(cancel(s, created.id));
    await conflict(act(s, created.id, 'pause'));
    await conflict(act(s, created.id, 'resume'));
    await conflict(patch(s, created.id, { interval: 2 }));

    const pausedThenCancelled = await createOk(s);
    await act(s, pausedThenCancelled.id, 'pause');
    expect((await cancel(s, pausedThenCancelled.id)).body.data.status).toBe('cancelled');
  });

  test("another account's id and an unknown id are 404 on every endpoint", async () => {
    const s = await setup();
    const created = await createOk(s);
    const other = await setup();
    for (const id of [created.id, 'rinv_unknown']) {
      const calls = [
        server.json(`${BASE}/${id}`, { key: other.account.apiKey }),
        server.json(`${BASE}/${id}`, { method: 'PATCH', key: other.account.apiKey, body: { interval: 2 } }),
        server.json(`${BASE}/${id}/pause`, { method: 'POST', key: other.account.apiKey }),
        server.json(`${BASE}/${id}/resume`, { method: 'POST', key: other.account.apiKey }),
        server.json(`${BASE}/${id}`, { method: 'DELETE', key: other.account.apiKey }),
        server.json(`${BASE}/${id}/invoices`, { key: other.account.apiKey }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
    const untouched = await server.json(`${BASE}/${created.id}`, { key: s.account.apiKey });
    expect(untouched.body.data).toEqual(created);
  });
});
