// An ERP that books a customer's return as a credit note (381) over the API: finalize-check names a credit
// note crediting more than is left of its invoice (notice credit_exceeds_invoice). Before, a credit note of
// 150.00 against an invoice of 100.00 finalized without a word, as did two of 60.00: the invoice then owed
// -50.00 (or -20.00). A notice, not a refusal (SPEC sets no limit): finalize still issues it.
// BOTH ENGINES TEST: nothing here reads SQLite directly.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
let parties = { profileId: '', customerId: '' };
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });

// 100.00 net, no tax: the invoice asks exactly 100.00.
const line = (price: string, quantity = '1') => [{ name: 'Widget', quantity, unit_price: price }];
let seq = 0;
const invoice = async (price: string, actions: string[] = ['finalize']) =>
  await makeDocument(server, firm, parties, { number: `INV-CL-${++seq}`, line_items: line(price) }, actions);
const creditNote = async (sourceId: string, price: string, extra: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/v1/documents', {
    number: `CN-CL-${++seq}`,
    document_type: 'credit_note',
    source_document_id: sourceId,
    reason: 'Return',
    issue_date: '2026-11-10',
    currency: 'EUR',
    business_profile_id: parties.profileId,
    customer_id: parties.customerId,
    line_items: line(price),
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; number: string };
};
const finalize = (id: string) => call('POST', `/api/v1/documents/${id}/finalize`);
/** The credit notices of a draft, as finalize-check and the draft's page read them. */
const creditNotices = async (id: string) => {
  const res = await call('GET', `/api/v1/documents/${id}/finalize-notices`);
  expect(res.status).toBe(200);
  return (res.body.data.notices as { code: string; field: string; message: string }[]).filter((n) =>
    ['credit_exceeds_invoice', 'credited_above_invoice'].includes(n.code),
  );
};
const over = async (id: string) => (await creditNotices(id)).map((n) => n.code);

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  firm = await makeAccount(server);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Murphy Hardware Ltd',
    address: { line1: '1 Quay St', city: 'Galway', country: 'IE' },
  });
  const customer = await makeCustomer(server, firm, { name: 'Kelly Builders' });
  parties = { profileId: profile.id, customerId: customer.id };
});
afterAll(() => server?.stop());

test('a credit note of 150.00 against an invoice of 100.00: named by finalize-check with the invoice and 100.00 left; finalize still issues it', async () => {
  const inv = await invoice('100.00');
  const note = await creditNote(inv.id, '150.00');
  const [notice] = await creditNotices(note.id);
  expect(notice).toMatchObject({ code: 'credit_exceeds_invoice', field: 'source_document_id' });
  expect(notice?.message).toContain(`only 100.00 EUR of the invoice ${inv.number}`);
  expect(notice?.message).toContain('credits 150.00 EUR');
  const check = await call('POST', `/api/v1/documents/${note.id}/finalize-check`);
  expect(check.status).toBe(200);
  expect(check.body.data.notices.map((n: { code: string }) => n.code)).toContain('credit_exceeds_invoice');
  expect((await finalize(note.id)).status).toBe(200);
});

test('partial credit notes add up to the invoice: 60.00 and 40.00 say nothing, a third 0.01 is named; a voided one gives its amount back', async () => {
  const inv = await invoice('100.00');
  const first = await creditNote(inv.id, '60.00');
  expect(await over(first.id)).toEqual([]);
  expect((await finalize(first.id)).status).toBe(200);
  const second = await creditNote(inv.id, '60.00');
  const [notice] = await creditNotices(second.id);
  expect(notice?.message).toContain('only 40.00 EUR');
  expect(notice?.message).toContain('60.00 EUR credited already');
  const rest = await creditNote(inv.id, '40.00');
  expect(await over(rest.id)).toEqual([]);
  expect((await finalize(rest.id)).status).toBe(200);
  const read = (await call('GET', `/api/v1/documents/${inv.id}`)).body.data;
  expect(read).toMatchObject({ amount_credited: '100.00', amount_due: '0.00', status: 'paid' });
  const cent = await creditNote(inv.id, '0.01');
  expect(await over(cent.id)).toEqual(['credit_exceeds_invoice']);
  expect((await call('POST', `/api/v1/documents/${first.id}/void`)).status).toBe(200);
  expect(await over(second.id)).toEqual([]);
});

test('a credit note entered with negative amounts is measured by what it credits', async () => {
  const inv = await invoice('100.00');
  const negative = await creditNote(inv.id, '101.00', { line_items: line('101.00', '-1') });
  expect(await over(negative.id)).toEqual(['credit_exceeds_invoice']);
  const fits = await creditNote(inv.id, '100.00', { line_items: line('100.00', '-1') });
  expect(await over(fits.id)).toEqual([]);
});

test('a void invoice has nothing left to credit; a credit note in another currency is not measured (nor set against it)', async () => {
  const voided = await invoice('100.00', ['finalize', 'void']);
  const note = await creditNote(voided.id, '10.00');
  const [notice] = await creditNotices(note.id);
  expect(notice?.message).toContain('is cancelled (void)');
  const inv = await invoice('100.00');
  const dollars = await creditNote(inv.id, '150.00', { currency: 'USD' });
  expect(await over(dollars.id)).toEqual([]);
  expect((await finalize(dollars.id)).status).toBe(200);
  expect((await call('GET', `/api/v1/documents/${inv.id}`)).body.data.amount_credited).toBe('0.00');
});

test('credit notes issued against a draft invoice: the invoice is told when it asks less than they credit', async () => {
  const draft = await invoice('100.00', []);
  const note = await creditNote(draft.id, '80.00');
  expect((await finalize(note.id)).status).toBe(200);
  expect(await over(draft.id)).toEqual([]);
  const lowered = await call('PATCH', `/api/v1/documents/${draft.id}`, { line_items: line('50.00') });
  expect(lowered.status).toBe(200);
  const [notice] = await creditNotices(draft.id);
  expect(notice).toMatchObject({ code: 'credited_above_invoice' });
  expect(notice?.message).toContain(note.number);
  expect(notice?.message).toContain('80.00 EUR, more than its 50.00 EUR');
  expect((await call('PATCH', `/api/v1/documents/${draft.id}`, { line_items: line('80.00') })).status).toBe(
    200,
  );
  expect(await over(draft.id)).toEqual([]);
  const issued = await finalize(draft.id);
  expect(issued.status).toBe(200);
  expect(issued.body.data).toMatchObject({ amount_credited: '80.00', amount_due: '0.00', status: 'paid' });
});

test('measured against the invoice total: a price reduced below its prepaid amount is a refund, no excess', async () => {
  const inv = await makeDocument(
    server,
    firm,
    parties,
    { number: `INV-CL-${++seq}`, line_items: line('1000.00'), prepaid_amount: '700.00' },
    ['finalize'],
  );
  expect([inv.totals.total.amount, inv.amount_due]).toEqual(['1000.00', '300.00']);
  const reduction = await creditNote(inv.id, '500.00');
  expect(await over(reduction.id)).toEqual([]);
  const more = await creditNote(inv.id, '1000.01');
  expect(await over(more.id)).toEqual(['credit_exceeds_invoice']);
});
