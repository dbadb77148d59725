// A received invoice in a foreign currency whose file states no rate to the euro (no BT-6 EUR) made the
// month's DATEV export of received documents a 422, with no way out but rejecting the invoice: the
// bookkeeper now sets the rate the books use (PATCH exchange_rate, the rate of the day it was paid or the
// month's official rate), and the export books it (Kurs, Basis-Umsatz). A euro document and a file that
// states its own rate take none.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const clock = new FakeClock(new Date('2026-10-20T08:00:00.000Z'));
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });
const VAT = [{ name: 'VAT', rate: '19', category: 'S' }];
const received: Record<string, string> = {};

/** An invoice a supplier (another account) issues to the firm, received by the firm as its UBL. */
async function receive(supplier: TestAccount, ids: { profileId: string; customerId: string }, over: object) {
  const sent = await makeDocument(
    server,
    supplier,
    ids,
    {
      issue_date: '2026-10-06',
      delivery_date: '2026-10-02',
      tax_scheme: 'VAT',
      buyer_reference: 'PO 4711',
      line_items: [{ name: 'Consulting', quantity: '1', unit_price: '1000.00', taxes: VAT }],
      ...over,
    },
    ['finalize'],
  );
  const xml = await (
    await server.request(`/api/v1/documents/${sent.id}/xml?profile=xrechnung_ubl`, { key: supplier.apiKey })
  ).text();
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${firm.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  const body = (await res.json()) as { data: { id: string } };
  expect([res.status, JSON.stringify(body).slice(0, 300)]).toEqual([201, expect.any(String)]);
  return body.data.id;
}

beforeAll(async () => {
  server = await startServer({ clock, rulesetsDir: null });
  firm = await makeAccount(server);
  await makeBusinessProfile(server, firm);
  const numbers = { consultant_number: 29098, client_number: 55003 };
  expect((await call('PUT', '/api/v1/settings/accounting', numbers)).status).toBe(200);
  const supplier = await makeAccount(server);
  const own = await makeBusinessProfile(server, supplier, {
    legal_name: 'Northwind GmbH',
    email: 'billing@northwind.example',
    tax_id: 'DE987654321',
    address: { line1: 'Ring 2', city: 'Halle', postal_code: '06108', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000' },
  });
  const buyer = await makeCustomer(server, supplier, {
    name: 'Firm GmbH',
    email: 'ap@firm.example',
    billing_address: { line1: 'Markt 1', city: 'Leipzig', postal_code: '04109', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE123456789' },
  });
  const ids = { profileId: own.id, customerId: buyer.id };
  received.usd = await receive(supplier, ids, { number: 'NW-1', currency: 'USD' });
  received.stated = await receive(supplier, ids, {
    number: 'NW-2',
    currency: 'USD',
    tax_currency: { currency: 'EUR', exchange_rate: '0.9213' },
  });
  received.eur = await receive(supplier, ids, { number: 'NW-3' });
}, 60_000);
afterAll(async () => await server.stop());

describe('a received foreign-currency invoice without its rate to the euro', () => {
  test('the export names it and says how to give the rate; the document shows none', async () => {
    expect(
      (await call('GET', `/api/v1/received-documents/${received.usd}`)).body.data.exchange_rate,
    ).toBeNull();
    // The file's own: BT-111 over BT-110 (its VAT in euros over its VAT in dollars), as parse keeps it.
    expect(
      (await call('GET', `/api/v1/received-documents/${received.stated}`)).body.data.exchange_rate,
    ).toStartWith('0.9213');
    expect(
      (await call('GET', `/api/v1/received-documents/${received.eur}`)).body.data.exchange_rate,
    ).toBeNull();
    const res = await call('GET', '/api/v1/exports/datev?from=2026-10-01&to=2026-10-31&kind=received');
    expect(res.status).toBe(422);
    expect(res.body.error.details.documents).toEqual([{ id: received.usd, number: 'NW-1', currency: 'USD' }]);
    expect(res.body.error.message).toContain('PATCH /api/v1/received-documents/{id} with exchange_rate');
  });

  test('a rate is refused for a euro document, a file stating its own, zero and no number', async () => {
    const patch = (id: string | undefined, exchange_rate: unknown) =>
      call('PATCH', `/api/v1/received-documents/${id}`, { exchange_rate });
    const cases: [string | undefined, unknown, string][] = [
      [received.eur, '1.1', 'not_foreign_currency'],
      [received.stated, '0.95', 'rate_stated'],
      [received.usd, '0', 'greater_than'],
      [received.usd, '0.0000', 'greater_than'],
    ];
    for (const [id, rate, type] of cases) {
      const res = await patch(id, rate);
      expect({ rate, status: res.status }).toEqual({ rate, status: 422 });
      expect(res.body.error.details.fields).toEqual([
        expect.objectContaining({ loc: 'body.exchange_rate', type }),
      ]);
    }
    for (const rate of ['-0.9', '0,92', '1e-3', '', 0.92]) {
      const res = await patch(received.usd, rate);
      expect({ rate, status: res.status }).toEqual({ rate, status: 422 });
      expect(res.body.error.details.fields[0].loc).toBe('body.exchange_rate');
    }
    expect(
      (await call('GET', `/api/v1/received-documents/${received.usd}`)).body.data.exchange_rate,
    ).toBeNull();
  });

  test('set, it is kept without padding zeros and the export books it: WKZ USD, Kurs, Basis-Umsatz in euros', async () => {
    clock.set('2026-11-03T09:15:00.000Z');
    const set = await call('PATCH', `/api/v1/received-documents/${received.usd}`, {
      exchange_rate: '00.92130',
    });
    expect(set.status).toBe(200);
    expect(set.body.data.exchange_rate).toBe('0.9213');
    expect(set.body.data.exchange_rate_source).toBe('set');
    const stated = await call('GET', `/api/v1/received-documents/${received.stated}`);
    expect(stated.body.data.exchange_rate_source).toBe('file');
    const eur = await call('GET', `/api/v1/received-documents/${received.eur}`);
    expect([eur.body.data.exchange_rate, eur.body.data.exchange_rate_source]).toEqual([null, null]);
    const res = await server.request('/api/v1/exports/datev?from=2026-10-01&to=2026-10-31&kind=received', {
      key: firm.apiKey,
    });
    expect(res.status).toBe(200);
    const file = readDatev(new Uint8Array(await res.arrayBuffer()));
    // Erzeugt am: the latest event the file books, the rate's setting here (the receipt before).
    expect(file.header[5]).toBe('20261103091500000');
    const pick = ['Umsatz (ohne Soll/Haben-Kz)', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz'];
    const row = (number: string) => file.rows.filter((r) => file.value(r, 'Belegfeld 1') === number);
    expect(row('NW-1').map((r) => pick.map((c) => file.value(r, c)))).toEqual([
      ['1190,00', 'USD', '1,085423', '1096,35', 'EUR'],
    ]);
    expect(row('NW-2').map((r) => pick.map((c) => file.value(r, c)).slice(0, 2))).toEqual([
      ['1190,00', 'USD'],
    ]);
    expect(file.value(row('NW-2')[0] as string[], 'WKZ Basis-Umsatz')).toBe('EUR');
    // null takes it back: the export refuses again.
    const back = await call('PATCH', `/api/v1/received-documents/${received.usd}`, { exchange_rate: null });
    expect([back.body.data.exchange_rate, back.body.data.exchange_rate_source]).toEqual([null, null]);
    const again = await call('GET', '/api/v1/exports/datev?from=2026-10-01&to=2026-10-31&kind=received');
    expect(again.status).toBe(422);
  });
});
