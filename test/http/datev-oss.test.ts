// EU distance sales (One-Stop-Shop) in DATEV as DATEV's interface description asks of them: a German firm's
// sale to a consumer in another EU country taxed at that country's rate is booked per rate, each booking
// with the consumer's country in field 40 (EU-Land u. UStID (Bestimmung), the code alone for a consumer),
// the rate in field 41 (EU-Steuersatz (Bestimmung)) and the firm's own VAT ID in field 123 (EU-Land u.
// UStID (Ursprung)), so the adviser can tell the case and report it in the OSS return. The first release
// summed every foreign rate of an invoice into one 8200 booking that said neither country nor rate.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, type DatevFile, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const clock = new FakeClock(new Date('2026-10-01T08:00:00.000Z'));

const vat = (rate: string) => [{ name: 'VAT', rate, category: 'S' }];
const line = (name: string, unit_price: string, rate: string) => ({
  name,
  quantity: '1',
  unit_price,
  taxes: vat(rate),
});
const address = (city: string, country: string) => ({ line1: 'Ring 1', city, postal_code: '12345', country });

/** Per document number: [amount, S/H, Gegenkonto, field 40, field 41, field 123] of each booking. */
const bookingsOf = (file: DatevFile, number: string) =>
  file.rows
    .filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === number)
    .map((row) => [
      file.value(row, 'Umsatz (ohne Soll/Haben-Kz)'),
      file.value(row, 'Soll/Haben-Kennzeichen'),
      file.value(row, 'Gegenkonto (ohne BU-Schlüssel)'),
      file.value(row, 'EU-Land u. UStID (Bestimmung)'),
      file.value(row, 'EU-Steuersatz (Bestimmung)'),
      file.value(row, 'EU-Land u. UStID (Ursprung)'),
    ]);

let file: DatevFile;

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  const put = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: { consultant_number: 29098, client_number: 55003 },
  });
  expect(put.status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Teeversand Nord GmbH',
    tax_id: 'DE123456789',
    address: address('Hamburg', 'DE'),
  });
  const customer = (name: string, country: string, tax_id?: string) =>
    makeCustomer(server, firm, {
      name,
      ...(tax_id ? { tax_id } : {}),
      billing_address: address('Stadt', country),
    });
  const vienna = await customer('Anna Huber', 'AT');
  const athens = await customer('Eleni Papadopoulou', 'GR');
  const munich = await customer('Max Maier', 'DE');
  const viennaFirm = await customer('Teehaus Wien GmbH', 'AT', 'ATU12345678');
  const make = (number: string, customerId: string, lines: unknown[], extra: Record<string, unknown> = {}) =>
    makeDocument(
      server,
      firm,
      { profileId: profile.id, customerId },
      { number, issue_date: '2026-10-05', tax_scheme: 'VAT', line_items: lines, ...extra },
      ['finalize'],
    );
  // Austria's 20 % and 10 %: two bookings, one per rate.
  const austria = await make('OSS-2026-1', vienna.id, [
    line('Teeservice', '100.00', '20'),
    line('Grüner Tee', '50.00', '10'),
  ]);
  await make('OSS-2026-2', athens.id, [line('Teeservice', '100.00', '24')]);
  // Under the threshold, taxed at home: 19 % on 8400 as any German sale, nothing in 40/41.
  await make('OSS-2026-3', vienna.id, [line('Teeservice', '100.00', '19')]);
  await make('OSS-2026-4', munich.id, [line('Teeservice', '100.00', '19')]);
  // A firm with a VAT ID charged Austrian VAT (the seller registered there): no OSS sale.
  await make('OSS-2026-5', viennaFirm.id, [line('Teeservice', '100.00', '20')]);
  await make('OSS-GS-2026-1', vienna.id, [line('Teeservice', '10.00', '20')], {
    document_type: 'credit_note',
    source_document_id: austria.id,
    reason: 'Bruch beim Versand',
  });
  const res = await server.request('/api/v1/exports/datev?from=2026-10-01&to=2026-10-31', {
    key: firm.apiKey,
  });
  expect(res.status).toBe(200);
  file = readDatev(new Uint8Array(await res.arrayBuffer()));
}, 120_000);
afterAll(async () => await server.stop());

describe('EU distance sales (OSS) in DATEV', () => {
  test("each rate its own booking, with the consumer's country, the rate and the firm's VAT ID", () => {
    for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    expect(bookingsOf(file, 'OSS-2026-1')).toEqual([
      ['55,00', 'S', '8200', 'AT', '10,00', 'DE123456789'],
      ['120,00', 'S', '8200', 'AT', '20,00', 'DE123456789'],
    ]);
    // Greece as VAT IDs and DATEV write it.
    expect(bookingsOf(file, 'OSS-2026-2')).toEqual([['124,00', 'S', '8200', 'EL', '24,00', 'DE123456789']]);
  });

  test('a credit note to the consumer books back with the same fields, naming the invoice it corrects', () => {
    expect(bookingsOf(file, 'OSS-GS-2026-1')).toEqual([['12,00', 'H', '8200', 'AT', '20,00', 'DE123456789']]);
    const row = file.rows.find((r) => file.value(r, 'Beleginfo - Inhalt 2') === 'OSS-GS-2026-1') ?? [];
    expect([file.value(row, 'Beleginfo - Art 4'), file.value(row, 'Beleginfo - Inhalt 4')]).toEqual([
      'Korrigierte Rechnung',
      'OSS-2026-1',
    ]);
    // An invoice names none.
    const invoice = file.rows.find((r) => file.value(r, 'Beleginfo - Inhalt 2') === 'OSS-2026-2') ?? [];
    expect(file.value(invoice, 'Beleginfo - Art 4')).toBe('');
  });

  test('German VAT, or a buyer with a VAT ID, is no OSS sale: nothing in those fields', () => {
    expect(bookingsOf(file, 'OSS-2026-3')).toEqual([['119,00', 'S', '8400', '', '', '']]);
    expect(bookingsOf(file, 'OSS-2026-4')).toEqual([['119,00', 'S', '8400', '', '', '']]);
    expect(bookingsOf(file, 'OSS-2026-5')).toEqual([['120,00', 'S', '8200', '', '', '']]);
  });
});
