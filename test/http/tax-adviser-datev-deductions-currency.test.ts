// DATEV of a Schlussrechnung in US dollars that deducts its Abschläge by reference: each Abschlag was
// booked at its own rate to the euro (its tax_currency.exchange_rate, months earlier). Booked back at the
// final invoice's rate, the euro amounts taken back differ from those booked (1,190.00 USD at 0.90 was
// 1,071.00 EUR, at 0.95 it comes back as 1,130.50 EUR). Each is booked back at its own rate, as it was booked.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const clock = new FakeClock(new Date('2026-12-20T08:00:00.000Z'));
const VAT = [{ name: 'VAT', rate: '19', category: 'S' }];
const usd = (rate: string) => ({ currency: 'USD', tax_currency: { currency: 'EUR', exchange_rate: rate } });

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  const settings = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: { consultant_number: 29098, client_number: 55003 },
  });
  expect(settings.status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, { legal_name: 'Müller Bau GmbH' });
  const customer = await makeCustomer(server, firm, { name: 'Huber Wohnbau GmbH' });
  const parties = { profileId: profile.id, customerId: customer.id };
  const line = [{ name: 'Abschlag', quantity: '1', unit_price: '1000.00', taxes: VAT }];
  const invoice = (number: string, date: string, more: Record<string, unknown>) =>
    makeDocument(
      server,
      firm,
      parties,
      { number, issue_date: date, due_date: '2026-12-31', tax_scheme: 'VAT', ...more },
      ['finalize'],
    );
  const first = await invoice('AR-2026-1', '2026-10-05', {
    type_code: '875',
    line_items: line,
    ...usd('0.90'),
  });
  const second = await invoice('AR-2026-2', '2026-11-05', {
    type_code: '875',
    line_items: line,
    ...usd('0.92'),
  });
  await invoice('SR-2026-1', '2026-12-07', {
    type_code: '877',
    deducted_invoices: [first.id, second.id],
    line_items: [{ name: 'Rohbau', quantity: '1', unit_price: '5000.00', taxes: VAT }],
    ...usd('0.95'),
  });
});
afterAll(() => server.stop());

const PICK = ['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz'];

async function bookingsOf(number: string): Promise<string[][]> {
  const res = await server.request('/api/v1/exports/datev?from=2026-10-01&to=2026-12-31', {
    key: firm.apiKey,
  });
  expect(res.status).toBe(200);
  const file = readDatev(new Uint8Array(await res.arrayBuffer()));
  for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
  return file.rows
    .filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === number)
    .map((row) => PICK.map((column) => file.value(row, column) ?? ''));
}

describe('DATEV books a foreign-currency Abschlag back at its own rate', () => {
  test('each "Anzahlungen" booking at the rate its Abschlag was booked at, not the final invoice’s', async () => {
    expect(await bookingsOf('SR-2026-1')).toEqual([
      ['5950,00', 'S', 'USD', '1,052632', '5652,50'],
      ['1190,00', 'H', 'USD', '1,111111', '1071,00'],
      ['1190,00', 'H', 'USD', '1,086957', '1094,80'],
    ]);
  });

  test('what each Abschlag booked, the final invoice books back: the same euros', async () => {
    const booked: string[][] = [];
    for (const number of ['AR-2026-1', 'AR-2026-2'])
      for (const [amount, side, ...rest] of await bookingsOf(number)) {
        expect(side).toBe('S');
        booked.push([amount ?? '', 'H', ...rest]);
      }
    expect((await bookingsOf('SR-2026-1')).slice(1)).toEqual(booked);
  });
});
