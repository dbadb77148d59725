// The agency that moved its invoice history in (test/http/agentur-migration.test.ts) has books its tax
// adviser kept up to the end of May from the old tool. Its DATEV settings say so ("Bereits gebucht bis",
// booked_until): the imported May invoices, once finalized, are in no DATEV export (the adviser would book
// them a second time), the exports say how many they left out, and the office overview does not count them
// as waiting for an export. June, the first month here, is exported as ever; a May invoice cancelled in
// June has its reversal in June's file (the cancellation is June's event).
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, readDatev } from '../datev';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { readZip } from '../zip';

let server: TestServer;
let agency: TestAccount;
const clock = new FakeClock(new Date('2026-06-20T09:00:00.000Z'));
/** The imported documents by number. */
const ids: Record<string, string> = {};

const put = (body: Record<string, unknown>, account = agency) =>
  server.json('/api/v1/settings/accounting', { method: 'PUT', key: account.apiKey, body });

async function datev(query: string) {
  const res = await server.request(`/api/v1/exports/datev?${query}`, { key: agency.apiKey });
  expect(res.status).toBe(200);
  const file = readDatev(new Uint8Array(await res.arrayBuffer()));
  for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
  return { res, file, numbers: file.rows.map((row) => file.value(row, 'Beleginfo - Inhalt 2')) };
}

const notExported = async () =>
  (await server.json('/api/v1/office/overview', { key: agency.apiKey })).body.data.clients[0].datev
    .not_exported;

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  agency = await makeAccount(server);
  const biz = await makeBusinessProfile(server, agency, {
    legal_name: 'Agentur Nord GmbH',
    address: { line1: 'Speicherstadt 3', city: 'Hamburg', postal_code: '20457', country: 'DE' },
    tax_id: 'DE123456789',
  });
  const weber = await makeCustomer(server, agency, { name: 'Weber KG' });
  const hansen = await makeCustomer(server, agency, { name: 'Hansen Reederei' });
  const acme = await makeCustomer(server, agency, { name: 'Acme Inc.' });
  // The history as the old tool exported it, newest first: June's invoice written here already, May's
  // booked by the adviser from the old tool; a USD invoice of May whose rate the old tool kept elsewhere.
  const head =
    'number;issue_date;currency;business_profile_id;customer_id;line.name;line.quantity;line.unit_price;line.tax_rate';
  const rows = [
    `RE-2026-0103;02.06.2026;EUR;${biz.id};${hansen.id};Webdesign;10;95,00;19`,
    `RE-2026-0102;29.05.2026;EUR;${biz.id};${weber.id};Hosting;1;40,00;19`,
    `RE-2026-0101;31.05.2026;USD;${biz.id};${acme.id};Landing page;1;1200,00;0`,
    `RE-2026-0100;04.05.2026;EUR;${biz.id};${weber.id};Webdesign;12;95,00;19`,
  ];
  const created = await server.json('/api/v1/imports', {
    method: 'POST',
    key: agency.apiKey,
    body: { source_format: 'csv', resource: 'documents', data: [head, ...rows] },
  });
  expect(created.body.data).toMatchObject({ status: 'pending', errors: null });
  const done = await server.json(`/api/v1/imports/${created.body.data.id}/confirm`, {
    method: 'POST',
    key: agency.apiKey,
  });
  expect(done.body.data).toMatchObject({ status: 'completed', imported_rows: 4 });
  const list = await server.json('/api/v1/documents?limit=100', { key: agency.apiKey });
  for (const doc of list.body.data) {
    ids[doc.number] = doc.id;
    const finalized = await server.json(`/api/v1/documents/${doc.id}/finalize`, {
      method: 'POST',
      key: agency.apiKey,
    });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
  }
  expect(Object.keys(ids).sort()).toEqual(['RE-2026-0100', 'RE-2026-0101', 'RE-2026-0102', 'RE-2026-0103']);
});
afterAll(() => server.stop());

