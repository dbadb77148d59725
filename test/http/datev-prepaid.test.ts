// A final invoice in DATEV: its partial invoices were booked as revenue when they were issued, so the
// final invoice books its full amount and, the other way round on the same accounts, what was paid in
// advance (BT-113, "Anzahlungen …"): the revenue and VAT of the work are counted once, and the debtor is
// left with what the final invoice asks to pay. The first release booked the full amount only, counting
// the partial invoices twice. A plain invoice's prepaid amount (paid at the checkout, a deposit nobody
// invoiced) was booked by nobody before: it is not booked back.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, type DatevFile, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const clock = new FakeClock(new Date('2026-10-01T08:00:00.000Z'));
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });

const VAT = (rate: string) => [{ name: 'VAT', rate, category: 'S' }];
let finalId = '';

async function datev(query: string) {
  const res = await server.request(`/api/v1/exports/datev?${query}`, { key: firm.apiKey });
  expect(res.status).toBe(200);
  return readDatev(new Uint8Array(await res.arrayBuffer()));
}

/** Per document number: [Umsatz, Soll/Haben, Gegenkonto, Buchungstext] of each of its bookings. */
const bookingsOf = (file: DatevFile, number: string) =>
  file.rows
    .filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === number)
    .map((row) => [
      file.value(row, 'Umsatz (ohne Soll/Haben-Kz)'),
      file.value(row, 'Soll/Haben-Kennzeichen'),
      file.value(row, 'Gegenkonto (ohne BU-Schlüssel)'),
      file.value(row, 'Buchungstext'),
    ]);

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  const numbers = { consultant_number: 29098, client_number: 55003 };
  expect((await call('PUT', '/api/v1/settings/accounting', numbers)).status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, { legal_name: 'Dachbau Kühn GmbH' });
  const customer = await makeCustomer(server, firm, { name: 'Wohnbau Elbe GmbH' });
  const parties = { profileId: profile.id, customerId: customer.id };
  const invoice = (number: string, more: Record<string, unknown>, taxes = VAT('19')) =>
    makeDocument(
      server,
      firm,
      parties,
      {
        number,
        issue_date: '2026-10-05',
        tax_scheme: 'VAT',
        line_items: [{ name: 'Dacharbeiten', quantity: '1', unit_price: '10000.00', taxes }],
        ...more,
      },
      ['finalize'],
    );
  // Abschlagsrechnung 10,000.00 + 1,900.00; the Schlussrechnung over 30,000.00 + 5,700.00 deducts its payment.
  const partial = await invoice('AR-2026-1', { type_code: '875' });
  const final = await invoice('SR-2026-1', {
    type_code: '877',
    prepaid_amount: '11900.00',
    line_items: [{ name: 'Dacharbeiten', quantity: '1', unit_price: '30000.00', taxes: VAT('19') }],
  });
  finalId = final.id;
  // Two rates: what was paid is booked back in proportion to each rate's gross (11,900 and 1,070).
  await invoice('SR-2026-2', {
    type_code: '877',
    prepaid_amount: '1000.00',
    line_items: [
      { name: 'Dacharbeiten', quantity: '1', unit_price: '10000.00', taxes: VAT('19') },
      { name: 'Fachbuch', quantity: '1', unit_price: '1000.00', taxes: VAT('7') },
    ],
  });
  // More paid than the final invoice's total: booked back whole (the debtor shows what is owed back).
  await invoice('SR-2026-3', { type_code: '877', prepaid_amount: '12000.00' });
  // A plain invoice paid at the checkout (or a deposit nobody invoiced): nothing was booked before.
  const deposit = await invoice('RE-2026-9', { prepaid_amount: '11900.00' });
  // Their corrections (credit notes as the console makes them, the invoice's data copied): each books back
  // what the invoice it corrects booked back, and nothing where that invoice did not.
  const corrected = await invoice('SR-2026-5', {
    type_code: '877',
    prepaid_amount: '11900.00',
    line_items: [{ name: 'Dacharbeiten', quantity: '1', unit_price: '30000.00', taxes: VAT('19') }],
  });
  for (const [number, source, price] of [
    ['GS-2026-1', corrected.id, '30000.00'],
    ['GS-2026-2', deposit.id, '10000.00'],
  ] as const) {
    await makeDocument(
      server,
      firm,
      parties,
      {
        document_type: 'credit_note',
        number,
        issue_date: '2026-10-05',
        tax_scheme: 'VAT',
        source_document_id: source,
        prepaid_amount: '11900.00',
        line_items: [{ name: 'Dacharbeiten', quantity: '1', unit_price: price, taxes: VAT('19') }],
      },
      ['finalize'],
    );
  }
  // A commercial invoice that names the partial invoice it follows (BG-3): a final invoice outside the
  // construction codes, booked back; a corrected invoice (384) naming the one it corrects is not.
  await invoice('RE-2026-10', {
    prepaid_amount: '1190.00',
    preceding_invoice: { number: 'TR-2026-1', issue_date: '2026-09-01' },
  });
  // The invoice it follows stored here (its source, its BG-3): the same.
  await invoice('RE-2026-11', { prepaid_amount: '1190.00', source_document_id: partial.id });
  await invoice('RK-2026-1', {
    type_code: '384',
    prepaid_amount: '1190.00',
    preceding_invoice: { number: 'RE-2026-3', issue_date: '2026-09-01' },
  });

  // A subcontractor's Schlussrechnung to the firm, received as XRechnung: booked on the expense side alike.
  const subcontractor = await makeAccount(server);
  const own = await makeBusinessProfile(server, subcontractor, {
    legal_name: 'Klempnerei Ost GmbH',
    email: 'rechnung@klempnerei.example',
    tax_id: 'DE987654321',
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000' },
  });
  const firmAsBuyer = await makeCustomer(server, subcontractor, {
    name: 'Dachbau Kühn GmbH',
    email: 'ap@dachbau.example',
    electronic_address: { scheme: '9930', value: 'DE123456789' },
  });
  const received = await makeDocument(
    server,
    subcontractor,
    { profileId: own.id, customerId: firmAsBuyer.id },
    {
      number: 'KO-2026-5',
      issue_date: '2026-10-06',
      delivery_date: '2026-10-02',
      tax_scheme: 'VAT',
      type_code: '877',
      buyer_reference: 'BV Elbufer',
      prepaid_amount: '1190.00',
      line_items: [{ name: 'Dachrinnen', quantity: '1', unit_price: '3000.00', taxes: VAT('19') }],
    },
    ['finalize'],
  );
  const xml = await (
    await server.request(`/api/v1/documents/${received.id}/xml?profile=xrechnung_ubl`, {
      key: subcontractor.apiKey,
    })
  ).text();
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${firm.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(res.status).toBe(201);
}, 60_000);
afterAll(async () => await server.stop());

