// A tax adviser's reading of a DATEV batch whose fiscal year is not the calendar year (Wirtschaftsjahr from
// 1 July). A booking's Belegdatum is TTMM: DATEV takes its year from the header, so a batch's Datum vom and
// Datum bis lie in one calendar year (DATEV refuses another, #REW04404): a period across New Year, even
// within one fiscal year, would date January's bookings in the wrong year. It is refused before a byte is
// written, as a period across two fiscal years is; the months on either side export as before.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { bookingProblems, readDatev } from '../datev';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
const clock = new FakeClock(new Date('2026-12-01T08:00:00.000Z'));

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  firm = await makeAccount(server);
  const saved = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: { consultant_number: 29098, client_number: 55003, fiscal_year_start: '07-01' },
  });
  expect(saved.status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Schreinerei Holzwurm GmbH',
    tax_id: 'DE123456789',
    address: { line1: 'Werkstr. 3', city: 'München', postal_code: '80331', country: 'DE' },
  });
  const customer = await makeCustomer(server, firm, {
    name: 'Müller Bau GmbH',
    billing_address: { line1: 'Ring 1', city: 'Hamburg', postal_code: '20095', country: 'DE' },
  });
  for (const [number, issue_date] of [
    ['RE-2026-12', '2026-12-15'],
    ['RE-2027-01', '2027-01-15'],
  ]) {
    clock.set(`${issue_date}T09:00:00.000Z`);
    await makeDocument(
      server,
      firm,
      { profileId: profile.id, customerId: customer.id },
      {
        number,
        issue_date,
        due_date: issue_date,
        line_items: [
          { name: 'Tisch', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
        ],
      },
      ['finalize'],
    );
  }
}, 60_000);
afterAll(async () => await server.stop());

const datev = (query: string) => server.request(`/api/v1/exports/datev?${query}`, { key: firm.apiKey });

describe('a DATEV batch lies within one calendar year', () => {
  test('December to January, within the fiscal year from 1 July, is a 422 at query.to', async () => {
    for (const query of [
      'from=2026-12-01&to=2027-01-31&kind=issued',
      'from=2026-07-01&to=2027-06-30&kind=received',
    ]) {
      const res = await datev(query);
      expect({ query, status: res.status }).toEqual({ query, status: 422 });
      const body = (await res.json()) as any;
      expect(body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['query.to']);
      expect(body.error.details.fields[0].msg).toContain('calendar year');
    }
  });

  test('each month on its side of New Year: its own booking, dated in its header year', async () => {
    for (const [from, to, number, date] of [
      ['2026-12-01', '2026-12-31', 'RE-2026-12', '1512'],
      ['2027-01-01', '2027-01-31', 'RE-2027-01', '1501'],
    ] as const) {
      const res = await datev(`from=${from}&to=${to}&kind=issued`);
      expect(res.status).toBe(200);
      const file = readDatev(new Uint8Array(await res.arrayBuffer()));
      expect(file.header[12]).toBe('20260701'); // WJ-Beginn
      expect([file.header[14], file.header[15]]).toEqual([from.replaceAll('-', ''), to.replaceAll('-', '')]);
      expect(file.rows.map((row) => [file.value(row, 'Belegfeld 1'), file.value(row, 'Belegdatum')])).toEqual(
        [[number, date]],
      );
      for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
    }
  });
});
