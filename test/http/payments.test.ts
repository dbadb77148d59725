import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { documentBody, makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// Issue 28, section 1: payments against issued invoices, their figures on the document, and the
// payment-driven transitions (docs/payments.md). The invoice of documentBody totals 237.88 EUR.
const TOTAL = '237.88';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let parties: { profileId: string; customerId: string };
const clock = new FakeClock(new Date('2026-11-20T09:30:00.000Z'));

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  parties = await makeParties(server, account);
});
afterAll(() => server.stop());

const pay = (id: string, body: Record<string, unknown>, key = account.apiKey) =>
  server.json(`/api/v1/documents/${id}/payments`, { method: 'POST', key, body });
const read = async (id: string) =>
  (await server.json(`/api/v1/documents/${id}`, { key: account.apiKey })).body.data;
const listOf = async (id: string) =>
  (await server.json(`/api/v1/documents/${id}/payments`, { key: account.apiKey })).body.data;
const act = (id: string, action: string, key = account.apiKey) =>
  server.json(`/api/v1/documents/${id}/${action}`, { method: 'POST', key });
const invoice = (actions = ['finalize', 'mark-sent'], overrides: Record<string, unknown> = {}) =>
  makeDocument(server, account, parties, overrides, actions);

/** A credit note of 10.00 + 19 % (11.90) naming the invoice `id`: a Preisnachlass. */
const discountOf = (id: string) => ({
  document_type: 'credit_note',
  source_document_id: id,
  reason: 'Preisnachlass',
  line_items: [
    {
      name: 'Nachlass',
      quantity: '1',
      unit_price: '10.00',
      taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
    },
  ],
});