describe('what a final invoice deducts, in DATEV', () => {
  test('booked back on the revenue account the other way round: the work and its VAT counted once', async () => {
    const file = await datev('from=2026-10-01&to=2026-10-31');
    for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    expect(bookingsOf(file, 'AR-2026-1')).toEqual([['11900,00', 'S', '8400', 'Wohnbau Elbe GmbH']]);
    expect(bookingsOf(file, 'SR-2026-1')).toEqual([
      ['35700,00', 'S', '8400', 'Wohnbau Elbe GmbH'],
      ['11900,00', 'H', '8400', 'Anzahlungen Wohnbau Elbe GmbH'],
    ]);
    // 1,000.00 over 11,900.00 (19 %) and 1,070.00 (7 %): 917.501... and 82.498...; the cent left over goes
    // to the larger remainder: 917.50 and 82.50.
    expect(bookingsOf(file, 'SR-2026-2')).toEqual([
      ['11900,00', 'S', '8400', 'Wohnbau Elbe GmbH'],
      ['1070,00', 'S', '8300', 'Wohnbau Elbe GmbH'],
      ['917,50', 'H', '8400', 'Anzahlungen Wohnbau Elbe GmbH'],
      ['82,50', 'H', '8300', 'Anzahlungen Wohnbau Elbe GmbH'],
    ]);
    expect(bookingsOf(file, 'SR-2026-3')).toEqual([
      ['11900,00', 'S', '8400', 'Wohnbau Elbe GmbH'],
      ['12000,00', 'H', '8400', 'Anzahlungen Wohnbau Elbe GmbH'],
    ]);
    expect(bookingsOf(file, 'RE-2026-9')).toEqual([['11900,00', 'S', '8400', 'Wohnbau Elbe GmbH']]);
    expect(bookingsOf(file, 'GS-2026-1')).toEqual([
      ['35700,00', 'H', '8400', 'Wohnbau Elbe GmbH'],
      ['11900,00', 'S', '8400', 'Anzahlungen Wohnbau Elbe GmbH'],
    ]);
    expect(bookingsOf(file, 'GS-2026-2')).toEqual([['11900,00', 'H', '8400', 'Wohnbau Elbe GmbH']]);
    expect(bookingsOf(file, 'RE-2026-10')).toEqual([
      ['11900,00', 'S', '8400', 'Wohnbau Elbe GmbH'],
      ['1190,00', 'H', '8400', 'Anzahlungen Wohnbau Elbe GmbH'],
    ]);
    expect(bookingsOf(file, 'RE-2026-11')).toEqual([
      ['11900,00', 'S', '8400', 'Wohnbau Elbe GmbH'],
      ['1190,00', 'H', '8400', 'Anzahlungen Wohnbau Elbe GmbH'],
    ]);
    expect(bookingsOf(file, 'RK-2026-1')).toEqual([['11900,00', 'S', '8400', 'Wohnbau Elbe GmbH']]);
  });

  test('a received final invoice: the expense and its input VAT counted once', async () => {
    const file = await datev('from=2026-10-01&to=2026-10-31&kind=received');
    expect(bookingsOf(file, 'KO-2026-5')).toEqual([
      ['3570,00', 'H', '3400', 'Klempnerei Ost GmbH'],
      ['1190,00', 'S', '3400', 'Anzahlungen Klempnerei Ost GmbH'],
    ]);
  });

  test('cancelled, the reversal swaps both', async () => {
    clock.set('2026-11-03T09:00:00.000Z');
    const voided = await call('POST', `/api/v1/documents/${finalId}/void`);
    expect(voided.status).toBe(200);
    const file = await datev('from=2026-11-01&to=2026-11-30');
    expect(bookingsOf(file, 'SR-2026-1')).toEqual([
      ['35700,00', 'H', '8400', 'Storno Wohnbau Elbe GmbH'],
      ['11900,00', 'S', '8400', 'Anzahlungen Storno Wohnbau Elbe GmbH'],
    ]);
  });
});
