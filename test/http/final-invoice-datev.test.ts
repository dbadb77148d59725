// DATEV of a Schlussrechnung that deducts its three Abschläge by reference (deducted_invoices): each Abschlag
// was booked with 190.01 VAT; booked back as one sum of 3,570.12, DATEV's automatic account would take back
// 570.02. Each is booked back as its own gross, 1,190.04, so 3 x 190.01 come back.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const clock = new FakeClock(new Date('2026-10-01T08:00:00.000Z'));
const VAT = [{ name: 'VAT', rate: '19', category: 'S' }];
const VAT7 = [{ name: 'VAT', rate: '7', category: 'S' }];
const VAT16 = [{ name: 'VAT', rate: '16', category: 'S' }];

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  const numbers = { consultant_number: 29098, client_number: 55003 };
  const settings = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: numbers,
  });
  expect(settings.status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, { legal_name: 'Müller Bau GmbH' });
  const customer = await makeCustomer(server, firm, { name: 'Familie Schmitz' });
  const parties = { profileId: profile.id, customerId: customer.id };
  const invoice = (number: string, more: Record<string, unknown>) =>
    makeDocument(server, firm, parties, { number, issue_date: '2026-10-05', tax_scheme: 'VAT', ...more }, [
      'finalize',
    ]);
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const line = [{ name: 'Abschlag', quantity: '1', unit_price: '1000.03', taxes: VAT }];
    ids.push((await invoice(`AR-2026-${n}`, { type_code: '875', line_items: line })).id);
  }
  await invoice('SR-2026-1', {
    type_code: '877',
    deducted_invoices: ids,
    line_items: [{ name: 'Rohbau', quantity: '1', unit_price: '5000.00', taxes: VAT }],
  });
  const line = (unit_price: string, taxes: typeof VAT) => ({
    name: 'Abschlag',
    quantity: '1',
    unit_price,
    taxes,
  });
  const abschlaege = [
    [line('1000.00', VAT)],
    [line('1000.00', VAT), line('500.00', VAT7)],
    [line('1000.00', VAT16)],
  ];
  const more: string[] = [];
  for (const [i, lines] of abschlaege.entries())
    more.push((await invoice(`AR-2026-${4 + i}`, { type_code: '875', line_items: lines })).id);
  await invoice('SR-2026-2', {
    type_code: '877',
    deducted_invoices: more,
    line_items: [
      { name: 'Rohbau', quantity: '1', unit_price: '5000.00', taxes: VAT },
      { name: 'Fachbuch', quantity: '1', unit_price: '1000.00', taxes: VAT7 },
    ],
  });
});
afterAll(() => server.stop());

describe('DATEV books each deducted Abschlag back as it was booked', () => {
  const bookingsOfNumber = async (number: string) => {
    const res = await server.request('/api/v1/exports/datev?from=2026-10-01&to=2026-10-31', {
      key: firm.apiKey,
    });
    expect(res.status).toBe(200);
    const file = readDatev(new Uint8Array(await res.arrayBuffer()));
    for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    return file.rows
      .filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === number)
      .map((row) => [
        file.value(row, 'Umsatz (ohne Soll/Haben-Kz)'),
        file.value(row, 'Soll/Haben-Kennzeichen'),
        file.value(row, 'Gegenkonto (ohne BU-Schlüssel)'),
      ]);
  };

  test('three "Anzahlungen" of 1,190.04, not one of 3,570.12', async () => {
    const final = await bookingsOfNumber('SR-2026-1');
    expect(final).toEqual([
      ['5950,00', 'S', '8400'],
      ['1190,04', 'H', '8400'],
      ['1190,04', 'H', '8400'],
      ['1190,04', 'H', '8400'],
    ]);
  });

  test('each Abschlag back under its own rates, whatever rates the final invoice has', async () => {
    expect(await bookingsOfNumber('SR-2026-2')).toEqual([
      ['5950,00', 'S', '8400'],
      ['1070,00', 'S', '8300'],
      ['1190,00', 'H', '8400'],
      ['1190,00', 'H', '8400'],
      ['535,00', 'H', '8300'],
      ['1160,00', 'H', '8200'],
    ]);
    // What each Abschlag booked, the final invoice books back: the same amounts on the same accounts.
    const booked: string[][] = [];
    for (const number of ['AR-2026-4', 'AR-2026-5', 'AR-2026-6'])
      for (const [amount, side, account] of await bookingsOfNumber(number)) {
        expect(side).toBe('S');
        booked.push([amount ?? '', 'H', account ?? '']);
      }
    expect((await bookingsOfNumber('SR-2026-2')).slice(2)).toEqual(booked);
  });
});
