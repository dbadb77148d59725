// A Bauunternehmen's Schlussrechnung deducts its Abschlagsrechnungen by reference with their invoiced
// totals, paid or not (docs/documents.md). Before finalizing, the service says which of them is not fully
// paid yet (`deducted_invoice_unpaid`, finalize-check and finalize-notices): the firm deducts money it has
// not received. Paid since, the notice goes; it never stops finalize.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const ids: Record<string, string> = {};
const VAT = [{ name: 'VAT', rate: '19', category: 'S' }];

type Notice = { code: string; field: string; message: string };

async function pay(id: string, amount: string) {
  const res = await server.json(`/api/v1/documents/${id}/payments`, {
    method: 'POST',
    key: firm.apiKey,
    body: { amount, date: '2026-11-20', method: 'bank_transfer' },
  });
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
}

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  firm = await makeAccount(server);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Müller Bau GmbH',
    tax_number: '30/123/45678',
    address: { line1: 'Friedrichstraße 10', city: 'Berlin', postal_code: '10117', country: 'DE' },
  });
  const customer = await makeCustomer(server, firm, {
    name: 'Huber Wohnbau GmbH',
    billing_address: { line1: 'Leopoldstraße 5', city: 'München', postal_code: '80802', country: 'DE' },
  });
  const parties = { profileId: profile.id, customerId: customer.id };
  const line = [{ name: 'Abschlag Rohbau', quantity: '1', unit_price: '1000.00', taxes: VAT }];
  for (const n of [1, 2, 3]) {
    const body = { number: `AR-2026-${n}`, issue_date: '2026-10-05', type_code: '875', line_items: line };
    ids[`ar${n}`] = (await makeDocument(server, firm, parties, body, ['finalize'])).id;
  }
  await pay(ids.ar1 as string, '500.00');
  await pay(ids.ar2 as string, '1190.00');
  ids.final = (
    await makeDocument(server, firm, parties, {
      number: 'SR-2026-1',
      issue_date: '2026-12-01',
      type_code: '877',
      deducted_invoices: [ids.ar1, ids.ar2, ids.ar3],
      line_items: [{ name: 'Rohbau', quantity: '1', unit_price: '5000.00', taxes: VAT }],
    })
  ).id;
}, 60_000);
afterAll(async () => await server.stop());

async function notices(): Promise<Notice[]> {
  const res = await server.json(`/api/v1/documents/${ids.final}/finalize-notices`, { key: firm.apiKey });
  expect(res.status).toBe(200);
  return res.body.data.notices;
}

describe('a Schlussrechnung deducting Abschläge not fully paid', () => {
  test('each one not fully paid is named, with what came in and what is still due', async () => {
    const found = await notices();
    expect(found.map((n) => `${n.code} ${n.field}`)).toEqual([
      'deducted_invoice_unpaid data.deductions.0',
      'deducted_invoice_unpaid data.deductions.2',
    ]);
    expect(found[0]?.message).toContain('AR-2026-1 is not fully paid (500.00 EUR received, 690.00 still due');
    expect(found[1]?.message).toContain('AR-2026-3 is not fully paid (0.00 EUR received, 1190.00 still due');
    expect(found[0]?.message).toContain('§ 14 Abs. 5 Satz 2 UStG');
    // finalize-check answers the same notices.
    const check = await server.json(`/api/v1/documents/${ids.final}/finalize-check`, {
      method: 'POST',
      key: firm.apiKey,
    });
    expect(check.status).toBe(200);
    expect(check.body.data.notices).toEqual(found);
  });

  test('paid since, its notice goes; one still unpaid does not stop finalize', async () => {
    await pay(ids.ar1 as string, '690.00');
    expect((await notices()).map((n) => n.field)).toEqual(['data.deductions.2']);
    const res = await server.json(`/api/v1/documents/${ids.final}/finalize`, {
      method: 'POST',
      key: firm.apiKey,
    });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
  });
});
