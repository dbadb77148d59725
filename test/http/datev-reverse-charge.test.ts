// The reverse charge in DATEV as a tax adviser books it: a service to a business in another EU country on
// 8336 "Erlöse aus im anderen EU-Land steuerpflichtigen sonstigen Leistungen, für die der
// Leistungsempfänger die Umsatzsteuer schuldet" (UStVA Kz. 21, with the customer's VAT ID for the
// recapitulative statement), construction work for a German builder under § 13b UStG on 8337 (Kz. 60, no
// VAT ID), a German subcontractor's § 13b invoice received on 3120 (Kz. 84/85), a service taxable where the
// customer is (O) on 8338 (outside the EU) or 8339 (another EU country); SKR04 4336 / 4337 / 5920 / 4338 /
// 4339; Germany's 0 % (Z, photovoltaics) on 8290 / 4290 "Erlöse 0 % USt".
// The first release booked the EU reverse charge on 8338, the third country's account (Kz. 45).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, type DatevFile, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
let subcontractor: TestAccount;
const clock = new FakeClock(new Date('2026-10-01T08:00:00.000Z'));

const reverse = [{ name: 'VAT', rate: '0', category: 'AE' }];
const line = (unit_price: string) => ({ name: 'Rohbauarbeiten', quantity: '1', unit_price, taxes: reverse });
const call = (method: string, path: string, body?: unknown, account = firm) =>
  server.json(path, { method, key: account.apiKey, body });

async function datev(query: string) {
  const res = await server.request(`/api/v1/exports/datev?${query}`, { key: firm.apiKey });
  expect(res.status).toBe(200);
  return readDatev(new Uint8Array(await res.arrayBuffer()));
}
/** Per document number: [Gegenkonto, EU-Land u. UStID] of each of its bookings. */
const accountsOf = (file: DatevFile, number: string) =>
  file.rows
    .filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === number)
    .map((row) => [
      file.value(row, 'Gegenkonto (ohne BU-Schlüssel)'),
      file.value(row, 'EU-Land u. UStID (Bestimmung)'),
    ]);

