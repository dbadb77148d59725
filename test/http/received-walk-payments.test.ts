// A bookkeeper's walk through payments on a received invoice: a payment dated on no day of the calendar
// (2026-02-30, a typo a person makes) is refused with a 422 naming body.date, as every other date of the API
// is, and nothing is recorded.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

let server: TestServer;
let account: TestAccount;
const ubl = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'));

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

describe('a payment on a received invoice', () => {
  test('dated on no day of the calendar is a 422 at body.date, and nothing is recorded', async () => {
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: new Uint8Array(ubl),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const path = `/api/v1/received-documents/${id}/payments`;
    for (const date of ['2026-02-30', '2026-13-01', '2025-02-29']) {
      const bad = await server.json(path, {
        method: 'POST',
        key: account.apiKey,
        body: { amount: '10.00', date },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.error.details.fields[0].loc).toBe('body.date');
    }
    // With a Skonto deducted alike.
    const withDiscount = await server.json(path, {
      method: 'POST',
      key: account.apiKey,
      body: { amount: '300.00', discount: '6.00', date: '2026-02-30' },
    });
    expect(withDiscount.status).toBe(422);
    expect((await server.json(path, { key: account.apiKey })).body.data).toEqual([]);
    const good = await server.json(path, {
      method: 'POST',
      key: account.apiKey,
      body: { amount: '10.00', date: '2024-02-29' },
    });
    expect(good.status).toBe(201);
    expect(good.body.data.date).toBe('2024-02-29');
  });
});

// The supplier's Skonto terms after a part was paid: 2 % within 7 days of 2016-06-27 on 2594.20 is 51.88 off,
// so with 1000.00 paid a payment by then is 1542.32, not the 2542.32 the invoice asked before anything was
// paid (a bookkeeper reading "Pay 2,542.32 by 4 Jul 2016" under "Still due 1,594.20" would overpay).
const SKONTO = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.10a-INVOICE_ubl.xml'));

describe('Skonto on a partly paid received invoice', () => {
  test('each term asks what is still due less its discount; nothing once that is not above zero', async () => {
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: new Uint8Array(SKONTO),
    });
    expect(res.status).toBe(201);
    const doc = ((await res.json()) as { data: { id: string; amount_due: string } }).data;
    expect(doc.amount_due).toBe('2594.20');
    const path = `/api/v1/received-documents/${doc.id}`;
    const paid = await server.json(`${path}/payments`, {
      method: 'POST',
      key: account.apiKey,
      body: { amount: '1000.00', date: '2016-06-30' },
    });
    expect(paid.status).toBe(201);
    const after = (await server.json(path, { key: account.apiKey })).body.data;
    expect(after.amount_due).toBe('1594.20');
    expect(after.payment.early_payment_discounts).toEqual([
      { days: 7, percent: '2.00', base_amount: null, pay_by: '2016-07-04', amount: '1542.32' },
      { days: 14, percent: '1.00', base_amount: null, pay_by: '2016-07-11', amount: '1568.26' },
    ]);
    // That amount with its discount settles it, as the terms say.
    const rest = await server.json(`${path}/payments`, {
      method: 'POST',
      key: account.apiKey,
      body: { amount: '1542.32', discount: '51.88', date: '2016-07-01' },
    });
    expect(rest.status).toBe(201);
    const settled = (await server.json(path, { key: account.apiKey })).body.data;
    expect(settled).toMatchObject({ status: 'paid', amount_due: '0.00' });
    // Paid: no payment is asked any more.
    expect(
      settled.payment.early_payment_discounts.map((term: { amount: string | null }) => term.amount),
    ).toEqual([null, null]);
  });
});
