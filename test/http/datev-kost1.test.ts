// KOST1 in the DATEV Buchungsstapel (docs/exports.md, docs/cost-centres.md): a document allocated to a cost
// centre is booked with the cost centre's code in field 37 "KOST1 - Kostenstelle", on each of its bookings
// and on its reversal (Storno), in either encoding; an unlinked one leaves it empty. Read back with the
// independent reader of DATEV's format (test/datev.ts), not the service's writer.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, type DatevFile, readDatev } from '../datev';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
let parties: { profileId: string; customerId: string };
const clock = new FakeClock(new Date('2026-09-01T08:00:00.000Z'));
const centres: Record<string, string> = {};

const KOST1 = 'KOST1 - Kostenstelle';
/** A code of DATEV's longest KOST1, 36 characters. */
const LONG_CODE = 'K2026ABCDEFGHIJKLMNOPQRSTUVWXYZ01234';

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });
const vat = (rate: string) => [{ name: 'VAT', rate, category: 'S' }];
const line = (unit_price: string, rate: string) => ({
  name: 'Work',
  quantity: '1',
  unit_price,
  taxes: vat(rate),
});

async function datev(query: string, encoding: 'windows-1252' | 'utf-8' = 'windows-1252'): Promise<DatevFile> {
  const res = await server.request(`/api/v1/exports/datev?${query}&encoding=${encoding}`, {
    key: firm.apiKey,
  });
  expect(res.status).toBe(200);
  const file = readDatev(new Uint8Array(await res.arrayBuffer()), encoding);
  for (const row of file.rows) {
    expect({ number: file.value(row, 'Beleginfo - Inhalt 2'), problems: bookingProblems(row) }).toEqual({
      number: file.value(row, 'Beleginfo - Inhalt 2'),
      problems: [],
    });
    // DATEV's KOST1: text of up to 36 characters, quoted; empty when the booking has no cost centre.
    expect(row[36]).toMatch(/^$|^"[A-Za-z0-9]{1,36}"$/);
  }
  return file;
}

/** Each booking of a document, by its number as stated: [Buchungstext, Soll/Haben, KOST1]. */
const bookingsOf = (file: DatevFile, number: string) =>
  file.rows
    .filter((row) => file.value(row, 'Beleginfo - Inhalt 2') === number)
    .map((row) => [
      file.value(row, 'Buchungstext'),
      file.value(row, 'Soll/Haben-Kennzeichen'),
      file.value(row, KOST1),
    ]);

async function issue(
  number: string,
  issueDate: string,
  lines: unknown[],
  costCentre?: string,
  actions = ['finalize'],
) {
  clock.set(`${issueDate}T09:00:00.000Z`);
  const extra = costCentre === undefined ? {} : { cost_centre_id: centres[costCentre] };
  return await makeDocument(
    server,
    firm,
    parties,
    { number, issue_date: issueDate, line_items: lines, ...extra },
    actions,
  );
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  parties = await makeParties(server, firm);
  const settings = await call('PUT', '/api/v1/settings/accounting', {
    consultant_number: 29098,
    client_number: 55003,
  });
  expect(settings.status).toBe(200);
  for (const [key, code] of [
    ['sales', 'VERTRIEB'],
    ['long', LONG_CODE],
  ] as const) {
    const made = await call('POST', '/api/v1/cost-centres', { code, name: `Centre ${key}` });
    expect(made.status).toBe(200);
    centres[key] = made.body.data.id;
  }
  // Two tax cases, two bookings; a plain one unlinked; one linked and cancelled in September, one in October.
  await issue('KS-1', '2026-09-02', [line('100.00', '19'), line('50.00', '7')], 'sales');
  await issue('KS-2', '2026-09-03', [line('80.00', '19')]);
  await issue('KS-3', '2026-09-04', [line('60.00', '19')], 'long', ['finalize', 'mark-sent']);
  await issue('KS-4', '2026-09-05', [line('40.00', '19')], 'sales', ['finalize', 'mark-sent']);
  const linkedLater = await issue('KS-5', '2026-09-06', [line('20.00', '19')]);
  // Allocated after issue: the allocation is the firm's own accounting (docs/cost-centres.md).
  const allocated = await call('PATCH', `/api/v1/documents/${linkedLater.id}`, {
    cost_centre_id: centres.long,
  });
  expect(allocated.body.data.cost_centre_id).toBe(centres.long);
  const numbers = await call('GET', '/api/v1/documents?limit=100');
  const idOf = (number: string) => numbers.body.data.find((d: { number: string }) => d.number === number).id;
  clock.set('2026-09-20T10:00:00.000Z');
  expect((await call('POST', `/api/v1/documents/${idOf('KS-3')}/void`)).status).toBe(200);
  clock.set('2026-10-07T10:00:00.000Z');
  expect((await call('POST', `/api/v1/documents/${idOf('KS-4')}/void`)).status).toBe(200);
  clock.set('2026-11-02T08:00:00.000Z');
}, 120_000);
afterAll(async () => await server.stop());

