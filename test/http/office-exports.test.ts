// An office's month for many clients at once (POST /api/v1/office/exports): one ZIP, made in the background,
// with each client's DATEV files (issued, received, master data) in a folder named by its Mandantennummer.
// A user in three clients downloads them, each file read back by the independent DATEV reader
// (test/datev.ts); a client without numbers is a problem, not a failed job; a client the user does not
// reach is a 404 naming it; another user cannot read the job; a client the user left before the job ran
// gets no files.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { datevExports } from '../../src/modules/exports/schema';
import { officeExports } from '../../src/modules/office/schema';
import { FakeClock } from '../../src/shared/clock';
import { readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import {
  disableAccount,
  makeAccount,
  makeBusinessProfile,
  makeCustomer,
  type TestAccount,
} from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, signIn } from '../users';
import { readZip, type ZipEntry } from '../zip';

let server: TestServer;
const clock = new FakeClock(new Date('2026-09-01T08:00:00.000Z'));
let office: TestAccount;
/**
 * Clients with DATEV numbers (Berater 29098; Mandant 10001..10003), one without, one the user leaves before
 * an export runs and one after.
 */
const clients: Record<'a' | 'b' | 'c' | 'none' | 'left' | 'later' | 'disabled', TestAccount> = {} as never;
let stranger: TestAccount;
let cookie: string;
/** The signed-in user's email (an accountant in every client). */
let email: string;
let colleagueCookie: string;
/** Each client's issued numbers in September. */
const numbers: Record<string, string[]> = {};
/** The user's workspace member in each client. */
const members: Record<string, string> = {};

const PERIOD = { from: '2026-09-01', to: '2026-09-30' };
const AUSGANG = 'EXTF_Buchungsstapel_Ausgang_2026-09-01_2026-09-30.csv';
const EINGANG = 'EXTF_Buchungsstapel_Eingang_2026-09-01_2026-09-30.csv';
const STAMMDATEN = 'EXTF_Debitoren_Kreditoren_2026-09-01_2026-09-30.csv';
const line = (unit_price: string) => ({
  name: 'Beratung',
  quantity: '1',
  unit_price,
  taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
});

/** A request of the signed-in user acting in `account` (the office unless said). */
const asUser = (as = cookie, account = office.id) => ({ ...fromConsole(server, as), account });

async function startExport(body: Record<string, unknown>, headers = asUser()) {
  return await server.json('/api/v1/office/exports', { method: 'POST', headers, body });
}

/** Runs the queued export and answers its status and ZIP, as the user who asked for it. */
async function finished(id: string): Promise<{ status: any; entries: ZipEntry[] }> {
  await server.jobs.runDue();
  const status = await server.json(`/api/v1/office/exports/${id}`, { headers: asUser() });
  expect(status.status).toBe(200);
  expect(status.body.data.status).toBe('completed');
  const res = await server.request(`/api/v1/office/exports/${id}/download`, { headers: asUser() });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return { status: status.body.data, entries: readZip(new Uint8Array(await res.arrayBuffer())) };
}

const entry = (entries: ZipEntry[], name: string) => {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`${name} is not in the ZIP: ${entries.map((e) => e.name).join(', ')}`);
  return found.bytes;
};

/** A client firm: its DATEV numbers, a seller profile, a customer and one invoice in September. */
async function client(
  name: string,
  clientNumber: number | null,
  invoiceNumber: string,
  amount: string,
  invoice: Record<string, unknown> = {},
) {
  const account = await makeAccount(server, { name });
  if (clientNumber !== null) {
    const settings = await server.json('/api/v1/settings/accounting', {
      method: 'PUT',
      key: account.apiKey,
      body: { consultant_number: 29098, client_number: clientNumber },
    });
    expect(settings.status).toBe(200);
  }
  const profile = await makeBusinessProfile(server, account, { legal_name: name });
  const customer = await makeCustomer(server, account, {
    name: `Kunde von ${name}`,
    billing_address: { line1: 'Ring 1', city: 'Köln', postal_code: '50667', country: 'DE' },
  });
  clock.set('2026-09-10T09:00:00.000Z');
  const doc = await makeDocument(
    server,
    account,
    { profileId: profile.id, customerId: customer.id },
    { number: invoiceNumber, issue_date: '2026-09-10', line_items: [line(amount)], ...invoice },
    ['finalize'],
  );
  numbers[account.id] = [doc.number];
  return account;
}

