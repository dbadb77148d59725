// Durchlaufende Posten in DATEV: court fees a lawyer paid for the client, a fee collected for an authority
// (XRechnung's third-party payments, BG-DEX-09) are no revenue and carry no VAT, but the customer pays them
// with the invoice (its amount due). The export booked the total only, so the debtor account was charged
// less than the customer pays and the payment left an open item; now they are booked against the chart's
// account of durchlaufende Posten (SKR03 1590, SKR04 1370), issued and received alike, reversed on a Storno.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, type DatevFile, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const clock = new FakeClock(new Date('2026-10-20T08:00:00.000Z'));
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });
const VAT = [{ name: 'USt', rate: '19', category: 'S' }];
const COURT_FEES = [{ type: 'Gerichtskosten', amount: '120.00', description: 'Gerichtskostenvorschuss' }];

async function datev(query: string) {
  const res = await server.request(`/api/v1/exports/datev?${query}`, { key: firm.apiKey });
  expect(res.status).toBe(200);
  return readDatev(new Uint8Array(await res.arrayBuffer()));
}

/** Per document number: [Umsatz, Soll/Haben, Konto, Gegenkonto, BU-Schlüssel, Buchungstext] of its bookings. */
const bookingsOf = (file: DatevFile, number: string) =>
  file.rows
    .filter((row) => file.value(row, 'Belegfeld 1') === number)
    .map((row) =>
      [
        'Umsatz (ohne Soll/Haben-Kz)',
        'Soll/Haben-Kennzeichen',
        'Konto',
        'Gegenkonto (ohne BU-Schlüssel)',
        'BU-Schlüssel',
        'Buchungstext',
      ].map((column) => file.value(row, column)),
    );

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  const numbers = { consultant_number: 29098, client_number: 55003 };
  expect((await call('PUT', '/api/v1/settings/accounting', numbers)).status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Kanzlei Recht GmbH',
    tax_id: 'DE123456789',
    address: { line1: 'Markt 1', city: 'Leipzig', postal_code: '04109', country: 'DE' },
  });
  const customer = await makeCustomer(server, firm, { name: 'Mandant AG' });
  const parties = { profileId: profile.id, customerId: customer.id };
  const invoice = (number: string) =>
    makeDocument(
      server,
      firm,
      parties,
      {
        number,
        issue_date: '2026-10-05',
        tax_scheme: 'VAT',
        line_items: [{ name: 'Beratung', quantity: '1', unit_price: '500.00', taxes: VAT }],
        third_party_payments: COURT_FEES,
      },
      ['finalize'],
    );
  await invoice('RE-2026-1');
  const cancelled = await invoice('RE-2026-2');
  expect((await call('POST', `/api/v1/documents/${cancelled.id}/void`)).status).toBe(200);

  // The same kind of invoice received from a supplier as XRechnung: the expense side alike.
  const supplier = await makeAccount(server);
  const own = await makeBusinessProfile(server, supplier, {
    legal_name: 'Gutachter Ost GmbH',
    email: 'rechnung@gutachter.example',
    tax_id: 'DE987654321',
    address: { line1: 'Ring 2', city: 'Halle', postal_code: '06108', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000' },
  });
  const firmAsBuyer = await makeCustomer(server, supplier, {
    name: 'Kanzlei Recht GmbH',
    email: 'ap@kanzlei.example',
    billing_address: { line1: 'Markt 1', city: 'Leipzig', postal_code: '04109', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE123456789' },
  });
  const sent = await makeDocument(
    server,
    supplier,
    { profileId: own.id, customerId: firmAsBuyer.id },
    {
      number: 'GA-2026-7',
      issue_date: '2026-10-06',
      delivery_date: '2026-10-02',
      tax_scheme: 'VAT',
      buyer_reference: 'Akte 4711',
      customization_id:
        'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0',
      line_items: [{ name: 'Gutachten', quantity: '1', unit_price: '1000.00', taxes: VAT }],
      third_party_payments: [{ type: 'Gebühr', amount: '35.50', description: 'Registerauskunft' }],
    },
    ['finalize'],
  );
  const xml = await (
    await server.request(`/api/v1/documents/${sent.id}/xml?profile=xrechnung_ubl`, { key: supplier.apiKey })
  ).text();
  expect(xml).toContain('Registerauskunft');
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${firm.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(res.status).toBe(201);
}, 60_000);
afterAll(async () => await server.stop());

describe('third-party payments (durchlaufende Posten) in DATEV', () => {
  test('issued: the debtor is charged what the customer pays, the fees on 1590 without VAT; the Storno too', async () => {
    const file = await datev('from=2026-10-01&to=2026-10-31');
    for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    expect(bookingsOf(file, 'RE-2026-1')).toEqual([
      ['595,00', 'S', '10000', '8400', '', 'Mandant AG'],
      ['120,00', 'S', '10000', '1590', '', 'Durchlaufende Posten Mandant AG'],
    ]);
    // Issued and cancelled in October: both bookings, then both the other way round.
    expect(bookingsOf(file, 'RE-2026-2')).toEqual([
      ['595,00', 'S', '10000', '8400', '', 'Mandant AG'],
      ['120,00', 'S', '10000', '1590', '', 'Durchlaufende Posten Mandant AG'],
      ['595,00', 'H', '10000', '8400', '', 'Storno Mandant AG'],
      ['120,00', 'H', '10000', '1590', '', 'Durchlaufende Posten Storno Mandant AG'],
    ]);
  });

  test('received: the creditor is owed what the supplier asks, the fees on 1590', async () => {
    const file = await datev('from=2026-10-01&to=2026-10-31&kind=received');
    for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    expect(bookingsOf(file, 'GA-2026-7')).toEqual([
      ['1190,00', 'H', '70000', '3400', '', 'Gutachter Ost GmbH'],
      ['35,50', 'H', '70000', '1590', '', 'Durchlaufende Posten Gutachter Ost GmbH'],
    ]);
  });

  test('SKR04: the fees on 1370', async () => {
    const numbers = { chart: 'SKR04', consultant_number: 29098, client_number: 55003 };
    expect((await call('PUT', '/api/v1/settings/accounting', numbers)).status).toBe(200);
    const file = await datev('from=2026-10-01&to=2026-10-31');
    expect(bookingsOf(file, 'RE-2026-1')).toEqual([
      ['595,00', 'S', '10000', '4400', '', 'Mandant AG'],
      ['120,00', 'S', '10000', '1370', '', 'Durchlaufende Posten Mandant AG'],
    ]);
  });
});