describe('KOST1 in the Buchungsstapel', () => {
  test('field 37 is KOST1; a linked document books its cost centre’s code on each booking, an unlinked one none', async () => {
    const file = await datev('from=2026-09-01&to=2026-09-30');
    expect(file.columns[36]).toBe(KOST1);
    expect(bookingsOf(file, 'KS-1').map((b) => b[2])).toEqual(['VERTRIEB', 'VERTRIEB']);
    expect(bookingsOf(file, 'KS-2').map((b) => b[2])).toEqual(['']);
    // The longest code DATEV takes, whole; one allocated after issue, too.
    expect(bookingsOf(file, 'KS-5').map((b) => b[2])).toEqual([LONG_CODE]);
  });

  test('a reversal (Storno) carries the KOST1 of its document, in the same period and in a later one', async () => {
    const september = await datev('from=2026-09-01&to=2026-09-30');
    const name = bookingsOf(september, 'KS-3')[0]?.[0] as string;
    expect(bookingsOf(september, 'KS-3')).toEqual([
      [name, 'S', LONG_CODE],
      [`Storno ${name}`, 'H', LONG_CODE],
    ]);
    expect(bookingsOf(september, 'KS-4')).toEqual([[name, 'S', 'VERTRIEB']]);
    const october = await datev('from=2026-10-01&to=2026-10-31');
    expect(bookingsOf(october, 'KS-4')).toEqual([[`Storno ${name}`, 'H', 'VERTRIEB']]);
  });

  test('the same in UTF-8; an inactive cost centre stays on the documents allocated to it', async () => {
    expect((await call('PATCH', `/api/v1/cost-centres/${centres.sales}`, { active: false })).status).toBe(
      200,
    );
    const file = await datev('from=2026-09-01&to=2026-09-30', 'utf-8');
    expect(bookingsOf(file, 'KS-1').map((b) => b[2])).toEqual(['VERTRIEB', 'VERTRIEB']);
    expect(bookingsOf(file, 'KS-2').map((b) => b[2])).toEqual(['']);
  });

  test('an unlinked document books an empty KOST1 again; the file is the same otherwise', async () => {
    const before = await datev('from=2026-09-01&to=2026-09-30');
    const doc = (await call('GET', '/api/v1/documents?limit=100')).body.data.find(
      (d: { number: string }) => d.number === 'KS-5',
    );
    expect((await call('PATCH', `/api/v1/documents/${doc.id}`, { cost_centre_id: null })).status).toBe(200);
    const after = await datev('from=2026-09-01&to=2026-09-30');
    expect(bookingsOf(after, 'KS-5').map((b) => b[2])).toEqual(['']);
    const withoutKost1 = (file: DatevFile) => file.rows.map((row) => [...row.slice(0, 36), ...row.slice(37)]);
    expect(withoutKost1(after)).toEqual(withoutKost1(before));
  });
});
