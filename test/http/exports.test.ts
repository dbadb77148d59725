// Issue 28 §5: accounting settings, the DATEV Buchungsstapel, the CSV exports and the archive ZIP
// (docs/exports.md). The DATEV file is read back as DATEV would: Windows-1252, `;`, CRLF, field positions.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLUMNS } from '../../src/modules/exports/datev/format';
import { FakeClock } from '../../src/shared/clock';
import { datevFields } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { readZip } from '../zip';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
const clock = new FakeClock(new Date('2026-11-26T10:00:00.000Z'));
let profileId: string;
let mueller: { id: string };
let second: { id: string };
const docs: Record<string, any> = {};

const vat = (rate: string, category = 'S') => [{ name: 'VAT', rate, category }];
const line = (unit_price: string, taxes: unknown) => ({ name: 'Work', quantity: '1', unit_price, taxes });

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  profileId = (
    await makeBusinessProfile(server, account, {
      address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' },
      tax_id: 'DE123456789',
    })
  ).id;
  mueller = await makeCustomer(server, account, {
    name: 'Müller & Söhne "Bau" GmbH',
    billing_address: { line1: 'Ring 2', city: 'Köln', country: 'DE' },
  });
  second = await makeCustomer(server, account, {
    name: 'Zweite AG',
    billing_address: { line1: 'Weg 3', city: 'Bonn', country: 'DE' },
  });
  const parties = { profileId, customerId: mueller.id };
  const make = async (
    number: string,
    lines: unknown[],
    extra: Record<string, unknown> = {},
    actions = ['finalize'],
  ) =>
    await makeDocument(
      server,
      account,
      parties,
      { number, issue_date: '2026-11-02', line_items: lines, ...extra },
      actions,
    );
  docs.full = await make('RE-2026-001', [line('100.00', vat('19'))]);
  docs.mixed = await make('RE-2026-002', [line('100.00', vat('19')), line('50.00', vat('7'))], {
    issue_date: '2026-11-15',
  });
  docs.zero = await make('RE-2026-003', [line('200.00', vat('0', 'K'))], {
    customer_id: second.id,
    issue_date: '2026-11-20',
  });
  docs.credit = await make('GS-2026-001', [line('100.00', vat('19'))], {
    document_type: 'credit_note',
    source_document_id: docs.full.id,
    reason: 'Returned goods',
    issue_date: '2026-11-21',
  });
  docs.draft = await make('RE-2026-004', [line('10.00', vat('19'))], {}, []);
  docs.october = await make('RE-2026-000', [line('10.00', vat('19'))], { issue_date: '2026-10-31' });
});
afterAll(async () => await server.stop());

const settings = async (body: unknown, key = account.apiKey) =>
  await server.json('/api/v1/settings/accounting', { method: 'PUT', key, body });

async function datev(query: string, key = account.apiKey) {
  const res = await server.request(`/api/v1/exports/datev?${query}`, { key });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder('windows-1252').decode(bytes) };
}

