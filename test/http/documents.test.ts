import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBody, makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  parties = await makeParties(server, account);
});
afterAll(() => server.stop());

const post = (path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method: 'POST', key, body });
const patch = (id: string, body: unknown) =>
  server.json(`/api/v1/documents/${id}`, { method: 'PATCH', key: account.apiKey, body });
const get = (id: string, key = account.apiKey) => server.json(`/api/v1/documents/${id}`, { key });

describe('create and read', () => {
  test('a draft with computed totals, the full data object and every timestamp field', async () => {
    const res = await post('/api/v1/documents', documentBody(parties, { number: 'INV-0001' }));
    expect(res.status).toBe(200);
    const doc = res.body.data;
    expect(doc).toMatchObject({
      document_type: 'invoice',
      number: 'INV-0001',
      status: 'draft',
      issue_date: '2026-11-02',
      currency: 'EUR',
      business_profile_id: parties.profileId,
      customer_id: parties.customerId,
      source_document_id: null,
      reason: null,
      finalized_at: null,
    });
    expect(doc.id).toMatch(/^doc_/);
    // 10 x 9.99 + 100.00 = 199.90; 19% VAT once on the group = 37.981 -> 37.98.
    expect(doc.totals).toEqual({
      subtotal: { amount: '199.90', currency: 'EUR' },
      discount_total: { amount: '0.00', currency: 'EUR' },
      tax_total: { amount: '37.98', currency: 'EUR' },
      shipping_total: { amount: '0.00', currency: 'EUR' },
      total: { amount: '237.88', currency: 'EUR' },
    });
    expect(doc.data.invoice_number).toBe('INV-0001');
    expect(doc.data.seller.name).toBe('Müller');
    expect(doc.data.buyer.name).toBe('Acme Ltd');
    expect(doc.data.line_items).toHaveLength(2);
    expect((await get(doc.id)).body.data).toEqual(doc);
  });

  test('required fields, bad references and bad values are 422 with exact locs', async () => {
    const missing = await post('/api/v1/documents', { currency: 'EUR' });
    const locs = missing.body.error.details.fields.map((f: { loc: string }) => f.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        'body.issue_date',
        'body.business_profile_id',
        'body.customer_id',
        'body.line_items',
      ]),
    );

    const bad = await post(
      '/api/v1/documents',
      documentBody(parties, {
        customer_id: 'cus_nope',
        currency: 'XYZ',
        issue_date: '2026-02-30',
        line_items: [{ name: 'A', quantity: '1', unit_price: '1.234.5' }],
      }),
    );
    expect(bad.status).toBe(422);
    const badLocs = bad.body.error.details.fields.map((f: { loc: string }) => f.loc);
    expect(badLocs).toContain('body.line_items.0.unit_price');

    const semantic = await post(
      '/api/v1/documents',
      documentBody(parties, { customer_id: 'cus_nope', currency: 'XYZ', issue_date: '2026-02-30' }),
    );
    const semanticLocs = semantic.body.error.details.fields.map((f: { loc: string }) => f.loc).sort();
    expect(semanticLocs).toEqual(['body.currency', 'body.customer_id', 'body.issue_date']);

    const order = await post('/api/v1/documents', documentBody(parties, { due_date: '2026-11-01' }));
    expect(order.body.error.details.fields).toEqual([
      { loc: 'body.due_date', msg: 'due_date is before issue_date', type: 'date_order' },
    ]);

    const numeric = await post(
      '/api/v1/documents',
      documentBody(parties, { line_items: [{ name: 'A', quantity: 1, unit_price: '2' }] }),
    );
    expect(numeric.body.error.details.fields[0].loc).toBe('body.line_items.0.quantity');
  });

  test('a reason only where the type supports it; credit notes need an invoice of this account', async () => {
    const reason = await post('/api/v1/documents', documentBody(parties, { reason: 'because' }));
    expect(reason.body.error.details.fields[0].loc).toBe('body.reason');
    const noSource = await post('/api/v1/documents', documentBody(parties, { document_type: 'credit_note' }));
    expect(noSource.body.error.details.fields).toEqual([
      { loc: 'body.source_document_id', msg: 'a credit note needs the invoice it corrects', type: 'missing' },
    ]);
    const other = await makeAccount(server);
    const otherParties = await makeParties(server, other);
    const foreign = await makeDocument(server, other, otherParties);
    const crossAccount = await post(
      '/api/v1/documents',
      documentBody(parties, { document_type: 'credit_note', source_document_id: foreign.id }),
    );
    expect(crossAccount.body.error.details.fields[0]).toMatchObject({
      loc: 'body.source_document_id',
      type: 'not_found',
    });
    const invoice = await makeDocument(server, account, parties, {}, ['finalize']);
    const ok = await post(
      '/api/v1/documents',
      documentBody(parties, {
        document_type: 'credit_note',
        source_document_id: invoice.id,
        reason: 'Damaged',
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ source_document_id: invoice.id, reason: 'Damaged' });
  });

  test('delivery notes carry quantities only', async () => {
    const ok = await post(
      '/api/v1/documents',
      documentBody(parties, {
        document_type: 'delivery_note',
        line_items: [{ name: 'Crate', quantity: '4', unit: 'pcs' }],
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.totals.total.amount).toBe('0.00');
    const priced = await post(
      '/api/v1/documents',
      documentBody(parties, {
        document_type: 'delivery_note',
        line_items: [{ name: 'Crate', quantity: '4', unit_price: '2' }],
      }),
    );
    expect(priced.body.error.details.fields[0]).toMatchObject({
      loc: 'body.line_items.0.unit_price',
      type: 'not_allowed',
    });
    const unpriced = await post(
      '/api/v1/documents',
      documentBody(parties, { line_items: [{ name: 'Crate', quantity: '4' }] }),
    );
    expect(unpriced.body.error.details.fields[0]).toMatchObject({
      loc: 'body.line_items.0.unit_price',
      type: 'missing',
    });
  });
});

describe('numbers', () => {
  test('amounts past 15 digits are a 422 naming the line or the lines, and nothing is stored (issue 37)', async () => {
    const big = (quantity: string, taxes: unknown[] = []) =>
      post('/api/v1/documents', {
        ...documentBody(parties, {}),
        number: `BIG-${quantity}-${taxes.length}`,
        line_items: [{ name: 'Anlage', quantity, unit_price: '999999999.99', taxes }],
      });
    const line = await big('9999999');
    expect(line.status).toBe(422);
    expect(line.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual([
      'body.line_items.0.quantity',
    ]);
    const total = await big('999999', [{ rate: '19', category: 'S' }]);
    expect(total.status).toBe(422);
    expect(total.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.line_items']);
    const listed = await server.json('/api/v1/documents?limit=100', { key: account.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data.some((d: { number: string }) => d.number.startsWith('BIG-'))).toBe(false);
  });

  test('a repeated number is a 409 naming the holder, also after finalize and archive; other accounts may reuse it', async () => {
    const first = await makeDocument(server, account, parties, { number: 'DUP-1' }, ['finalize', 'archive']);
    const res = await post('/api/v1/documents', documentBody(parties, { number: 'DUP-1' }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(first.id);
    const other = await makeAccount(server);
    const otherParties = await makeParties(server, other);
    const theirs = await post(
      '/api/v1/documents',
      documentBody(otherParties, { number: 'DUP-1' }),
      other.apiKey,
    );
    expect(theirs.status).toBe(200);
  });

  test('concurrent creates with one number: exactly one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/v1/documents', documentBody(parties, { number: 'RACE-1' }))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });

  test('numbering sequences allocate atomically, skip nothing on failure, pass over taken numbers', async () => {
    const seq = await post('/api/v1/numbering-sequences', {
      name: 'Invoices',
      prefix: 'INV-',
      pattern: '{YYYY}-{NNNN}',
    });
    expect(seq.status).toBe(200);
    expect(seq.body.data).toMatchObject({
      prefix: 'INV-',
      pattern: '{YYYY}-{NNNN}',
      reset: 'never',
      next_number: 1,
    });
    const seqId = seq.body.data.id;
    const body = (over: Record<string, unknown> = {}) => {
      const { number: _n, ...rest } = documentBody(parties, over);
      return { ...rest, numbering_sequence_id: seqId };
    };
    const a = await post('/api/v1/documents', body());
    expect(a.body.data.number).toBe('INV-2026-0001');
    const failed = await post('/api/v1/documents', body({ currency: 'XYZ' }));
    expect(failed.status).toBe(422);
    await post('/api/v1/documents', documentBody(parties, { number: 'INV-2026-0002' }));
    const b = await post('/api/v1/documents', body());
    expect(b.body.data.number).toBe('INV-2026-0003');
    const parallel = await Promise.all(Array.from({ length: 6 }, () => post('/api/v1/documents', body())));
    const numbers = parallel.map((r) => r.body.data.number).sort();
    expect(numbers).toEqual([
      'INV-2026-0004',
      'INV-2026-0005',
      'INV-2026-0006',
      'INV-2026-0007',
      'INV-2026-0008',
      'INV-2026-0009',
    ]);
    const both = await post('/api/v1/documents', { ...body(), number: 'X-1' });
    expect(both.status).toBe(422);
  });

  test('a yearly sequence starts again at 1 in a new issue year', async () => {
    const seq = await post('/api/v1/numbering-sequences', {
      name: 'Yearly',
      prefix: 'Y',
      pattern: '{YY}{MM}-{NNN}',
      reset: 'yearly',
    });
    const make = async (issue_date: string) => {
      const { number: _n, ...rest } = documentBody(parties, { issue_date, due_date: issue_date });
      return (await post('/api/v1/documents', { ...rest, numbering_sequence_id: seq.body.data.id })).body.data
        .number;
    };
    expect(await make('2026-12-30')).toBe('Y2612-001');
    expect(await make('2026-12-31')).toBe('Y2612-002');
    expect(await make('2027-01-02')).toBe('Y2701-001');
    const bad = await post('/api/v1/numbering-sequences', { name: 'Bad', pattern: '{YYYY}' });
    expect(bad.body.error.details.fields[0].loc).toBe('body.pattern');
  });
});

describe('editing drafts', () => {
  test('PATCH: omitted unchanged, value set, null cleared; totals recomputed; null on a required field is 422', async () => {
    const doc = await makeDocument(server, account, parties, {
      notes: 'Thanks',
      payment: { instructions: 'IBAN DE00' },
    });
    const res = await patch(doc.id, {
      due_date: null,
      notes: null,
      line_items: [{ name: 'One', quantity: '3', unit_price: '0.333' }],
    });
    expect(res.status).toBe(200);
    const updated = res.body.data;
    expect(updated.due_date).toBeNull();
    expect(updated.data.notes).toBeUndefined();
    expect(updated.data.payment).toEqual({ instructions: 'IBAN DE00' });
    expect(updated.totals.total.amount).toBe('1.00');
    expect(updated.number).toBe(doc.number);
    for (const field of ['number', 'issue_date', 'currency', 'line_items', 'customer_id']) {
      const nulled = await patch(doc.id, { [field]: null });
      expect(nulled.status).toBe(422);
      expect(nulled.body.error.details.fields[0].loc).toBe(`body.${field}`);
    }
    const unknown = await patch(doc.id, { status: 'paid' });
    expect(unknown.body.error.details.fields[0]).toMatchObject({
      loc: 'body.status',
      type: 'extra_forbidden',
    });
  });

  test('finalized documents are immutable: PATCH and DELETE are 409', async () => {
    const doc = await makeDocument(server, account, parties, {}, ['finalize']);
    expect((await patch(doc.id, { notes: 'late' })).status).toBe(409);
    const del = await server.json(`/api/v1/documents/${doc.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.status).toBe(409);
    expect((await get(doc.id)).status).toBe(200);
  });

  test('DELETE of a draft answers {data: true} and the number is free again', async () => {
    const doc = await makeDocument(server, account, parties, { number: 'DEL-1' });
    const del = await server.json(`/api/v1/documents/${doc.id}`, { method: 'DELETE', key: account.apiKey });
    expect(del.body).toEqual({ data: true });
    expect((await get(doc.id)).status).toBe(404);
    expect((await post('/api/v1/documents', documentBody(parties, { number: 'DEL-1' }))).status).toBe(200);
  });

  test('duplicate makes a new draft with a fresh id and a free number', async () => {
    const doc = await makeDocument(server, account, parties, { number: 'ORIG-1' }, ['finalize', 'mark-sent']);
    const copy = await post(`/api/v1/documents/${doc.id}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({
      status: 'draft',
      number: 'ORIG-1-copy',
      finalized_at: null,
      sent_at: null,
    });
    expect(copy.body.data.id).not.toBe(doc.id);
    expect(copy.body.data.totals).toEqual(doc.totals);
    const again = await post(`/api/v1/documents/${doc.id}/duplicate`);
    expect(again.body.data.number).toBe('ORIG-1-copy-2');
  });
});

describe('finalize freezes', () => {
  test('later changes to the profile or customer do not alter a finalized document; drafts follow them', async () => {
    const own = await makeParties(server, account);
    const finalized = await makeDocument(server, account, own, {}, ['finalize']);
    const draft = await makeDocument(server, account, own);
    const renamed = await server.json(`/api/v1/customers/${own.customerId}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { name: 'Acme Renamed plc' },
    });
    expect(renamed.status).toBe(200);
    expect((await get(finalized.id)).body.data.data.buyer.name).toBe('Acme Ltd');
    expect((await get(finalized.id)).body.data.totals).toEqual(finalized.totals);
    expect((await get(draft.id)).body.data.data.buyer.name).toBe('Acme Renamed plc');
  });
});

describe('lists and isolation', () => {
  test('filters by type, status, customer and updated_since', async () => {
    const own = await makeParties(server, account);
    const quote = await makeDocument(server, account, own, { document_type: 'quote' }, ['finalize']);
    const inv = await makeDocument(server, account, own);
    const byCustomer = await server.json(`/api/v1/documents?customer_id=${own.customerId}`, {
      key: account.apiKey,
    });
    expect(byCustomer.body.data.map((d: { id: string }) => d.id)).toEqual([inv.id, quote.id]);
    const quotes = await server.json(`/api/v1/documents?customer_id=${own.customerId}&document_type=quote`, {
      key: account.apiKey,
    });
    expect(quotes.body.data.map((d: { id: string }) => d.id)).toEqual([quote.id]);
    const finalized = await server.json(`/api/v1/documents?customer_id=${own.customerId}&status=finalized`, {
      key: account.apiKey,
    });
    expect(finalized.body.data.map((d: { id: string }) => d.id)).toEqual([quote.id]);
    const since = await server.json(`/api/v1/documents?updated_since=${encodeURIComponent(inv.updated_at)}`, {
      key: account.apiKey,
    });
    expect(since.body.data.map((d: { id: string }) => d.id)).toContain(inv.id);
    expect(since.body.data.map((d: { id: string }) => d.id)).not.toContain(quote.id);
    const badStatus = await server.json('/api/v1/documents?status=lost', { key: account.apiKey });
    expect(badStatus.body.error.details.fields[0].loc).toBe('query.status');
  });

  test('filters by issue date, both ends included; a malformed date is 422 at the query field', async () => {
    const own = await makeParties(server, account);
    const ids = async (query: string) =>
      (
        await server.json(`/api/v1/documents?customer_id=${own.customerId}&${query}`, { key: account.apiKey })
      ).body.data.map((d: { id: string }) => d.id);
    const early = await makeDocument(server, account, own, { issue_date: '2026-01-31' });
    const middle = await makeDocument(server, account, own, { issue_date: '2026-02-01' });
    const late = await makeDocument(server, account, own, { issue_date: '2026-02-28' });
    expect(await ids('issued_from=2026-02-01')).toEqual([late.id, middle.id]);
    expect(await ids('issued_to=2026-02-01')).toEqual([middle.id, early.id]);
    expect(await ids('issued_from=2026-02-01&issued_to=2026-02-01')).toEqual([middle.id]);
    expect(await ids('issued_from=2026-03-01')).toEqual([]);
    const bad = await server.json('/api/v1/documents?issued_from=01.02.2026', { key: account.apiKey });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('query.issued_from');
  });

  test("another account's documents are 404 for every operation and absent from lists", async () => {
    const doc = await makeDocument(server, account, parties);
    const other = await makeAccount(server);
    const calls = [
      get(doc.id, other.apiKey),
      server.json(`/api/v1/documents/${doc.id}`, {
        method: 'PATCH',
        key: other.apiKey,
        body: { notes: 'x' },
      }),
      server.json(`/api/v1/documents/${doc.id}`, { method: 'DELETE', key: other.apiKey }),
      post(`/api/v1/documents/${doc.id}/duplicate`, undefined, other.apiKey),
      post(`/api/v1/documents/${doc.id}/finalize`, undefined, other.apiKey),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const list = await server.json('/api/v1/documents', { key: other.apiKey });
    expect(list.body.data).toEqual([]);
    const foreignRefs = await post('/api/v1/documents', documentBody(parties), other.apiKey);
    const locs = foreignRefs.body.error.details.fields.map((f: { loc: string }) => f.loc).sort();
    expect(locs).toEqual(['body.business_profile_id', 'body.customer_id']);
    expect((await get(doc.id)).body.data.status).toBe('draft');
  });
});