describe('recording payments', () => {
  test('two payments settle an invoice: partially_paid, then paid; both listed', async () => {
    const doc = await invoice();
    expect(doc.totals.total.amount).toBe(TOTAL);
    expect(await read(doc.id)).toMatchObject({
      amount_paid: '0.00',
      amount_due: TOTAL,
      payment_status: 'unpaid',
    });

    const first = await pay(doc.id, {
      amount: '100',
      date: '2026-11-10',
      method: 'bank_transfer',
      reference: 'TX-1',
      note: 'first half',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      document_id: doc.id,
      amount: '100.00',
      currency: 'EUR',
      date: '2026-11-10',
      method: 'bank_transfer',
      reference: 'TX-1',
      note: 'first half',
    });
    expect(first.body.data.id).toMatch(/^pay_/);
    expect(first.body.data.created_at).toBe('2026-11-20T09:30:00.000Z');
    expect(await read(doc.id)).toMatchObject({
      status: 'sent',
      amount_paid: '100.00',
      amount_due: '137.88',
      payment_status: 'partially_paid',
      paid_at: null,
    });

    const second = await pay(doc.id, { amount: '137.88', date: '2026-11-15', method: 'card' });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ reference: null, note: null });
    const paid = await read(doc.id);
    expect(paid).toMatchObject({
      status: 'paid',
      amount_paid: TOTAL,
      amount_due: '0.00',
      payment_status: 'paid',
    });
    expect(paid.paid_at).toBe('2026-11-20T09:30:00.000Z');

    const listed = await server.json(`/api/v1/documents/${doc.id}/payments`, { key: account.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([
      second.body.data.id,
      first.body.data.id,
    ]);
  });

  test('a finalized invoice that was never sent is paid by its payment, and goes back to finalized', async () => {
    const doc = await invoice(['finalize']);
    const payment = await pay(doc.id, { amount: TOTAL, date: '2026-11-10' });
    expect(payment.body.data.method).toBeNull();
    expect((await read(doc.id)).status).toBe('paid');
    const gone = await server.json(`/api/v1/payments/${payment.body.data.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ deleted: true });
    expect(await read(doc.id)).toMatchObject({
      status: 'finalized',
      paid_at: null,
      amount_paid: '0.00',
      payment_status: 'unpaid',
    });
  });

  test('an overpayment is kept and shown: overpaid, amount_due negative', async () => {
    const doc = await invoice();
    expect((await pay(doc.id, { amount: '200.00', date: '2026-11-10' })).status).toBe(201);
    expect((await pay(doc.id, { amount: '50.00', date: '2026-11-11' })).status).toBe(201);
    expect(await read(doc.id)).toMatchObject({
      status: 'paid',
      amount_paid: '250.00',
      amount_due: '-12.12',
      payment_status: 'overpaid',
    });
    // A paid invoice still takes payments (a late duplicate transfer is recorded, not refused).
    expect((await pay(doc.id, { amount: '1.00', date: '2026-11-12' })).status).toBe(201);
    expect((await read(doc.id)).amount_paid).toBe('251.00');
  });

  test('deleting the payment that settled it moves a sent invoice back to sent', async () => {
    const doc = await invoice();
    await pay(doc.id, { amount: '37.88', date: '2026-11-10' });
    const last = await pay(doc.id, { amount: '200.00', date: '2026-11-11' });
    expect((await read(doc.id)).status).toBe('paid');
    await server.json(`/api/v1/payments/${last.body.data.id}`, { method: 'DELETE', key: account.apiKey });
    expect(await read(doc.id)).toMatchObject({
      status: 'sent',
      amount_paid: '37.88',
      amount_due: '200.00',
      payment_status: 'partially_paid',
    });
    const again = await server.json(`/api/v1/payments/${last.body.data.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(again.status).toBe(404);
  });

  test.each([
    ['draft', []],
    ['void', ['finalize', 'void']],
    ['archived', ['finalize', 'archive']],
  ])('a %s invoice takes no payment: 409, nothing stored', async (status, actions) => {
    const doc = await invoice(actions);
    expect(doc.status).toBe(status);
    const res = await pay(doc.id, { amount: '10.00', date: '2026-11-10' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(res.body.error.details).toMatchObject({ status });
    expect(await listOf(doc.id)).toEqual([]);
    expect((await read(doc.id)).amount_paid).toBe('0.00');
  });

  test.each(['2026-02-30', '2026-13-01', '2025-02-29'])(
    'a payment dated %s, a day of no calendar, is a 422 at body.date; nothing stored',
    async (date) => {
      const doc = await invoice();
      const res = await pay(doc.id, { amount: '10.00', date });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields).toEqual([expect.objectContaining({ loc: 'body.date' })]);
      expect(await listOf(doc.id)).toEqual([]);
      expect((await read(doc.id)).amount_paid).toBe('0.00');
    },
  );

  test('an invoice with payments recorded on it is not cancelled: 409 saying to delete them first', async () => {
    const paid = await invoice();
    const payment = await pay(paid.id, { amount: '50.00', date: '2026-11-15' });
    expect(payment.status).toBe(201);
    const refused = await act(paid.id, 'void');
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toMatchObject({ action: 'void', amount_paid: '50.00' });
    expect(refused.body.error.message).toContain('payments of 50.00 EUR');
    expect((await read(paid.id)).status).toBe('sent');
    // The payment deleted, it can be cancelled.
    const gone = await server.json(`/api/v1/payments/${payment.body.data.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(gone.status).toBe(200);
    expect((await act(paid.id, 'void')).status).toBe(200);
    // A credit note correcting it does not stop it (SPEC 3).
    const corrected = await invoice();
    await makeDocument(server, account, parties, discountOf(corrected.id), ['finalize']);
    expect((await act(corrected.id, 'void')).status).toBe(200);
  });

  test('a credit note takes no payment: 409', async () => {
    const source = await invoice(['finalize']);
    const note = await makeDocument(
      server,
      account,
      parties,
      { document_type: 'credit_note', source_document_id: source.id, reason: 'Returned' },
      ['finalize'],
    );
    expect((await pay(note.id, { amount: '10.00', date: '2026-11-10' })).status).toBe(409);
  });

  test('a Rechnungskorrektur is set against the invoice it names: credited, then settled by the rest (issue 36)', async () => {
    const source = await invoice(['finalize', 'mark-sent']);
    const partial = discountOf(source.id);
    // A draft credits nothing; issued, it lowers what the invoice asks.
    const note = await makeDocument(server, account, parties, partial);
    expect((await read(source.id)).amount_credited).toBe('0.00');
    expect((await act(note.id, 'finalize')).status).toBe(200);
    expect(await read(source.id)).toMatchObject({
      status: 'sent',
      amount_credited: '11.90',
      amount_due: '225.98',
      payment_status: 'partially_paid',
    });
    // The rest paid: settled.
    expect((await pay(source.id, { amount: '225.98', date: '2026-11-12' })).status).toBe(201);
    expect(await read(source.id)).toMatchObject({
      status: 'paid',
      amount_due: '0.00',
      payment_status: 'paid',
    });
    // The credit note voided: the invoice asks the 11.90 again and is no longer paid.
    expect((await act(note.id, 'void')).status).toBe(200);
    expect(await read(source.id)).toMatchObject({
      status: 'sent',
      amount_credited: '0.00',
      amount_due: '11.90',
      payment_status: 'partially_paid',
    });
  });

  test('a full correction (Storno) settles the invoice with no payment', async () => {
    const source = await invoice(['finalize']);
    await makeDocument(
      server,
      account,
      parties,
      { document_type: 'credit_note', source_document_id: source.id, reason: 'Storno' },
      ['finalize'],
    );
    expect(await read(source.id)).toMatchObject({
      status: 'paid',
      amount_paid: '0.00',
      amount_credited: TOTAL,
      amount_due: '0.00',
      payment_status: 'paid',
      days_overdue: 0,
    });
    expect(await listOf(source.id)).toEqual([]);
  });

  test('an invoice corrected while a draft is settled when it is issued; a draft an issued credit note names stays; a paid invoice restored is not overdue', async () => {
    const draft = await invoice([], { issue_date: '2026-10-01', due_date: '2026-10-15' });
    const storno = await makeDocument(
      server,
      account,
      parties,
      { document_type: 'credit_note', source_document_id: draft.id, reason: 'Storno' },
      ['finalize'],
    );
    // The correction's reference must not go: the draft it names cannot be deleted.
    const deleted = await server.json(`/api/v1/documents/${draft.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.details).toMatchObject({ credit_note_id: storno.id });
    // Issued, the invoice is settled by the credit note: paid, never "finalized with nothing due" (which the
    // overdue list would show).
    const issued = await act(draft.id, 'finalize');
    expect(issued.status).toBe(200);
    expect(issued.body.data).toMatchObject({ status: 'paid', amount_credited: TOTAL, amount_due: '0.00' });
    expect(issued.body.data.paid_at).not.toBeNull();
    // SPEC 3 restores a paid invoice archived to finalized, its payments kept: settled, it is not overdue.
    const paid = await invoice(['finalize', 'mark-sent'], {
      issue_date: '2026-10-01',
      due_date: '2026-10-15',
    });
    await pay(paid.id, { amount: TOTAL, date: '2026-11-02' });
    expect((await act(paid.id, 'archive')).status).toBe(200);
    const restored = await act(paid.id, 'restore');
    expect(restored.body.data).toMatchObject({
      status: 'finalized',
      payment_status: 'paid',
      amount_due: '0.00',
    });
    // Paid in part, it is.
    const part = await invoice(['finalize', 'mark-sent'], {
      issue_date: '2026-10-01',
      due_date: '2026-10-15',
    });
    await pay(part.id, { amount: '237.87', date: '2026-11-02' });
    const overdue = await server.json('/api/v1/documents?overdue=true&limit=100', { key: account.apiKey });
    const ids = overdue.body.data.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(paid.id);
    expect(ids).toContain(part.id);
  });

  test("a credit note corrects an invoice of its own customer: another customer's is a 422 at source_document_id", async () => {
    const source = await invoice(['finalize']);
    const someone = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Someone Else GmbH', billing_address: { line1: 'Weg 2', country: 'DE' } },
    });
    const body = documentBody(
      { ...parties, customerId: someone.body.data.id },
      { document_type: 'credit_note', source_document_id: source.id, reason: 'Storno' },
    );
    const res = await server.json('/api/v1/documents', { method: 'POST', key: account.apiKey, body });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(
      'body.source_document_id',
    );
    expect((await read(source.id)).amount_credited).toBe('0.00');
    // Nor the other way round: a draft invoice a credit note names keeps its customer.
    const draft = await invoice([]);
    await makeDocument(server, account, parties, discountOf(draft.id));
    const moved = await server.json(`/api/v1/documents/${draft.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { customer_id: someone.body.data.id },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain('body.customer_id');
  });

  test('Skonto taken: the payment and its discount settle the invoice; both listed; never more than due (issue 36)', async () => {
    const doc = await invoice(['finalize', 'mark-sent'], {
      payment: { early_payment_discounts: [{ days: 14, percent: '2' }] },
    });
    expect(doc.data.payment.early_payment_discounts).toEqual([{ days: 14, percent: '2' }]);
    // 2 % of 237.88 is 4.76: the customer transfers 233.12.
    const tooMuch = await pay(doc.id, { amount: '233.12', date: '2026-11-12', discount: '4.77' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.discount']);
    expect(tooMuch.body.error.message + JSON.stringify(tooMuch.body.error.details)).toContain('4.76');
    expect(await listOf(doc.id)).toEqual([]);
    const res = await pay(doc.id, {
      amount: '233.12',
      date: '2026-11-12',
      method: 'bank_transfer',
      reference: 'RE-42',
      discount: '4.76',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: '233.12', method: 'bank_transfer' });
    expect(await read(doc.id)).toMatchObject({ status: 'paid', amount_due: '0.00', payment_status: 'paid' });
    const listed = await listOf(doc.id);
    expect(listed.map((p: { amount: string; method: string }) => [p.amount, p.method]).sort()).toEqual([
      ['233.12', 'bank_transfer'],
      ['4.76', 'early_payment_discount'],
    ]);
    expect(listed.find((p: { method: string }) => p.method === 'early_payment_discount')).toMatchObject({
      date: '2026-11-12',
      reference: 'RE-42',
      note: 'Skonto',
    });
    const bad = await pay(doc.id, { amount: '1.00', date: '2026-11-12', discount: '-1' });
    expect(bad.status).toBe(422);
  });

  test('payments that would add up past 15 digits are a 422 naming body.amount, never a 500 (issue 37)', async () => {
    const doc = await invoice();
    expect((await pay(doc.id, { amount: '999999999999999.99', date: '2026-11-10' })).status).toBe(201);
    const more = await pay(doc.id, { amount: '1.00', date: '2026-11-10' });
    expect(more.status).toBe(422);
    expect(more.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.amount']);
    expect(await read(doc.id)).toMatchObject({
      amount_paid: '999999999999999.99',
      payment_status: 'overpaid',
    });
    expect(await listOf(doc.id)).toHaveLength(1);
  });

  test.each([
    ['0', 'body.amount'],
    ['-5.00', 'body.amount'],
    ['10.001', 'body.amount'],
    ['ten', 'body.amount'],
    ['1e3', 'body.amount'],
  ])('amount %p is a 422 naming %s', async (amount, loc) => {
    const doc = await invoice();
    const res = await pay(doc.id, { amount, date: '2026-11-10' });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(loc);
    expect((await read(doc.id)).amount_paid).toBe('0.00');
  });

  test('a number amount, a bad date, an unknown method or field are 422s', async () => {
    const doc = await invoice();
    for (const body of [
      { amount: 10, date: '2026-11-10' },
      { amount: '10.00', date: '10.11.2026' },
      { amount: '10.00', date: '2026-11-10', method: 'cheque' },
      { amount: '10.00', date: '2026-11-10', extra: true },
      { date: '2026-11-10' },
    ]) {
      const res = await pay(doc.id, body);
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.length).toBeGreaterThan(0);
    }
    expect((await read(doc.id)).payment_status).toBe('unpaid');
  });
});

describe('mark-paid and mark-unpaid keep the figures in step', () => {
  test('mark-paid records what is still due, dated today; mark-unpaid removes it', async () => {
    const doc = await invoice();
    const part = await pay(doc.id, { amount: '37.88', date: '2026-11-01' });
    const marked = await act(doc.id, 'mark-paid');
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({
      status: 'paid',
      amount_paid: TOTAL,
      amount_due: '0.00',
      payment_status: 'paid',
    });
    const listed = await listOf(doc.id);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ amount: '200.00', date: '2026-11-20' });

    const unmarked = await act(doc.id, 'mark-unpaid');
    expect(unmarked.status).toBe(200);
    expect(unmarked.body.data).toMatchObject({
      status: 'sent',
      paid_at: null,
      amount_paid: '37.88',
      amount_due: '200.00',
      payment_status: 'partially_paid',
    });
    const left = await listOf(doc.id);
    expect(left.map((p: { id: string }) => p.id)).toEqual([part.body.data.id]);
  });

  test('mark-unpaid on an invoice paid by payments removes the ones that settled it', async () => {
    const doc = await invoice(['finalize']);
    const early = await pay(doc.id, { amount: '100.00', date: '2026-11-01' });
    await pay(doc.id, { amount: '100.00', date: '2026-11-02' });
    await pay(doc.id, { amount: '37.88', date: '2026-11-03' });
    expect((await read(doc.id)).status).toBe('paid');
    const res = await act(doc.id, 'mark-unpaid');
    // Paid without ever being sent: it goes back to finalized, keeping what came before the settling one.
    expect(res.body.data).toMatchObject({ status: 'finalized', amount_paid: '200.00', amount_due: '37.88' });
    const left = await listOf(doc.id);
    expect(left).toHaveLength(2);
    expect(left.map((p: { id: string }) => p.id)).toContain(early.body.data.id);
  });

  test('mark-unpaid of an invoice a credit note settles in part removes the payment that settled the rest; settled by credit notes alone it is a 409', async () => {
    const doc = await invoice();
    await makeDocument(server, account, parties, discountOf(doc.id), ['finalize']);
    expect((await act(doc.id, 'mark-paid')).body.data).toMatchObject({
      status: 'paid',
      amount_paid: '225.98',
    });
    const unmarked = await act(doc.id, 'mark-unpaid');
    expect(unmarked.status).toBe(200);
    expect(unmarked.body.data).toMatchObject({
      status: 'sent',
      amount_paid: '0.00',
      amount_credited: '11.90',
      amount_due: '225.98',
      payment_status: 'partially_paid',
    });
    expect(await listOf(doc.id)).toEqual([]);

    const stornoed = await invoice();
    await makeDocument(
      server,
      account,
      parties,
      { document_type: 'credit_note', source_document_id: stornoed.id, reason: 'Storno' },
      ['finalize'],
    );
    const refused = await act(stornoed.id, 'mark-unpaid');
    expect(refused.status).toBe(409);
    expect((await read(stornoed.id)).status).toBe('paid');
  });

  test('mark-paid keeps SPEC 3: a finalized invoice is a 409 and records nothing', async () => {
    const doc = await invoice(['finalize']);
    const res = await act(doc.id, 'mark-paid');
    expect(res.status).toBe(409);
    expect(await listOf(doc.id)).toEqual([]);
  });
});

describe("the account's payments", () => {
  test('filter by date range and customer, and page with a cursor', async () => {
    const fresh = await makeAccount(server);
    const mine = await makeParties(server, fresh);
    const second = await server.json('/api/v1/customers', {
      method: 'POST',
      key: fresh.apiKey,
      body: { name: 'Second Customer', billing_address: { line1: '2 Side St', country: 'DE' } },
    });
    const docA = await makeDocument(server, fresh, mine, {}, ['finalize']);
    const docB = await makeDocument(server, fresh, { ...mine, customerId: second.body.data.id }, {}, [
      'finalize',
    ]);
    const made: string[] = [];
    for (const [doc, date] of [
      [docA.id, '2026-10-01'],
      [docA.id, '2026-10-15'],
      [docB.id, '2026-10-20'],
      [docB.id, '2026-11-05'],
    ] as const) {
      made.push((await pay(doc, { amount: '1.00', date }, fresh.apiKey)).body.data.id);
    }
    const list = (query: string) => server.json(`/api/v1/payments${query}`, { key: fresh.apiKey });
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual([...made].reverse());

    const october = await list('?date_from=2026-10-10&date_to=2026-10-31');
    expect(october.body.data.map((p: { date: string }) => p.date).sort()).toEqual([
      '2026-10-15',
      '2026-10-20',
    ]);
    const ofB = await list(`?customer_id=${second.body.data.id}`);
    expect(ofB.body.data.map((p: { document_id: string }) => p.document_id)).toEqual([docB.id, docB.id]);

    const first = await list('?limit=3');
    expect(first.body.pagination.has_more).toBe(true);
    const rest = await list(`?limit=3&cursor=${first.body.pagination.next_cursor}`);
    expect(rest.body.pagination).toEqual({ has_more: false, next_cursor: null });
    expect([...first.body.data, ...rest.body.data].map((p: { id: string }) => p.id)).toEqual(
      [...made].reverse(),
    );
    expect((await list('?date_from=yesterday')).status).toBe(422);
  });
});

describe('security', () => {
  test("another account's document and payment ids are 404s and change nothing", async () => {
    const doc = await invoice();
    const payment = (await pay(doc.id, { amount: '10.00', date: '2026-11-10' })).body.data;
    const paid = await pay(doc.id, { amount: '1.00', date: '2026-11-10' }, other.apiKey);
    expect(paid.status).toBe(404);
    const listed = await server.json(`/api/v1/documents/${doc.id}/payments`, { key: other.apiKey });
    expect(listed.status).toBe(404);
    const deleted = await server.json(`/api/v1/payments/${payment.id}`, {
      method: 'DELETE',
      key: other.apiKey,
    });
    expect(deleted.status).toBe(404);
    const theirs = await server.json('/api/v1/payments', { key: other.apiKey });
    expect(theirs.body.data).toEqual([]);
    for (const action of ['mark-paid', 'mark-unpaid']) {
      expect((await act(doc.id, action, other.apiKey)).status).toBe(404);
    }
    expect(await read(doc.id)).toMatchObject({ amount_paid: '10.00', status: 'sent' });
  });

  test('no key is a 401', async () => {
    const doc = await invoice();
    for (const [method, path] of [
      ['POST', `/api/v1/documents/${doc.id}/payments`],
      ['GET', `/api/v1/documents/${doc.id}/payments`],
      ['GET', '/api/v1/payments'],
      ['DELETE', '/api/v1/payments/pay_x'],
    ] as const) {
      const res = await server.json(path, {
        method,
        body: method === 'POST' ? { amount: '1.00', date: '2026-11-10' } : undefined,
      });
      expect(res.status).toBe(401);
    }
    expect((await read(doc.id)).amount_paid).toBe('0.00');
  });
});

describe('overdue (issue 28 §2)', () => {
  test('?overdue=true lists finalized or sent invoices past due with an amount due; days_overdue', async () => {
    const fresh = await makeAccount(server);
    const mine = await makeParties(server, fresh);
    const past = { issue_date: '2026-10-01', due_date: '2026-11-01' };
    const make = (overrides: Record<string, unknown>, actions: string[]) =>
      makeDocument(server, fresh, mine, overrides, actions);
    const sent = await make(past, ['finalize', 'mark-sent']);
    const finalized = await make({ ...past, due_date: '2026-11-19' }, ['finalize']);
    const partly = await make(past, ['finalize']);
    await pay(partly.id, { amount: '10.00', date: '2026-11-02' }, fresh.apiKey);
    const paid = await make(past, ['finalize']);
    await pay(paid.id, { amount: TOTAL, date: '2026-11-02' }, fresh.apiKey);
    const notYet = await make({ ...past, due_date: '2026-11-20' }, ['finalize']);
    const draft = await make(past, []);
    const voided = await make(past, ['finalize', 'void']);
    const quote = await make({ ...past, document_type: 'quote' }, ['finalize', 'mark-sent']);

    const overdue = await server.json('/api/v1/documents?overdue=true', { key: fresh.apiKey });
    expect(overdue.status).toBe(200);
    expect(overdue.body.data.map((d: { id: string }) => d.id).sort()).toEqual(
      [sent.id, finalized.id, partly.id].sort(),
    );
    const days = Object.fromEntries(
      overdue.body.data.map((d: { id: string; days_overdue: number }) => [d.id, d.days_overdue]),
    );
    expect(days).toEqual({ [sent.id]: 19, [finalized.id]: 1, [partly.id]: 19 });
    for (const doc of [paid, notYet, draft, voided, quote]) {
      const read = await server.json(`/api/v1/documents/${doc.id}`, { key: fresh.apiKey });
      expect(read.body.data.days_overdue).toBe(0);
    }
    const sentOnly = await server.json('/api/v1/documents?overdue=true&status=sent', { key: fresh.apiKey });
    expect(sentOnly.body.data.map((d: { id: string }) => d.id)).toEqual([sent.id]);
    const all = await server.json('/api/v1/documents?overdue=false', { key: fresh.apiKey });
    expect(all.body.data).toHaveLength(8);
    expect((await server.json('/api/v1/documents?overdue=yes', { key: fresh.apiKey })).status).toBe(422);
  });
});