describe('accounting settings', () => {
  test('SKR03 defaults until saved; PUT SKR04 takes its accounts; other accounts keep theirs', async () => {
    const initial = await server.json('/api/v1/settings/accounting', { key: account.apiKey });
    expect(initial.status).toBe(200);
    expect(initial.body.data).toMatchObject({
      chart: 'SKR03',
      consultant_number: null,
      client_number: null,
      fiscal_year_start: '01-01',
      account_length: 4,
      first_debtor_number: 10000,
      first_creditor_number: 70000,
    });
    expect(initial.body.data.revenue_accounts.standard_19).toEqual({ account: '8400', tax_key: null });
    expect(initial.body.data.revenue_accounts.reduced_7.account).toBe('8300');
    expect(initial.body.data.revenue_accounts.intra_eu.account).toBe('8125');
    expect(initial.body.data.expense_accounts.standard_19.account).toBe('3400');

    const skr04 = await settings({ chart: 'SKR04', consultant_number: 1001, client_number: 1 }, other.apiKey);
    expect(skr04.status).toBe(200);
    expect(skr04.body.data.revenue_accounts.standard_19.account).toBe('4400');
    expect(skr04.body.data.revenue_accounts.reduced_7.account).toBe('4300');
    expect(skr04.body.data.expense_accounts.standard_19.account).toBe('5400');
    const mine = await server.json('/api/v1/settings/accounting', { key: account.apiKey });
    expect(mine.body.data.chart).toBe('SKR03');
  });

  test('bad settings are a 422 naming every field', async () => {
    const res = await settings({
      chart: 'SKR03',
      consultant_number: 5,
      fiscal_year_start: '02-30',
      revenue_accounts: { standard_19: { account: '84000' } },
      first_debtor_number: 70000,
    });
    expect(res.status).toBe(422);
    const locs = (res.body.error.details.fields as { loc: string }[]).map((f) => f.loc);
    expect(locs).toContain('body.consultant_number');
    const again = await settings({
      fiscal_year_start: '02-30',
      revenue_accounts: { standard_19: { account: '84000' } },
      first_debtor_number: 70000,
    });
    expect(again.status).toBe(422);
    const locs2 = (again.body.error.details.fields as { loc: string }[]).map((f) => f.loc).sort();
    expect(locs2).toEqual(
      [
        'body.first_debtor_number',
        'body.fiscal_year_start',
        'body.revenue_accounts.standard_19.account',
      ].sort(),
    );
    const unknown = await settings({ chart: 'SKR99' });
    expect(unknown.status).toBe(422);
    expect(
      (await server.json('/api/v1/settings/accounting', { key: account.apiKey })).body.data.consultant_number,
    ).toBeNull();
  });
});

