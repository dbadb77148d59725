// Issue 39 §2-3: a small firm's September as its tax adviser reads it in DATEV. Every line is read back by
// an independent reading of DATEV's published format (test/datev.ts): foreign currency with Kurs and
// Basis-Umsatz, a number with full stops, the customer's VAT ID on intra-EU and reverse-charge bookings,
// cancellations in the same and a later period (September's file the same before and after December's
// cancellation), a received invoice that arrived twice booked once, the master data of debtors and
// creditors, Łódź written in Windows-1252, every issued number present, each booking linked to its file
// in the archive.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, type DatevFile, masterDataProblems, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { readZip } from '../zip';

let server: TestServer;
let firm: TestAccount;
let supplier: TestAccount;
const clock = new FakeClock(new Date('2026-09-01T08:00:00.000Z'));
const docs: Record<string, { id: string; number: string }> = {};
const received: Record<string, any> = {};
let septemberBefore: Uint8Array;

const vat = (rate: string, category = 'S') => [{ name: 'VAT', rate, category }];
const line = (unit_price: string, taxes: unknown) => ({ name: 'Work', quantity: '1', unit_price, taxes });

async function download(path: string, account = firm) {
  const res = await server.request(path, { key: account.apiKey });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const datev = async (query: string) => {
  const { res, bytes } = await download(`/api/v1/exports/datev?${query}`);
  expect(res.status).toBe(200);
  return { bytes, file: readDatev(bytes) };
};
/** The rows whose Beleginfo names the document number as stated. */
const rowsOf = (file: DatevFile, number: string) =>
  file.rows.filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === number);

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  supplier = await makeAccount(server);
  const settings = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: { consultant_number: 29098, client_number: 55003 },
  });
  expect(settings.status).toBe(200);
  const profileId = (
    await makeBusinessProfile(server, firm, {
      legal_name: 'Kleinbetrieb GmbH',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
      tax_id: 'DE123456789',
    })
  ).id;
  const customer = async (name: string, country: string, extra: Record<string, unknown> = {}) =>
    (
      await makeCustomer(server, firm, {
        name,
        billing_address: { line1: 'Ring 1', city: 'Stadt', postal_code: '12345', country },
        ...extra,
      })
    ).id;
  const parties = {
    mueller: await customer('Müller Bau GmbH', 'DE'),
    wien: await customer('Wiener Handel GmbH', 'AT', {
      tax_id: 'ATU12345678',
      billing_address: { line1: 'Kärntner Ring 5', city: 'Wien', postal_code: '1010', country: 'AT' },
    }),
    paris: await customer('Services Paris SARL', 'FR', { tax_id: 'FR 12 345678901' }),
    lodz: await customer('Łódź Trading Sp. z o.o.', 'PL', {
      tax_id: 'PL5260001246',
      email: 'biuro@lodz.example',
      contact_name: 'Pan Nowak',
      billing_address: { line1: 'ul. Piotrkowska 1', city: 'Łódź', postal_code: '90-001', country: 'PL' },
    }),
    ny: await customer('New York Inc.', 'US'),
  };
  const make = async (
    key: string,
    number: string,
    to: keyof typeof parties,
    issue_date: string,
    lines: unknown[],
    extra: Record<string, unknown> = {},
    actions = ['finalize'],
  ) => {
    clock.set(`${issue_date}T09:00:00.000Z`);
    docs[key] = await makeDocument(
      server,
      firm,
      { profileId, customerId: parties[to] },
      { number, issue_date, line_items: lines, ...extra },
      actions,
    );
  };
  await make('plain', 'RE-2026-101', 'mueller', '2026-09-02', [line('100.00', vat('19'))], {}, [
    'finalize',
    'mark-sent',
  ]);
  await make('stops', 'RE.2026.09.102', 'mueller', '2026-09-03', [line('50.00', vat('7'))], {
    delivery_date: '2026-08-28',
  });
  await make('intraEu', 'RE-2026-103', 'wien', '2026-09-04', [line('1000.00', vat('0', 'K'))]);
  await make('reverse', 'RE-2026-104', 'paris', '2026-09-05', [line('500.00', vat('0', 'AE'))]);
  await make('lodz', 'RE-2026-105', 'lodz', '2026-09-06', [line('10.00', vat('19'))]);
  await make('usd', 'US-2026-106', 'ny', '2026-09-07', [line('1000.00', vat('0', 'G'))], {
    currency: 'USD',
    tax_currency: { currency: 'EUR', exchange_rate: '0.9213' },
  });
  await make('sameMonth', 'RE-2026-107', 'mueller', '2026-09-10', [line('200.00', vat('19'))], {}, [
    'finalize',
    'mark-sent',
  ]);
  await make('december', 'RE-2026-108', 'mueller', '2026-09-12', [line('300.00', vat('19'))], {}, [
    'finalize',
    'mark-sent',
  ]);
  await make('credit', 'GS-2026-109', 'mueller', '2026-09-15', [line('20.00', vat('19'))], {
    document_type: 'credit_note',
    source_document_id: docs.plain?.id,
    reason: 'Nachlass',
  });
  await make('draft', 'RE-2026-110', 'mueller', '2026-09-16', [line('10.00', vat('19'))], {}, []);
  await make('noRate', 'US-2026-111', 'ny', '2026-08-31', [line('10.00', vat('0', 'G'))], {
    currency: 'USD',
  });
  // Cancelled in September, the month it was sent.
  clock.set('2026-09-20T10:00:00.000Z');
  const voided = await server.json(`/api/v1/documents/${docs.sameMonth?.id}/void`, {
    method: 'POST',
    key: firm.apiKey,
  });
  expect(voided.status).toBe(200);

  // A supplier's invoice, numbered with full stops, arrives twice: its XRechnung, then the same with a byte more.
  clock.set('2026-09-08T09:00:00.000Z');
  const supplierProfile = await makeBusinessProfile(server, supplier, {
    legal_name: 'Lieferant GmbH',
    email: 'rechnung@lieferant.example',
    tax_id: 'DE987654321',
    tax_number: '22/815/08154',
    contact_name: 'Frau Weber, Debitoren',
    address: { line1: 'Allee 5', city: 'Hamburg', postal_code: '20095', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  const buyer = await makeCustomer(server, supplier, {
    name: 'Kleinbetrieb GmbH',
    email: 'ap@klein.example',
    billing_address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    electronic_address: { scheme: '0204', value: '991-12345-67' },
  });
  const invoice = await makeDocument(
    server,
    supplier,
    { profileId: supplierProfile.id, customerId: buyer.id },
    {
      number: 'PW.2026.88172',
      issue_date: '2026-09-08',
      delivery_date: '2026-09-07',
      tax_scheme: 'VAT',
      line_items: [line('100.00', vat('19'))],
    },
    ['finalize'],
  );
  const xml = await (
    await server.request(`/api/v1/documents/${invoice.id}/xml?profile=xrechnung_ubl`, {
      key: supplier.apiKey,
    })
  ).text();
  for (const [key, body] of [
    ['first', xml],
    ['again', `${xml}\n`],
  ] as const) {
    clock.set(key === 'first' ? '2026-09-09T09:00:00.000Z' : '2026-09-11T09:00:00.000Z');
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${firm.apiKey}`, 'content-type': 'application/xml' },
      body,
    });
    expect(res.status).toBe(201);
    received[key] = ((await res.json()) as any).data;
    if (key === 'first') received.firstXml = body;
  }
  clock.set('2026-10-02T08:00:00.000Z');
}, 120_000);
afterAll(async () => await server.stop());

describe("September's Buchungsstapel", () => {
  test('every line as DATEV reads it; every issued number, void ones too; no draft', async () => {
    const { bytes, file } = await datev('from=2026-09-01&to=2026-09-30');
    septemberBefore = bytes;
    expect(file.header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    expect(file.columns).toHaveLength(125);
    for (const row of file.rows)
      expect({ row: row.slice(0, 14), problems: bookingProblems(row) }).toEqual({
        row: row.slice(0, 14),
        problems: [],
      });
    const numbers = new Set(file.rows.map((row) => file.value(row, 'Beleginfo - Inhalt 2')));
    const issued = ['plain', 'stops', 'intraEu', 'reverse', 'lodz', 'usd', 'sameMonth', 'december', 'credit'];
    expect([...numbers].sort()).toEqual(issued.map((k) => docs[k]?.number as string).sort());
    expect(file.text).not.toContain('RE-2026-110');
    expect(file.text).not.toContain('US-2026-111');
    // Erzeugt am: the latest event the file books (the void of 20 September), not the download's time.
    expect(file.header[5]).toBe('20260920100000000');
  });

  test('a USD invoice: WKZ USD, Kurs from its own rate, Basis-Umsatz in euros', async () => {
    const { file } = await datev('from=2026-09-01&to=2026-09-30');
    const [usd, ...more] = rowsOf(file, 'US-2026-106');
    expect(more).toHaveLength(0);
    const pick = ['Umsatz (ohne Soll/Haben-Kz)', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz'];
    expect(pick.map((c) => file.value(usd as string[], c))).toEqual([
      '1000,00',
      'USD',
      '1,085423',
      '921,30',
      'EUR',
    ]);
    expect(file.value(usd as string[], 'Gegenkonto (ohne BU-Schlüssel)')).toBe('8120');
    // Euro amounts carry none of the three.
    const euro = rowsOf(file, 'RE-2026-101')[0] as string[];
    expect([
      file.value(euro, 'Kurs'),
      file.value(euro, 'Basis-Umsatz'),
      file.value(euro, 'WKZ Basis-Umsatz'),
    ]).toEqual(['', '', '']);
  });

  test('a foreign-currency invoice without a rate to the euro is a 422 naming it, before any byte', async () => {
    const res = await server.json('/api/v1/exports/datev?from=2026-08-01&to=2026-08-31', {
      key: firm.apiKey,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain('US-2026-111 (USD)');
    expect(res.body.error.details.documents).toEqual([
      { id: docs.noRate?.id, number: 'US-2026-111', currency: 'USD' },
    ]);
    // In the spec's 422 envelope: details.fields, at the period.
    expect(res.body.error.details.fields).toEqual([
      { loc: 'query.from', msg: res.body.error.message, type: 'missing_exchange_rate' },
    ]);
  });

  test('numbers with full stops: Belegfeld 1 in DATEV characters, the number as stated in Beleginfo', async () => {
    const { file } = await datev('from=2026-09-01&to=2026-09-30');
    const [row] = rowsOf(file, 'RE.2026.09.102');
    expect(file.value(row as string[], 'Belegfeld 1')).toBe('RE-2026-09-102');
    expect(file.value(row as string[], 'Beleginfo - Art 2')).toBe('Belegnummer');
    const incoming = await datev('from=2026-09-01&to=2026-09-30&kind=received');
    const [supplierRow] = rowsOf(incoming.file, 'PW.2026.88172');
    expect(incoming.file.value(supplierRow as string[], 'Belegfeld 1')).toBe('PW-2026-88172');
  });

  test("intra-EU supply and EU reverse charge carry the customer's VAT ID in field 40; others none", async () => {
    const { file } = await datev('from=2026-09-01&to=2026-09-30');
    const field40 = (number: string) =>
      rowsOf(file, number).map((row) => [
        file.value(row, 'Gegenkonto (ohne BU-Schlüssel)'),
        file.value(row, 'EU-Land u. UStID (Bestimmung)'),
      ]);
    expect(file.columns[39]).toBe('EU-Land u. UStID (Bestimmung)');
    expect(field40('RE-2026-103')).toEqual([['8125', 'ATU12345678']]);
    expect(field40('RE-2026-104')).toEqual([['8336', 'FR12345678901']]);
    expect(field40('RE-2026-105')).toEqual([['8400', '']]);
  });

  test('the date of supply goes into Leistungsdatum (TTMMJJJJ): a supply of August invoiced in September', async () => {
    const { file } = await datev('from=2026-09-01&to=2026-09-30');
    const supplied = (number: string) => rowsOf(file, number).map((row) => file.value(row, 'Leistungsdatum'));
    expect(file.columns[114]).toBe('Leistungsdatum');
    expect(supplied('RE.2026.09.102')).toEqual(['28082026']);
    expect(supplied('RE-2026-101')).toEqual(['']);
  });

  test('Łódź in Windows-1252: the letters it lacks transliterated, never a question mark', async () => {
    const { bytes, file } = await datev('from=2026-09-01&to=2026-09-30');
    const [row] = rowsOf(file, 'RE-2026-105');
    expect(file.value(row as string[], 'Buchungstext')).toBe('Lódz Trading Sp. z o.o.');
    expect(file.text).not.toContain('?');
    expect(bytes.includes(0xf3)).toBe(true); // ó is Windows-1252's own
  });

  test('each booking links to its file in the period archive (Beleginfo: id, number, archive file)', async () => {
    const { file } = await datev('from=2026-09-01&to=2026-09-30');
    const { res, bytes } = await download('/api/v1/exports/archive.zip?from=2026-09-01&to=2026-09-30');
    expect(res.status).toBe(200);
    const names = new Set(readZip(bytes).map((e) => e.name));
    for (const row of file.rows) {
      expect(file.value(row, 'Beleginfo - Art 1')).toBe('Beleg-ID');
      expect(file.value(row, 'Beleginfo - Art 3')).toBe('Archivdatei');
      expect(names.has(file.value(row, 'Beleginfo - Inhalt 3'))).toBe(true);
    }
    const [stops] = rowsOf(file, 'RE.2026.09.102');
    expect(file.value(stops as string[], 'Beleginfo - Inhalt 1')).toBe(docs.stops?.id as string);
    expect(file.value(stops as string[], 'Beleglink')).toBe('');
  }, 60_000);
});

describe('cancellations', () => {
  test('sent and cancelled in September: the booking and its reversal (Storno), both in September', async () => {
    const { file } = await datev('from=2026-09-01&to=2026-09-30');
    const rows = rowsOf(file, 'RE-2026-107');
    const pick = (row: string[]) =>
      [
        'Umsatz (ohne Soll/Haben-Kz)',
        'Soll/Haben-Kennzeichen',
        'Konto',
        'Gegenkonto (ohne BU-Schlüssel)',
      ].map((c) => file.value(row, c));
    expect(rows.map(pick)).toEqual([
      ['238,00', 'S', '10000', '8400'],
      ['238,00', 'H', '10000', '8400'],
    ]);
    expect(rows.map((row) => file.value(row, 'Belegdatum'))).toEqual(['1009', '2009']);
    expect(file.value(rows[1] as string[], 'Buchungstext')).toBe('Storno Müller Bau GmbH');
  });

  test("cancelled in December: September's file stays byte for byte, December books the reversal", async () => {
    clock.set('2026-12-03T09:00:00.000Z');
    const voided = await server.json(`/api/v1/documents/${docs.december?.id}/void`, {
      method: 'POST',
      key: firm.apiKey,
    });
    expect(voided.status).toBe(200);
    clock.set('2026-12-04T09:00:00.000Z');
    const again = await datev('from=2026-09-01&to=2026-09-30');
    expect(again.file.text).toBe(new TextDecoder('windows-1252').decode(septemberBefore));
    expect(Buffer.compare(again.bytes, septemberBefore)).toBe(0);
    expect(rowsOf(again.file, 'RE-2026-108')).toHaveLength(1);

    const december = await datev('from=2026-12-01&to=2026-12-31');
    expect([december.file.header[14], december.file.header[15]]).toEqual(['20261201', '20261231']);
    expect(december.file.rows).toHaveLength(1);
    const [reversal] = december.file.rows as [string[]];
    expect(bookingProblems(reversal)).toEqual([]);
    const value = (c: string) => december.file.value(reversal, c);
    expect(
      [
        'Umsatz (ohne Soll/Haben-Kz)',
        'Soll/Haben-Kennzeichen',
        'Konto',
        'Gegenkonto (ohne BU-Schlüssel)',
      ].map(value),
    ).toEqual(['357,00', 'H', '10000', '8400']);
    expect([value('Belegdatum'), value('Belegfeld 1'), value('Buchungstext')]).toEqual([
      '0312',
      'RE-2026-108',
      'Storno Müller Bau GmbH',
    ]);
    // The cancellation is December's latest event.
    expect(december.file.header[5]).toBe('20261203090000000');
  });
});

describe('received documents', () => {
  test('the same invoice received twice is booked once, linked to its own file in the archive', async () => {
    expect(received.again.duplicate_of).toBe(received.first.id);
    const { file } = await datev('from=2026-09-01&to=2026-09-30&kind=received');
    for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    const rows = rowsOf(file, 'PW.2026.88172');
    expect(rows).toHaveLength(1);
    const row = rows[0] as string[];
    expect(
      ['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'Konto'].map((c) => file.value(row, c)),
    ).toEqual(['119,00', 'H', '70000']);
    expect(file.value(row, 'Beleginfo - Inhalt 1')).toBe(received.first.id);
    // Its file in the period's archive is the first one's bytes (the copy, listed first, took the plain name).
    const link = file.value(row, 'Beleginfo - Inhalt 3');
    expect(link).toBe('received/PW.2026.88172-2.xml');
    const { bytes } = await download('/api/v1/exports/archive.zip?from=2026-09-01&to=2026-09-30');
    const entry = readZip(bytes).find((e) => e.name === link);
    expect(new TextDecoder().decode(entry?.bytes)).toBe(received.firstXml);
  }, 60_000);
});

describe('master data (EXTF Debitoren/Kreditoren)', () => {
  test("the period's debtors and creditors: numbers as booked, names, addresses, VAT IDs", async () => {
    const { res, bytes } = await download(
      '/api/v1/exports/datev-master-data.csv?from=2026-09-01&to=2026-09-30',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(res.headers.get('content-disposition')).toContain(
      'EXTF_Debitoren_Kreditoren_2026-09-01_2026-09-30',
    );
    const file = readDatev(bytes);
    expect(file.header.slice(0, 5)).toEqual(['"EXTF"', '700', '16', '"Debitoren/Kreditoren"', '5']);
    expect(file.header.slice(10, 14)).toEqual(['29098', '55003', '20260101', '4']);
    expect(file.columns).toHaveLength(254);
    for (const row of file.rows) expect(masterDataProblems(row, 4)).toEqual([]);
    const byAccount = Object.fromEntries(
      file.rows.map((row) => [
        file.value(row, 'Konto'),
        [
          'Name (Adressattyp Unternehmen)',
          'EU-Land',
          'EU-UStID',
          'Straße',
          'Postleitzahl',
          'Ort',
          'Land',
        ].map((c) => file.value(row, c)),
      ]),
    );
    // The Buchungsstapel's accounts and the master data's are the same ones.
    const issued = (await datev('from=2026-09-01&to=2026-09-30')).file;
    const booked = new Set(issued.rows.map((row) => issued.value(row, 'Konto')));
    expect(new Set(Object.keys(byAccount).filter((n) => n.startsWith('1')))).toEqual(booked);
    const debtor = (number: string) =>
      byAccount[issued.value(rowsOf(issued, number)[0] as string[], 'Konto')] as string[];
    expect(debtor('RE-2026-103')).toEqual([
      'Wiener Handel GmbH',
      'AT',
      'U12345678',
      'Kärntner Ring 5',
      '1010',
      'Wien',
      'AT',
    ]);
    expect(debtor('RE-2026-105')).toEqual([
      'Lódz Trading Sp. z o.o.',
      'PL',
      '5260001246',
      'ul. Piotrkowska 1',
      '90-001',
      'Lódz',
      'PL',
    ]);
    expect(debtor('RE-2026-104').slice(1, 3)).toEqual(['FR', '12345678901']);
    // The contact person of a customer and of a supplier, and the supplier's Steuernummer (BT-32).
    const rowOf = (account: string) =>
      file.rows.find((row) => file.value(row, 'Konto') === account) as string[];
    const lodz = issued.value(rowsOf(issued, 'RE-2026-105')[0] as string[], 'Konto');
    expect(file.value(rowOf(lodz), 'Ansprechpartner')).toBe('Pan Nowak');
    expect(file.value(rowOf('70000'), 'Ansprechpartner')).toBe('Frau Weber, Debitoren');
    expect(file.value(rowOf('70000'), 'Steuernummer')).toBe('22/815/08154');
    expect(file.value(rowOf(lodz), 'Steuernummer')).toBe('');
    expect(debtor('RE-2026-101').slice(0, 3)).toEqual(['Müller Bau GmbH', '', '']);
    expect(byAccount['70000']).toEqual([
      'Lieferant GmbH',
      'DE',
      '987654321',
      'Allee 5',
      '20095',
      'Hamburg',
      'DE',
    ]);
  });

  test('without a period: every numbered debtor and creditor; one of from/to alone is a 422', async () => {
    const { res, bytes } = await download('/api/v1/exports/datev-master-data.csv?encoding=utf-8');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('EXTF_Debitoren_Kreditoren.csv');
    const file = readDatev(bytes, 'utf-8');
    const accounts = file.rows.map((row) => file.value(row, 'Konto')).sort();
    expect(accounts).toEqual(['10000', '10001', '10002', '10003', '10004', '70000']);
    expect(file.text).toContain('Łódź Trading'); // UTF-8 on request keeps it
    const half = await server.json('/api/v1/exports/datev-master-data.csv?from=2026-09-01', {
      key: firm.apiKey,
    });
    expect(half.status).toBe(422);
    expect(half.body.error.details.fields[0].loc).toBe('query.to');
    const none = await server.json('/api/v1/exports/datev-master-data.csv', { key: supplier.apiKey });
    expect(none.status).toBe(409);
  });
});