/** Client B's invoice to client A, received by A as its XRechnung: A's Eingang books it. */
async function supplierInvoice(supplier: TestAccount, buyer: TestAccount) {
  const profile = await makeBusinessProfile(server, supplier, {
    legal_name: 'Bäckerei Brot & Söhne KG',
    email: 'rechnung@brot.example',
    tax_id: 'DE987654321',
    address: { line1: 'Allee 5', city: 'Hamburg', postal_code: '20095', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  const customer = await makeCustomer(server, supplier, {
    name: 'Müller Bau GmbH',
    email: 'ap@mueller.example',
    billing_address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    electronic_address: { scheme: '0204', value: '991-12345-67' },
  });
  clock.set('2026-09-12T09:00:00.000Z');
  const invoice = await makeDocument(
    server,
    supplier,
    { profileId: profile.id, customerId: customer.id },
    { number: 'LI-2026-77', issue_date: '2026-09-12', tax_scheme: 'VAT', line_items: [line('50.00')] },
    ['finalize'],
  );
  numbers[supplier.id]?.push(invoice.number);
  const xml = await (
    await server.request(`/api/v1/documents/${invoice.id}/xml?profile=xrechnung_ubl`, {
      key: supplier.apiKey,
    })
  ).text();
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  office = await makeAccount(server, { name: 'Kanzlei Steuer & Partner' });
  stranger = await makeAccount(server, { name: 'Fremde GmbH' });
  clients.a = await client('Müller Bau GmbH', 10001, 'A-2026-001', '100.00');
  clients.b = await client('Bäckerei Brot & Söhne KG', 10002, 'B-2026-001', '200.00');
  clients.c = await client('Café Zoë', 10003, 'C-2026-001', '300.00');
  clients.none = await client('Ohne Nummern UG', null, 'N-2026-001', '400.00');
  clients.left = await client('Verlassen GmbH', 10005, 'L-2026-001', '500.00');
  clients.later = await client('Später GmbH', 10007, 'S-2026-001', '700.00');
  clients.disabled = await client('Gesperrt GmbH', 10006, 'D-2026-001', '600.00');
  await supplierInvoice(clients.b, clients.a);
  clock.set('2026-10-02T08:00:00.000Z');

  // One person of the office, an accountant in each client; a colleague in the office only.
  email = `buchhaltung-${Date.now()}@kanzlei.example`;
  await makeUser(server, office.id, { email, role: 'admin' });
  for (const c of Object.values(clients)) {
    members[c.id] = (await makeUser(server, c.id, { email, role: 'accountant', password: null })).member.id;
  }
  await disableAccount(server, clients.disabled.id);
  cookie = await signIn(server, email);
  const colleague = await makeUser(server, office.id, { role: 'admin' });
  colleagueCookie = await signIn(server, colleague.email);
}, 120_000);
afterAll(async () => await server.stop());

describe('one ZIP of many clients', () => {
  let exportId: string;
  let entries: ZipEntry[];
  let status: any;

  beforeAll(async () => {
    const started = await startExport({
      ...PERIOD,
      account_ids: [clients.a.id, clients.b.id, clients.c.id, clients.none.id],
    });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({
      status: 'queued',
      ...PERIOD,
      accounts: [clients.a.id, clients.b.id, clients.c.id, clients.none.id],
      results: null,
      download_url: null,
    });
    exportId = started.body.data.id;
    // Not ready yet: the download is a 404 until the job has made it.
    const early = await server.json(`/api/v1/office/exports/${exportId}/download`, { headers: asUser() });
    expect(early.status).toBe(404);
    ({ status, entries } = await finished(exportId));
  });

  test("each client's three files in a folder named by its Mandantennummer; the problem at the root", () => {
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        ...['10001_Mueller_Bau_GmbH', '10002_Baeckerei_Brot_Soehne_KG', '10003_Cafe_Zoe'].flatMap((folder) =>
          [AUSGANG, EINGANG, STAMMDATEN].map((file) => `${folder}/${file}`),
        ),
        'Fehler.txt',
      ].sort(),
    );
    expect(status.size_bytes).toBeGreaterThan(0);
    expect(status.download_url).toBe(`/api/v1/office/exports/${exportId}/download`);
    const said = status.results.map((r: any) => [r.account_id, r.folder, r.files.length, r.problem_code]);
    expect(said).toEqual([
      [clients.a.id, '10001_Mueller_Bau_GmbH', 3, null],
      [clients.b.id, '10002_Baeckerei_Brot_Soehne_KG', 3, null],
      [clients.c.id, '10003_Cafe_Zoe', 3, null],
      [clients.none.id, '', 0, 'datev_numbers_missing'],
    ]);
    // The problem as data (`missing`), and in the API's English words.
    expect(status.results[3]).toMatchObject({
      missing: ['consultant_number', 'client_number'],
      problem: expect.stringContaining('consultant_number and client_number'),
    });
    expect(status.results[0]).toMatchObject({ problem: null, problem_code: null, missing: [] });
  });

  test("each file carries its client's Berater and Mandant numbers and that client's bookings only", () => {
    const folders = {
      [clients.a.id]: ['10001_Mueller_Bau_GmbH', '10001'],
      [clients.b.id]: ['10002_Baeckerei_Brot_Soehne_KG', '10002'],
      [clients.c.id]: ['10003_Cafe_Zoe', '10003'],
    };
    for (const [accountId, [folder, mandant]] of Object.entries(folders)) {
      const issued = readDatev(entry(entries, `${folder}/${AUSGANG}`));
      expect(issued.header.slice(0, 4)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"']);
      expect([issued.header[10], issued.header[11]]).toEqual(['29098', mandant as string]);
      expect(issued.header[16]).toBe('"Rechnungsausgang"');
      const booked = issued.rows.map((row) => issued.value(row, 'Beleginfo - Inhalt 2'));
      expect(booked.sort()).toEqual([...(numbers[accountId] ?? [])].sort());
      const incoming = readDatev(entry(entries, `${folder}/${EINGANG}`));
      expect([incoming.header[10], incoming.header[11], incoming.header[16]]).toEqual([
        '29098',
        mandant as string,
        '"Rechnungseingang"',
      ]);
      const master = readDatev(entry(entries, `${folder}/${STAMMDATEN}`));
      expect([master.header[2], master.header[10], master.header[11]]).toEqual(['16', '29098', mandant]);
    }
    // Amounts with VAT: 100, 200, 300 net at 19 %.
    const a = readDatev(entry(entries, `10001_Mueller_Bau_GmbH/${AUSGANG}`));
    expect(a.value(a.rows[0] as string[], 'Umsatz (ohne Soll/Haben-Kz)')).toBe('119,00');
    // A's received invoice from B is A's Eingang, and B's creditor account is in A's master data.
    const incoming = readDatev(entry(entries, `10001_Mueller_Bau_GmbH/${EINGANG}`));
    expect(incoming.rows.map((row) => incoming.value(row, 'Beleginfo - Inhalt 2'))).toEqual(['LI-2026-77']);
    expect(incoming.value(incoming.rows[0] as string[], 'Umsatz (ohne Soll/Haben-Kz)')).toBe('59,50');
    const master = readDatev(entry(entries, `10001_Mueller_Bau_GmbH/${STAMMDATEN}`));
    const names = master.rows.map((row) => master.value(row, 'Name (Adressattyp Unternehmen)'));
    expect(names.sort()).toEqual(['Bäckerei Brot & Söhne KG', 'Kunde von Müller Bau GmbH']);
    // B and C received nothing: a header and the column line only.
    const b = readDatev(entry(entries, `10002_Baeckerei_Brot_Soehne_KG/${EINGANG}`));
    expect(b.rows).toEqual([]);
  });

  test("each client's files recorded as its DATEV exports, made for the user's member there", async () => {
    for (const c of [clients.a, clients.b, clients.c, clients.none]) {
      const rows = await server.db.select().from(datevExports).where(eq(datevExports.accountId, c.id));
      const expected: string[] = c === clients.none ? [] : ['issued', 'master_data', 'received'];
      expect(rows.map((r): string => r.kind).sort()).toEqual(expected);
      for (const row of rows) {
        expect(row).toMatchObject({ ...PERIOD, createdBy: members[c.id] });
      }
    }
  });

  test('DATEV files in Windows-1252; the problems in Fehler.txt, naming the client', () => {
    const bytes = entry(entries, `10001_Mueller_Bau_GmbH/${STAMMDATEN}`);
    const text = new TextDecoder('windows-1252').decode(bytes);
    expect(text).toContain('Müller');
    expect(new TextDecoder('utf-8').decode(bytes)).not.toContain('Müller');
    const problems = new TextDecoder('utf-8').decode(entry(entries, 'Fehler.txt'));
    // In the German of the file's heading (the API's `results` keep their English words).
    expect(problems).toContain(
      `Ohne Nummern UG (${clients.none.id}): Beraternummer und Mandantennummer fehlen in den DATEV-Einstellungen`,
    );
    expect(problems).not.toContain('PUT /api/v1');
    expect(problems).not.toContain(clients.a.id);
  });

  test('another user of the office, the office key, and the same user in another account: 404', async () => {
    const paths = [`/api/v1/office/exports/${exportId}`, `/api/v1/office/exports/${exportId}/download`];
    for (const path of paths) {
      const callers = [
        { headers: asUser(colleagueCookie) },
        { key: office.apiKey },
        { headers: asUser(cookie, clients.a.id) },
        { key: stranger.apiKey },
      ];
      for (const caller of callers) {
        const res = await server.json(path, caller);
        expect({ path, status: res.status, code: res.body.error.code }).toEqual({
          path,
          status: 404,
          code: 'not_found',
        });
      }
    }
  });
});

describe('which clients', () => {
  test('by default every client the user reaches and that is not disabled, the office too', async () => {
    const started = await startExport({ ...PERIOD });
    expect(started.status).toBe(202);
    expect([...started.body.data.accounts].sort()).toEqual(
      [
        office.id,
        clients.a.id,
        clients.b.id,
        clients.c.id,
        clients.none.id,
        clients.left.id,
        clients.later.id,
      ].sort(),
    );
  });

  test('an account the user does not reach, or none at all, is a 404 naming it; nothing is queued', async () => {
    const before = (await server.db.select().from(officeExports)).length;
    for (const id of [stranger.id, 'acc_00000000000000000000000000']) {
      const res = await startExport({ ...PERIOD, account_ids: [clients.a.id, id] });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(`Account ${id} not found`);
      expect(res.body.error.details).toEqual({ account_id: id });
    }
    // An API key reaches its own account only.
    const byKey = await server.json('/api/v1/office/exports', {
      method: 'POST',
      key: office.apiKey,
      body: { ...PERIOD, account_ids: [clients.a.id] },
    });
    expect(byKey.status).toBe(404);
    expect((await server.db.select().from(officeExports)).length).toBe(before);
  });

  test('a period ending before it begins, or a date that is none, is a 422', async () => {
    const backwards = await startExport({ from: '2026-09-30', to: '2026-09-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.details.fields[0].loc).toBe('body.to');
    const bad = await startExport({ from: '2026-09-01', to: 'September' });
    expect(bad.status).toBe(422);
    const noDay = await startExport({ from: '2026-09-01', to: '2026-09-31' });
    expect([noDay.status, noDay.body.error.details.fields[0].loc]).toEqual([422, 'body.to']);
  });

  test('a client the user left before the job ran gets no files, and its name is not told', async () => {
    const started = await startExport({ ...PERIOD, account_ids: [clients.left.id, clients.c.id] });
    expect(started.status).toBe(202);
    const left = await server.json(`/api/v1/accounts/${clients.left.id}/leave`, {
      method: 'POST',
      headers: asUser(),
    });
    expect(left.status).toBe(200);
    const { status, entries } = await finished(started.body.data.id);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [...[AUSGANG, EINGANG, STAMMDATEN].map((f) => `10003_Cafe_Zoe/${f}`), 'Fehler.txt'].sort(),
    );
    expect(status.results[0]).toEqual({
      account_id: clients.left.id,
      name: '',
      folder: '',
      files: [],
      problem: 'no longer reached by the user who asked: no files',
      problem_code: 'not_reached',
      missing: [],
    });
    const problems = new TextDecoder().decode(entry(entries, 'Fehler.txt'));
    expect(problems).not.toContain('Verlassen');
  });

  test('a ZIP holding files of a client the user left since is no longer theirs to download', async () => {
    const started = await startExport({ ...PERIOD, account_ids: [clients.later.id, clients.c.id] });
    expect(started.status).toBe(202);
    const { entries } = await finished(started.body.data.id);
    expect(entries.map((e) => e.name)).toContain(`10007_Spaeter_GmbH/${AUSGANG}`);
    const left = await server.json(`/api/v1/accounts/${clients.later.id}/leave`, {
      method: 'POST',
      headers: asUser(),
    });
    expect(left.status).toBe(200);
    const res = await server.json(`/api/v1/office/exports/${started.body.data.id}/download`, {
      headers: asUser(),
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', details: { account_ids: [clients.later.id] } });
    // Nor can a new export name it (an export made after leaving holds no files of it: the test above).
    const other = await startExport({ ...PERIOD, account_ids: [clients.later.id, clients.a.id] });
    expect(other.status).toBe(404);
  });

  test('an API key exports its own account, readable by keys of that account only', async () => {
    const started = await server.json('/api/v1/office/exports', {
      method: 'POST',
      key: clients.c.apiKey,
      body: PERIOD,
    });
    expect(started.status).toBe(202);
    expect(started.body.data.accounts).toEqual([clients.c.id]);
    await server.jobs.runDue();
    const res = await server.request(`/api/v1/office/exports/${started.body.data.id}/download`, {
      key: clients.c.apiKey,
    });
    expect(res.status).toBe(200);
    const names = readZip(new Uint8Array(await res.arrayBuffer())).map((e) => e.name);
    expect(names.sort()).toEqual([AUSGANG, EINGANG, STAMMDATEN].map((f) => `10003_Cafe_Zoe/${f}`).sort());
    // The user's session in C does not read the key's export.
    const asSession = await server.json(`/api/v1/office/exports/${started.body.data.id}`, {
      headers: asUser(cookie, clients.c.id),
    });
    expect(asSession.status).toBe(404);
  });
});

describe("a client's problem as data, and in German in Fehler.txt", () => {
  test('a period across two of its fiscal years; a foreign-currency invoice without its rate to the euro', async () => {
    const fiscal = await client('Wirtschaftsjahr GmbH', 10008, 'W-2026-001', '100.00');
    const settings = await server.json('/api/v1/settings/accounting', {
      method: 'PUT',
      key: fiscal.apiKey,
      body: { consultant_number: 29098, client_number: 10008, fiscal_year_start: '09-15' },
    });
    expect(settings.status).toBe(200);
    const dollars = await client('Dollar GmbH', 10009, 'USD-2026-001', '100.00', { currency: 'USD' });
    for (const c of [fiscal, dollars])
      await makeUser(server, c.id, { email, role: 'accountant', password: null });
    const started = await startExport({ ...PERIOD, account_ids: [fiscal.id, dollars.id, clients.c.id] });
    expect(started.status).toBe(202);
    const { status, entries } = await finished(started.body.data.id);
    expect(status.results.map((r: any) => [r.account_id, r.files.length, r.problem_code, r.missing])).toEqual(
      [
        [fiscal.id, 0, 'fiscal_year_span', []],
        [dollars.id, 0, 'exchange_rate_missing', []],
        [clients.c.id, 3, null, []],
      ],
    );
    expect(status.results[0].problem).toContain('within one fiscal year (beginning 09-15)');
    expect(status.results[1].problem).toContain('USD-2026-001 (USD)');
    const problems = new TextDecoder().decode(entry(entries, 'Fehler.txt'));
    expect(problems).toContain(
      `Wirtschaftsjahr GmbH (${fiscal.id}): Der Zeitraum reicht über zwei Wirtschaftsjahre des Mandanten (Beginn am 15.09.)`,
    );
    expect(problems).toContain(`Dollar GmbH (${dollars.id}): DATEV braucht den Kurs zum Euro`);
    expect(problems).toContain('USD-2026-001 (USD)');
    expect(problems).not.toContain('fiscal year');
  });

  test('a period across New Year is refused before anything is queued (a DATEV batch lies within one calendar year)', async () => {
    const started = await startExport({ from: '2026-12-01', to: '2027-01-31', account_ids: [clients.c.id] });
    expect(started.status).toBe(422);
    expect(started.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.to']);
    expect(started.body.error.details.fields[0].msg).toContain('calendar year');
  });

  test('an export made before codes were kept is given its code from its words', async () => {
    const started = await startExport({ ...PERIOD, account_ids: [clients.c.id] });
    const id = started.body.data.id;
    await server.jobs.runDue();
    const legacy = [
      [
        'Set client_number in PUT /api/v1/settings/accounting before exporting to DATEV',
        'datev_numbers_missing',
        ['client_number'],
      ],
      ['the account is disabled', 'account_disabled', []],
      ['no longer reached by the user who asked: no files', 'not_reached', []],
      [
        'DATEV needs the rate to the euro of every foreign-currency amount; these documents state none',
        'exchange_rate_missing',
        [],
      ],
      ['something else', 'refused', []],
    ] as const;
    const results = legacy.map(([problem]) => ({
      account_id: clients.c.id,
      name: 'Café Zoë',
      folder: '',
      files: [],
      problem,
    }));
    await server.db.update(officeExports).set({ results }).where(eq(officeExports.id, id));
    const status = await server.json(`/api/v1/office/exports/${id}`, { headers: asUser() });
    expect(status.body.data.results.map((r: any) => [r.problem, r.problem_code, r.missing])).toEqual(
      legacy.map(([problem, code, missing]) => [problem, code, missing]),
    );
  });
});