describe('DATEV Buchungsstapel', () => {
  test('refused without consultant and client number (409), or with a bad period (422)', async () => {
    const missing = await server.json('/api/v1/exports/datev?from=2026-11-01&to=2026-11-30', {
      key: account.apiKey,
    });
    expect(missing.status).toBe(409);
    expect(missing.body.error.details.missing).toEqual(['consultant_number', 'client_number']);
    expect((await settings({ consultant_number: 29098, client_number: 55003 })).status).toBe(200);
    const backwards = await server.json('/api/v1/exports/datev?from=2026-11-30&to=2026-11-01', {
      key: account.apiKey,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.details.fields[0].loc).toBe('query.to');
    const twoYears = await server.json('/api/v1/exports/datev?from=2025-12-01&to=2026-01-31', {
      key: account.apiKey,
    });
    expect(twoYears.status).toBe(422);
    const badKind = await server.json('/api/v1/exports/datev?from=2026-11-01&to=2026-11-30&kind=both', {
      key: account.apiKey,
    });
    expect(badKind.status).toBe(422);
    const noDates = await server.json('/api/v1/exports/datev', { key: account.apiKey });
    expect(noDates.status).toBe(422);
  });

  test('header, column line and one booking per document and rate, read back from Windows-1252', async () => {
    const { res, bytes, text } = await datev('from=2026-11-01&to=2026-11-30');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(res.headers.get('content-disposition')).toContain('EXTF_Buchungsstapel');
    // Windows-1252: ü is one byte 0xFC, and every line ends in CRLF.
    expect(bytes.includes(0xfc)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    const header = datevFields(lines[0] as string);
    expect(header).toHaveLength(31);
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    expect(header[5]).toBe('20261126100000000');
    expect(header.slice(10, 16)).toEqual(['29098', '55003', '20260101', '4', '20261101', '20261130']);
    expect(header[16]).toBe('"Rechnungsausgang"');
    expect(header[21]).toBe('"EUR"');
    expect(header[26]).toBe('"03"');

    const columns = (lines[1] as string).split(';');
    expect(columns).toHaveLength(125);
    expect(columns.slice(0, 14)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
      'Kurs',
      'Basis-Umsatz',
      'WKZ Basis-Umsatz',
      'Konto',
      'Gegenkonto (ohne BU-Schlüssel)',
      'BU-Schlüssel',
      'Belegdatum',
      'Belegfeld 1',
      'Belegfeld 2',
      'Skonto',
      'Buchungstext',
    ]);
    expect(columns).toEqual([...COLUMNS]);

    const bookings = lines.slice(2).map(datevFields);
    for (const b of bookings) expect(b).toHaveLength(125);
    const pick = (b: string[]) => [b[0], b[1], b[2], b[6], b[7], b[8], b[9], b[10], b[13]];
    const byNumber = (n: string) => bookings.filter((b) => b[10] === `"${n}"`).map(pick);
    const name = '"Müller & Söhne ""Bau"" GmbH"';
    expect(byNumber('RE-2026-001')).toEqual([
      ['119,00', '"S"', '"EUR"', '10000', '8400', '', '0211', '"RE-2026-001"', name],
    ]);
    expect(byNumber('RE-2026-002')).toEqual([
      ['119,00', '"S"', '"EUR"', '10000', '8400', '', '1511', '"RE-2026-002"', name],
      ['53,50', '"S"', '"EUR"', '10000', '8300', '', '1511', '"RE-2026-002"', name],
    ]);
    expect(byNumber('RE-2026-003')).toEqual([
      ['200,00', '"S"', '"EUR"', '10001', '8125', '', '2011', '"RE-2026-003"', '"Zweite AG"'],
    ]);
    // The credit note books the other way: Haben on the debtor.
    expect(byNumber('GS-2026-001')).toEqual([
      ['119,00', '"H"', '"EUR"', '10000', '8400', '', '2111', '"GS-2026-001"', name],
    ]);
    // Drafts and documents outside the period are not booked.
    expect(bookings).toHaveLength(5);
    expect(text).not.toContain('RE-2026-004');
    expect(text).not.toContain('RE-2026-000');
  });

  test('debtor numbers: assigned on the first export, kept, editable, unique per account', async () => {
    const read = async (id: string) =>
      (await server.json(`/api/v1/customers/${id}`, { key: account.apiKey })).body.data;
    expect((await read(mueller.id)).debtor_number).toBe(10000);
    expect((await read(second.id)).debtor_number).toBe(10001);
    const third = await makeCustomer(server, account);
    expect((await read(third.id)).debtor_number).toBeUndefined();

    const patched = await server.json(`/api/v1/customers/${second.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { debtor_number: 12345 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.debtor_number).toBe(12345);
    const taken = await server.json(`/api/v1/customers/${third.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { debtor_number: 12345 },
    });
    expect(taken.status).toBe(409);
    expect((await read(third.id)).debtor_number).toBeUndefined();
    // Another account may use the same number.
    const elsewhere = await makeCustomer(server, other, { debtor_number: 12345 });
    expect(elsewhere.debtor_number).toBe(12345);

    const utf8 = await datev('from=2026-11-01&to=2026-11-30&encoding=utf-8');
    expect(utf8.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder().decode(utf8.bytes);
    const zero = text.split('\r\n').find((l) => l.includes('RE-2026-003')) as string;
    expect(datevFields(zero)[6]).toBe('12345');
    expect(text).toContain('Müller'); // UTF-8 on request
  });

  test('received documents book against creditor and expense accounts', async () => {
    // A supplier's invoice: made by the other account, its XRechnung received by this one.
    const supplierProfile = await makeBusinessProfile(server, other, {
      legal_name: 'Lieferant GmbH',
      email: 'rechnung@lieferant.example',
      tax_id: 'DE987654321',
      address: { line1: 'Allee 5', city: 'Hamburg', postal_code: '20095', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE987654321' },
      bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
    const buyer = await makeCustomer(server, other, {
      name: 'Us',
      email: 'ap@us.example',
      billing_address: { line1: 'Ring 2', city: 'Köln', postal_code: '50667', country: 'DE' },
      electronic_address: { scheme: '0204', value: '991-12345-67' },
    });
    const invoice = await makeDocument(
      server,
      other,
      { profileId: supplierProfile.id, customerId: buyer.id },
      {
        number: 'L-77',
        issue_date: '2026-11-10',
        delivery_date: '2026-11-09',
        tax_scheme: 'VAT',
        line_items: [line('100.00', vat('19')), line('10.00', vat('7'))],
      },
      ['finalize'],
    );
    // Set after finalize (finalize would run the profile's Schematron): the archive writes the XML anyway.
    await server.json(`/api/v1/customers/${buyer.id}`, {
      method: 'PATCH',
      key: other.apiKey,
      body: { einvoice_profile: 'xrechnung_ubl' },
    });
    const xml = await server.request(`/api/v1/documents/${invoice.id}/xml?profile=xrechnung_ubl`, {
      key: other.apiKey,
    });
    expect(xml.status).toBe(200);
    const received = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: await xml.text(),
    });
    expect(received.status).toBe(201);
    docs.received = ((await received.json()) as any).data;

    const { res, text } = await datev('from=2026-11-01&to=2026-11-30&kind=received');
    expect(res.status).toBe(200);
    const lines = text.split('\r\n').slice(0, -1);
    expect(datevFields(lines[0] as string)[16]).toBe('"Rechnungseingang"');
    const bookings = lines.slice(2).map((l) => datevFields(l));
    expect(bookings.map((b) => [b[0], b[1], b[6], b[7], b[9], b[10], b[13]])).toEqual([
      ['119,00', '"H"', '70000', '3400', '1011', '"L-77"', '"Lieferant GmbH"'],
      ['10,70', '"H"', '70000', '3300', '1011', '"L-77"', '"Lieferant GmbH"'],
    ]);
    // The same supplier keeps its creditor number.
    const again = await datev('from=2026-11-01&to=2026-11-30&kind=received');
    expect(again.text.split('\r\n')[2]).toContain(';70000;3400;');
  }, 60_000);

  test('a supplier stating its Steuernummer in one invoice and its VAT id beside it in the next keeps one creditor number', async () => {
    const both = readFileSync(
      join(OFFICIAL_RULESETS, 'examples/factur_x_en16931/EN16931_Einfach.factur-x.xml'),
      'utf8',
    ).replaceAll('20241115', '20261112');
    const variant = (number: string, withVatId: boolean) => {
      const xml = both.replace('<ram:ID>471102</ram:ID>', `<ram:ID>${number}</ram:ID>`);
      return withVatId
        ? xml
        : xml.replace(
            /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">DE123456789<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/,
            '',
          );
    };
    // An account of its own: the tests after this one count this account's received documents.
    const office = await makeAccount(server);
    expect((await settings({ consultant_number: 29098, client_number: 55004 }, office.apiKey)).status).toBe(
      200,
    );
    const receive = async (xml: string) => {
      const res = await fetch(`${server.url}/api/v1/received-documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${office.apiKey}`, 'content-type': 'application/xml' },
        body: xml,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as any).data;
    };
    // The first invoice states only the Steuernummer: the supplier's number is given under it.
    expect((await receive(variant('K-1', false))).seller.tax_id).toBe('201/113/40209');
    const first = await datev('from=2026-11-12&to=2026-11-12&kind=received', office.apiKey);
    const creditorOf = (text: string, number: string) =>
      text
        .split('\r\n')
        .slice(2)
        .map((l) => datevFields(l))
        .filter((b) => b[10] === `"${number}"`)
        .map((b) => b[6]);
    const creditor = creditorOf(first.text, 'K-1')[0];
    expect(creditor).toBe('70000');
    // The next states the VAT id beside it: the same supplier, the same creditor number.
    expect((await receive(variant('K-2', true))).seller.tax_id).toBe('DE123456789');
    const second = await datev('from=2026-11-12&to=2026-11-12&kind=received', office.apiKey);
    expect(creditorOf(second.text, 'K-2').length).toBeGreaterThan(0);
    expect(new Set(creditorOf(second.text, 'K-2'))).toEqual(new Set([creditor]));
    expect(new Set(creditorOf(second.text, 'K-1'))).toEqual(new Set([creditor]));
  }, 60_000);

  test("another account's export holds none of this account's documents", async () => {
    const { res, text } = await datev('from=2026-11-01&to=2026-11-30', other.apiKey);
    expect(res.status).toBe(200);
    expect(text).not.toContain('RE-2026-001');
    // Only their own invoice, on their own debtor numbering (after the 12345 they gave a customer) and SKR04.
    const theirs = text.split('\r\n').slice(2).filter(Boolean).map(datevFields);
    expect(theirs.map((b) => [b[0], b[1], b[6], b[7], b[10]])).toEqual([
      ['119,00', '"S"', '12346', '4400', '"L-77"'],
      ['10,70', '"S"', '12346', '4300', '"L-77"'],
    ]);
    expect(datevFields(text.split('\r\n')[0] as string)[26]).toBe('"04"');
  });
});

describe('CSV exports', () => {
  test('documents.csv: the columns, exact decimals, RFC 4180 quoting', async () => {
    const res = await server.request('/api/v1/exports/documents.csv?from=2026-11-01&to=2026-11-30', {
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).split('\r\n').slice(0, -1);
    expect(lines[0]).toBe(
      'number,type,issue_date,due_date,customer,net,tax,total,amount_paid,amount_due,status,currency',
    );
    const row = (n: string) => lines.find((l) => l.startsWith(`${n},`));
    expect(row('RE-2026-002')).toBe(
      'RE-2026-002,invoice,2026-11-15,2026-12-02,"Müller & Söhne ""Bau"" GmbH",150.00,22.50,172.50,0.00,172.50,finalized,EUR',
    );
    expect(row('RE-2026-003')).toBe(
      'RE-2026-003,invoice,2026-11-20,2026-12-02,Zweite AG,200.00,0.00,200.00,0.00,200.00,finalized,EUR',
    );
    expect(row('GS-2026-001')).toMatch(/^GS-2026-001,credit_note,2026-11-21,/);
    expect(lines).toHaveLength(5);
  });

  test('received-documents.csv names the supplier', async () => {
    const res = await server.request('/api/v1/exports/received-documents.csv?from=2026-11-01&to=2026-11-30', {
      key: account.apiKey,
    });
    const lines = (await res.text()).split('\r\n').slice(0, -1);
    expect(lines[0]).toBe(
      'number,type,issue_date,due_date,supplier,net,tax,total,amount_paid,amount_due,status,currency',
    );
    expect(lines[1]).toMatch(
      /^L-77,invoice,2026-11-10,[0-9-]*,Lieferant GmbH,110.00,19.70,129.70,0.00,129.70,received,EUR$/,
    );
    const empty = await server.request(
      '/api/v1/exports/received-documents.csv?from=2026-11-01&to=2026-11-30',
      {
        key: other.apiKey,
      },
    );
    expect((await empty.text()).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  test('a bad period is a 422', async () => {
    const res = await server.json('/api/v1/exports/documents.csv?from=2026-11-30&to=2026-11-01', {
      key: account.apiKey,
    });
    expect(res.status).toBe(422);
    const bad = await server.json('/api/v1/exports/documents.csv?from=yesterday&to=2026-11-01', {
      key: account.apiKey,
    });
    expect(bad.status).toBe(422);
  });

  test('a day the calendar does not have is a 422 naming it, on every export (a DATEV header dated 20261131 is refused)', async () => {
    for (const path of [
      'datev?from=2026-11-31&to=2026-12-31',
      'datev-master-data.csv?from=2026-11-31&to=2026-12-31',
      'documents.csv?from=2026-02-29&to=2026-03-31',
      'received-documents.csv?from=2026-04-01&to=2026-04-31',
      'archive.zip?from=2026-02-30&to=2026-03-31',
      'audit.zip?from=2026-02-30&to=2026-03-31',
    ]) {
      const res = await server.json(`/api/v1/exports/${path}`, { key: account.apiKey });
      const loc = path.includes('2026-04-31') ? 'query.to' : 'query.from';
      expect([path, res.status, res.body.error?.details?.fields?.[0]?.loc]).toEqual([path, 422, loc]);
    }
    const queued = await server.json('/api/v1/exports/archive', {
      method: 'POST',
      key: account.apiKey,
      body: { from: '2026-11-31', to: '2026-12-31' },
    });
    expect([queued.status, queued.body.error?.details?.fields?.[0]?.loc]).toEqual([422, 'body.from']);
  });
});

/** What the account's November archive holds, sorted. */
const ARCHIVE_NAMES = [
  'index.csv',
  'issued/GS-2026-001.pdf',
  'issued/RE-2026-001.pdf',
  'issued/RE-2026-002.pdf',
  'issued/RE-2026-003.pdf',
  'received/L-77.xml',
];

describe('archive.zip', () => {
  test("every issued document's PDF, the e-invoice a customer needs, received originals, and index.csv", async () => {
    const res = await server.request('/api/v1/exports/archive.zip?from=2026-11-01&to=2026-11-30', {
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    const names = entries.map((e) => e.name).sort();
    expect(names).toEqual(ARCHIVE_NAMES);
    for (const e of entries.filter((x) => x.name.endsWith('.pdf'))) {
      expect(new TextDecoder().decode(e.bytes.subarray(0, 5))).toBe('%PDF-');
    }
    const original = new TextDecoder().decode(entries.find((e) => e.name === 'received/L-77.xml')?.bytes);
    expect(original).toContain('L-77');
    const index = new TextDecoder().decode(entries.find((e) => e.name === 'index.csv')?.bytes).split('\r\n');
    // Issue 39: one line per file, with its size and SHA-256 in the ZIP.
    expect(index[0]).toBe(
      'kind,number,type,issue_date,party,total,currency,status,file,size_bytes,sha256,note',
    );
    const digest = (name: string) => {
      const bytes = entries.find((e) => e.name === name)?.bytes ?? new Uint8Array();
      return `${bytes.byteLength},${createHash('sha256').update(bytes).digest('hex')}`;
    };
    expect(index.find((l) => l.startsWith('issued,RE-2026-003,'))).toBe(
      `issued,RE-2026-003,invoice,2026-11-20,Zweite AG,200.00,EUR,finalized,issued/RE-2026-003.pdf,${digest('issued/RE-2026-003.pdf')},`,
    );
    expect(index.find((l) => l.startsWith('received,L-77,'))).toBe(
      `received,L-77,invoice,2026-11-10,Lieferant GmbH,129.70,EUR,received,received/L-77.xml,${digest('received/L-77.xml')},`,
    );

    const theirs = await server.request('/api/v1/exports/archive.zip?from=2026-11-01&to=2026-11-30', {
      key: other.apiKey,
    });
    const theirs_ = readZip(new Uint8Array(await theirs.arrayBuffer()));
    // Their buyer needs XRechnung: its XML comes beside the PDF.
    expect(theirs_.map((e) => e.name).sort()).toEqual(['index.csv', 'issued/L-77.pdf', 'issued/L-77.xml']);
    const xml = new TextDecoder().decode(theirs_.find((e) => e.name === 'issued/L-77.xml')?.bytes);
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
  }, 60_000);

  test('prepared in the background: queued, run as a job, downloaded once completed; 404 to others', async () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    const start = await server.json('/api/v1/exports/archive', {
      method: 'POST',
      key: account.apiKey,
      body: period,
    });
    expect(start.status).toBe(202);
    const id = start.body.data.id as string;
    expect(start.body.data).toMatchObject({
      status: 'queued',
      ...period,
      completed_at: null,
      size_bytes: null,
      download_url: null,
      error: null,
    });
    const early = await server.request(`/api/v1/exports/archive/${id}/download`, { key: account.apiKey });
    expect(early.status).toBe(404);
    await early.arrayBuffer();

    await server.jobs.runDue();
    const done = await server.json(`/api/v1/exports/archive/${id}`, { key: account.apiKey });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.download_url).toBe(`/api/v1/exports/archive/${id}/download`);
    expect(done.body.data.completed_at).toBeString();

    const res = await server.request(done.body.data.download_url, { key: account.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(done.body.data.size_bytes);
    const names = readZip(bytes)
      .map((e) => e.name)
      .sort();
    expect(names).toEqual(ARCHIVE_NAMES);

    for (const path of [`/api/v1/exports/archive/${id}`, `/api/v1/exports/archive/${id}/download`]) {
      const theirs = await server.json(path, { key: other.apiKey });
      expect(theirs.status).toBe(404);
    }
    const bad = await server.json('/api/v1/exports/archive', {
      method: 'POST',
      key: account.apiKey,
      body: { from: '2026-11-30', to: '2026-11-01' },
    });
    expect(bad.status).toBe(422);
  }, 60_000);
});