describe('books kept elsewhere up to a day (booked_until)', () => {
  test('the settings take the day, answer it only when set, and refuse a day of no calendar', async () => {
    const plain = await put({ consultant_number: 29098, client_number: 55003 });
    expect(plain.status).toBe(200);
    expect(plain.body.data).not.toHaveProperty('booked_until');
    const bad = await put({ consultant_number: 29098, client_number: 55003, booked_until: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.booked_until']);
    const word = await put({ consultant_number: 29098, client_number: 55003, booked_until: 'Mai' });
    expect(word.status).toBe(422);
    const set = await put({ consultant_number: 29098, client_number: 55003, booked_until: '2026-05-31' });
    expect(set.status).toBe(200);
    expect(set.body.data.booked_until).toBe('2026-05-31');
    const read = await server.json('/api/v1/settings/accounting', { key: agency.apiKey });
    expect(read.body.data).toMatchObject({ booked_until: '2026-05-31', client_number: 55003 });
  });

  test('the office overview counts only what is after it as not exported yet', async () => {
    expect((await notExported()).issued).toEqual({ after: null, count: 1, from: '2026-06-02' });
  });

  test('a DATEV export leaves the booked days out and says how many', async () => {
    // May and June in one batch: June's invoice only, the USD one of May no 422 for its missing rate.
    const both = await datev('from=2026-05-01&to=2026-06-30&kind=issued');
    expect(both.numbers).toEqual(['RE-2026-0103']);
    expect(both.res.headers.get('x-datev-booked-until')).toBe('2026-05-31');
    expect(both.res.headers.get('x-datev-left-out')).toBe('3');
    // May alone books nothing.
    const may = await datev('from=2026-05-01&to=2026-05-31&kind=issued');
    expect(may.file.rows).toEqual([]);
    expect(may.res.headers.get('x-datev-left-out')).toBe('3');
    const received = await datev('from=2026-05-01&to=2026-06-30&kind=received');
    expect(received.res.headers.get('x-datev-left-out')).toBe('0');
    // The master data of the period names the debtor June books, not May's customers.
    const master = await server.request(
      '/api/v1/exports/datev-master-data.csv?from=2026-05-01&to=2026-06-30',
      {
        key: agency.apiKey,
      },
    );
    expect(master.status).toBe(200);
    const masterText = new TextDecoder('windows-1252').decode(await master.arrayBuffer());
    expect(masterText).toContain('Hansen Reederei');
    expect(masterText).not.toContain('Weber KG');
    expect(masterText).not.toContain('Acme');
  });

  test('June exported, nothing waits; a May invoice cancelled in June is reversed in June', async () => {
    expect((await notExported()).issued).toMatchObject({ count: 0, from: null, after: '2026-06-30' });
    clock.set('2026-06-22T10:00:00.000Z');
    const voided = await server.json(`/api/v1/documents/${ids['RE-2026-0102']}/void`, {
      method: 'POST',
      key: agency.apiKey,
      body: { reason: 'Doppelt berechnet' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const june = await datev('from=2026-06-01&to=2026-06-30&kind=issued');
    const texts = june.file.rows.map((row) => june.file.value(row, 'Buchungstext'));
    expect(june.numbers.sort()).toEqual(['RE-2026-0102', 'RE-2026-0103']);
    expect(texts.some((text) => text.startsWith('Storno '))).toBe(true);
    expect(june.res.headers.get('x-datev-left-out')).toBe('0');
  });

  test('a settings without the day exports every month as before, with no such headers', async () => {
    const other = await makeAccount(server);
    expect((await put({ consultant_number: 29098, client_number: 55004 }, other)).status).toBe(200);
    const res = await server.request('/api/v1/exports/datev?from=2026-05-01&to=2026-05-31', {
      key: other.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-datev-left-out')).toBeNull();
    expect(res.headers.get('x-datev-booked-until')).toBeNull();
  });

  test('an office export says per client how many bookings it left out', async () => {
    const started = await server.json('/api/v1/office/exports', {
      method: 'POST',
      key: agency.apiKey,
      body: { from: '2026-05-01', to: '2026-05-31', account_ids: [agency.id] },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await server.jobs.runDue();
    const status = await server.json(`/api/v1/office/exports/${started.body.data.id}`, {
      key: agency.apiKey,
    });
    expect(status.body.data.status).toBe('completed');
    expect(status.body.data.results[0]).toMatchObject({
      account_id: agency.id,
      problem_code: null,
      booked_until: '2026-05-31',
      left_out: { issued: 3, received: 0 },
    });
    const zip = await server.request(`/api/v1/office/exports/${started.body.data.id}/download`, {
      key: agency.apiKey,
    });
    const entries = readZip(new Uint8Array(await zip.arrayBuffer()));
    const ausgang = entries.find((e) =>
      e.name.endsWith('EXTF_Buchungsstapel_Ausgang_2026-05-01_2026-05-31.csv'),
    );
    expect(ausgang && readDatev(ausgang.bytes).rows).toEqual([]);
  });

  test('the day cleared, what the exports left out as booked elsewhere is waiting again', async () => {
    // May's files were made under booked_until 2026-05-31 and left May's invoices out: they hold none of
    // them. Cleared (the adviser had not booked them after all), May counts as not exported.
    const settings = (await server.json('/api/v1/settings/accounting', { key: agency.apiKey })).body.data;
    const { booked_until: _cleared, ...rest } = settings;
    expect((await put(rest)).status).toBe(200);
    const waiting = (await notExported()).issued;
    expect(waiting.from).toBe('2026-05-04');
    expect(waiting.count).toBeGreaterThanOrEqual(3);
  });
});