const NUMBERS = { consultant_number: 29098, client_number: 55003 };
const address = (city: string, country: string) => ({ line1: 'Ring 1', city, postal_code: '12345', country });

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  subcontractor = await makeAccount(server);
  expect((await call('PUT', '/api/v1/settings/accounting', NUMBERS)).status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Bau Nord GmbH',
    tax_id: 'DE123456789',
    address: address('Hamburg', 'DE'),
  });
  const builder = await makeCustomer(server, firm, {
    name: 'Generalbau Schulz GmbH',
    tax_id: 'DE811907980',
    billing_address: address('Bremen', 'DE'),
  });
  const paris = await makeCustomer(server, firm, {
    name: 'Services Paris SARL',
    tax_id: 'FR12345678901',
    billing_address: address('Paris', 'FR'),
  });
  const make = (number: string, customerId: string, price: string) =>
    makeDocument(
      server,
      firm,
      { profileId: profile.id, customerId },
      { number, issue_date: '2026-10-05', tax_scheme: 'VAT', line_items: [line(price)] },
      ['finalize'],
    );
  await make('RC-2026-1', builder.id, '10000.00');
  await make('RC-2026-2', paris.id, '2500.00');
  // Services taxable where the customer is, not here (O): a Swiss firm, an Austrian one.
  const zurich = await makeCustomer(server, firm, {
    name: 'Zürich AG',
    billing_address: address('Zürich', 'CH'),
  });
  const vienna = await makeCustomer(server, firm, {
    name: 'Wien GmbH',
    billing_address: address('Wien', 'AT'),
  });
  for (const [number, customerId, category] of [
    ['NS-2026-1', zurich.id, 'O'],
    ['NS-2026-2', vienna.id, 'O'],
    ['RC-2026-3', zurich.id, 'AE'],
    ['KU-2026-1', builder.id, 'E'],
    ['EX-2026-1', builder.id, 'E'],
    // A photovoltaic system at Germany's 0 % (§ 12 Abs. 3 UStG).
    ['PV-2026-1', builder.id, 'Z'],
  ] as const) {
    // A Kleinunternehmer's exemption names § 19 UStG; another exemption (here § 4 Nr. 11) does not.
    const ground =
      number === 'KU-2026-1'
        ? { exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.' }
        : number === 'EX-2026-1'
          ? { exemption_reason: 'Steuerfrei nach § 4 Nr. 11 UStG' }
          : {};
    await makeDocument(
      server,
      firm,
      { profileId: profile.id, customerId },
      {
        number,
        issue_date: '2026-10-05',
        tax_scheme: 'VAT',
        line_items: [
          {
            name: 'Planung',
            quantity: '1',
            unit_price: '800.00',
            taxes: [{ name: 'VAT', rate: '0', category, ...ground }],
          },
        ],
      },
      ['finalize'],
    );
  }

  // A German subcontractor's § 13b invoice to the firm, received as XRechnung.
  const ownProfile = await makeBusinessProfile(server, subcontractor, {
    legal_name: 'Estrich Meier GmbH',
    email: 'rechnung@estrich.example',
    tax_id: 'DE987654321',
    address: address('Kiel', 'DE'),
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000' },
  });
  const firmAsBuyer = await makeCustomer(server, subcontractor, {
    name: 'Bau Nord GmbH',
    tax_id: 'DE123456789',
    email: 'ap@baunord.example',
    billing_address: address('Hamburg', 'DE'),
    electronic_address: { scheme: '9930', value: 'DE123456789' },
  });
  const invoice = await makeDocument(
    server,
    subcontractor,
    { profileId: ownProfile.id, customerId: firmAsBuyer.id },
    {
      number: 'EM-2026-77',
      issue_date: '2026-10-06',
      delivery_date: '2026-10-02',
      tax_scheme: 'VAT',
      buyer_reference: 'BV Hafencity',
      line_items: [
        {
          name: 'Estrich',
          quantity: '1',
          unit_price: '4000.00',
          taxes: [{ ...reverse[0], exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers' }],
        },
      ],
    },
    ['finalize'],
  );
  const xml = await (
    await server.request(`/api/v1/documents/${invoice.id}/xml?profile=xrechnung_ubl`, {
      key: subcontractor.apiKey,
    })
  ).text();
  clock.set('2026-10-07T09:00:00.000Z');
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${firm.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(res.status).toBe(201);
  clock.set('2026-11-02T08:00:00.000Z');
}, 120_000);
afterAll(async () => await server.stop());

describe('the reverse charge in DATEV', () => {
  test('SKR03: EU on 8336 with the VAT ID, § 13b at home on 8337 without one; the settings name both', async () => {
    const file = await datev('from=2026-10-01&to=2026-10-31');
    for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    expect(accountsOf(file, 'RC-2026-1')).toEqual([['8337', '']]);
    expect(accountsOf(file, 'RC-2026-2')).toEqual([['8336', 'FR12345678901']]);
    expect(accountsOf(file, 'NS-2026-1')).toEqual([['8338', '']]);
    expect(accountsOf(file, 'NS-2026-2')).toEqual([['8339', '']]);
    // A reverse charge stated to a Swiss firm: taxable there, not here (Kz. 45), not the EU's 8336.
    expect(accountsOf(file, 'RC-2026-3')).toEqual([['8338', '']]);
    // A Kleinunternehmer's revenue on its own account (8192, § 19 UStG as of 2025), other exemptions on 8100.
    expect(accountsOf(file, 'KU-2026-1')).toEqual([['8192', '']]);
    expect(accountsOf(file, 'EX-2026-1')).toEqual([['8100', '']]);
    // Germany's 0 % on its own account (it booked to 8100 "Steuerfreie Umsätze" before).
    expect(accountsOf(file, 'PV-2026-1')).toEqual([['8290', '']]);
    const settings = (await call('GET', '/api/v1/settings/accounting')).body.data;
    expect(settings.revenue_accounts.reverse_charge).toEqual({ account: '8336', tax_key: null });
    expect(settings.revenue_accounts.reverse_charge_domestic).toEqual({ account: '8337', tax_key: null });
    expect(settings.expense_accounts.reverse_charge_domestic).toEqual({ account: '3120', tax_key: null });
  });

  test("a German subcontractor's § 13b invoice received: 3120 (Bauleistungen eines im Inland ansässigen Unternehmers)", async () => {
    const file = await datev('from=2026-10-01&to=2026-10-31&kind=received');
    expect(accountsOf(file, 'EM-2026-77')).toEqual([['3120', '']]);
  });

  test('SKR04: 4336 and 4337, received 5920; an account the adviser sets for the case is used', async () => {
    const put = await call('PUT', '/api/v1/settings/accounting', { ...NUMBERS, chart: 'SKR04' });
    expect(put.status).toBe(200);
    expect(put.body.data.revenue_accounts.reverse_charge_domestic).toEqual({
      account: '4337',
      tax_key: null,
    });
    let file = await datev('from=2026-10-01&to=2026-10-31');
    expect(accountsOf(file, 'RC-2026-1')).toEqual([['4337', '']]);
    expect(accountsOf(file, 'RC-2026-2')).toEqual([['4336', 'FR12345678901']]);
    expect(accountsOf(file, 'NS-2026-1')).toEqual([['4338', '']]);
    expect(accountsOf(file, 'NS-2026-2')).toEqual([['4339', '']]);
    expect(accountsOf(file, 'KU-2026-1')).toEqual([['4184', '']]);
    expect(accountsOf(file, 'PV-2026-1')).toEqual([['4290', '']]);
    expect(accountsOf(await datev('from=2026-10-01&to=2026-10-31&kind=received'), 'EM-2026-77')).toEqual([
      ['5920', ''],
    ]);
    const chosen = await call('PUT', '/api/v1/settings/accounting', {
      ...NUMBERS,
      chart: 'SKR04',
      revenue_accounts: { reverse_charge_domestic: { account: '4000', tax_key: '46' } },
    });
    expect(chosen.status).toBe(200);
    file = await datev('from=2026-10-01&to=2026-10-31');
    const [row] = file.rows.filter((r) => file.value(r, 'Beleginfo - Inhalt 2') === 'RC-2026-1');
    expect([
      file.value(row as string[], 'Gegenkonto (ohne BU-Schlüssel)'),
      file.value(row as string[], 'BU-Schlüssel'),
    ]).toEqual(['4000', '46']);
  });
});
