import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// Mid-year, on the service's clock: the years below are its, whenever the test runs (New Year's Eve too).
const clock = new FakeClock(new Date('2026-07-15T10:00:00.000Z'));
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ clock });
});
afterAll(() => server.stop());

// A five-person web agency in Hamburg moves mid-year from Invoice Ninja and lexoffice: its invoice history
// comes in as a documents CSV (newest first, as those tools export it), and numbering goes on after it.

const YEAR = clock.now().toISOString().slice(0, 4);
const LAST_YEAR = String(Number(YEAR) - 1);

async function importHistory(account: TestAccount, numbers: { number: string; date: string }[]) {
  const biz = await makeBusinessProfile(server, account, { legal_name: 'Agentur Nord GmbH' });
  const weber = await makeCustomer(server, account, { name: 'Weber KG' });
  const head =
    'number;issue_date;currency;business_profile_id;customer_id;line.name;line.quantity;line.unit_price;line.tax_rate';
  const rows = numbers.map(
    ({ number, date }) => `${number};${date};EUR;${biz.id};${weber.id};Webdesign;10;95,00;19`,
  );
  const created = await server.json('/api/v1/imports', {
    method: 'POST',
    key: account.apiKey,
    body: { source_format: 'csv', resource: 'documents', data: [head, ...rows] },
  });
  expect(created.body.data).toMatchObject({ status: 'pending', errors: null });
  const done = await server.json(`/api/v1/imports/${created.body.data.id}/confirm`, {
    method: 'POST',
    key: account.apiKey,
  });
  expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: numbers.length });
  return { biz, weber };
}

const invoice = (biz: { id: string }, customer: { id: string }, sequence: string, date: string) => ({
  document_type: 'invoice',
  numbering_sequence_id: sequence,
  issue_date: date,
  currency: 'EUR',
  business_profile_id: biz.id,
  customer_id: customer.id,
  line_items: [
    { name: 'Wartung', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
});

describe('a numbering sequence set up after the history was imported', () => {
  test('starts after the last number of this year, not in a gap the old tool left', async () => {
    const account = await makeAccount(server);
    // RE-…-0146 was deleted in the old tool and is not in the export; RE-…-0147 is the last invoice.
    const { biz, weber } = await importHistory(account, [
      { number: `RE-${YEAR}-0147`, date: `15.06.${YEAR}` },
      { number: `RE-${YEAR}-0145`, date: `10.06.${YEAR}` },
      { number: `RE-${YEAR}-0001`, date: `03.01.${YEAR}` },
      { number: `RE-${LAST_YEAR}-0212`, date: `20.12.${LAST_YEAR}` },
      { number: `RE-${LAST_YEAR}-0001`, date: `05.01.${LAST_YEAR}` },
    ]);
    const seq = await server.json('/api/v1/numbering-sequences', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Rechnungen', prefix: 'RE-', reset: 'yearly' },
    });
    expect(seq.status).toBe(200);
    expect(seq.body.data.next_preview).toBe(`RE-${YEAR}-0148`);
    const doc = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: invoice(biz, weber, seq.body.data.id, `${YEAR}-07-01`),
    });
    expect(doc.status).toBe(200);
    expect(doc.body.data.number).toBe(`RE-${YEAR}-0148`);
    // December's invoice written late continues last year's numbers.
    const late = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: invoice(biz, weber, seq.body.data.id, `${LAST_YEAR}-12-30`),
    });
    expect(late.body.data.number).toBe(`RE-${LAST_YEAR}-0213`);
    const read = await server.json(`/api/v1/numbering-sequences/${seq.body.data.id}`, {
      key: account.apiKey,
    });
    expect(read.body.data).toMatchObject({ next_number: 149, next_preview: `RE-${YEAR}-0149` });
  });

  test('one that never resets continues last year; a next_number given is kept', async () => {
    const account = await makeAccount(server);
    const { biz, weber } = await importHistory(account, [
      { number: `AR-${LAST_YEAR}-0042`, date: `20.12.${LAST_YEAR}` },
      { number: `AR-${LAST_YEAR}-0041`, date: `10.12.${LAST_YEAR}` },
    ]);
    const never = await server.json('/api/v1/numbering-sequences', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Fortlaufend', prefix: 'AR-' },
    });
    expect(never.body.data).toMatchObject({ next_number: 43, next_preview: `AR-${YEAR}-0043` });
    const doc = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: invoice(biz, weber, never.body.data.id, `${YEAR}-07-01`),
    });
    expect(doc.body.data.number).toBe(`AR-${YEAR}-0043`);
    const given = await server.json('/api/v1/numbering-sequences', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Von Hand', prefix: 'AR-', next_number: 500 },
    });
    expect(given.body.data).toMatchObject({ next_number: 500, next_preview: `AR-${YEAR}-0500` });
    const fresh = await server.json('/api/v1/numbering-sequences', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Gutschriften', prefix: 'GS-', reset: 'yearly' },
    });
    expect(fresh.body.data).toMatchObject({ next_number: 1, next_preview: `GS-${YEAR}-0001` });
  });

  test('a number typed past any counter is no history to continue; a yearly sequence naming no year starts at 1', async () => {
    const account = await makeAccount(server);
    await importHistory(account, [
      { number: `HX-${YEAR}-99999999999999999999`, date: `02.01.${YEAR}` },
      { number: `HX-${YEAR}-0007`, date: `03.01.${YEAR}` },
      { number: 'OY-0031', date: `04.01.${LAST_YEAR}` },
    ]);
    // The 20-digit counter would not fit next_number (a 500 on PostgreSQL, a float on SQLite that never
    // moves on): the history continued is the rest.
    const huge = await server.json('/api/v1/numbering-sequences', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'HX', prefix: 'HX-' },
    });
    expect(huge.status).toBe(200);
    expect(huge.body.data).toMatchObject({ next_number: 8, next_preview: `HX-${YEAR}-0008` });
    const noYear = await server.json('/api/v1/numbering-sequences', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'OY', prefix: 'OY-', pattern: '{NNNN}', reset: 'yearly' },
    });
    expect(noYear.body.data).toMatchObject({ next_number: 1 });
  });
});
