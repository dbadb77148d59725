// What the rest of the service makes of a history carried in issued (docs/imports.md, "Moving an invoice
// history from another tool"): reports count it by its own dates, the DATEV export and the office overview
// leave the days booked elsewhere out, the dunning job does not start reminding an open invoice of those days
// by itself, and its e-invoice is drawn like any finalized invoice's.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { readDatev } from '../datev';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

let smtp: TestSmtp;
let server: TestServer;
const clock = new FakeClock(new Date('2026-12-08T09:00:00.000Z'));
const FROM = 'billing@invoices.example';

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ clock, smtpUrl: smtp.url({ from: FROM }), startJobs: false });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

interface Agency {
  account: TestAccount;
  profileId: string;
  customerId: string;
  email: string;
}

let seq = 0;
async function agency(): Promise<Agency> {
  const account = await makeAccount(server);
  const biz = await makeBusinessProfile(server, account, {
    legal_name: 'Agentur Nord GmbH',
    email: 'buchhaltung@agentur-nord.example',
    default_locale: 'de-DE',
    address: { line1: 'Speicherstadt 3', city: 'Hamburg', postal_code: '20457', country: 'DE' },
    tax_id: 'DE123456789',
    bank_account: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  });
  seq += 1;
  const email = `ap${seq}@weber.example`;
  const customer = await makeCustomer(server, account, {
    name: 'Weber KG',
    email,
    billing_address: { line1: 'Ring 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
  });
  return { account, profileId: biz.id, customerId: customer.id, email };
}

const call = (a: Agency, method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: a.account.apiKey, body });

/** 100.00 net at 19 %: 119.00. */
const row = (a: Agency, number: string, issue: string, due: string, history: Record<string, unknown>) => ({
  number,
  issue_date: issue,
  due_date: due,
  currency: 'EUR',
  tax_scheme: 'VAT',
  business_profile_id: a.profileId,
  customer_id: a.customerId,
  line_items: [
    { name: 'Webdesign', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
  ...history,
});

async function importHistory(a: Agency, data: unknown[]): Promise<Record<string, string>> {
  const created = await call(a, 'POST', '/api/v1/imports', {
    source_format: 'json',
    resource: 'documents',
    data,
  });
  expect(created.body.data.errors).toBeNull();
  const done = await call(a, 'POST', `/api/v1/imports/${created.body.data.id}/confirm`);
  expect(done.body.data).toMatchObject({ status: 'completed', failed_rows: 0 });
  const list = await call(a, 'GET', '/api/v1/documents?limit=100');
  return Object.fromEntries(list.body.data.map((d: { number: string; id: string }) => [d.number, d.id]));
}

/** March 2024: one paid on 15 March, one part-paid on 2 April, one open; a draft that counts nowhere. */
const march2024 = (a: Agency) => [
  row(a, 'RE-2024-0010', '2024-03-04', '2024-03-18', { status: 'paid', paid_on: '2024-03-15' }),
  row(a, 'RE-2024-0011', '2024-03-11', '2024-03-25', {
    status: 'sent',
    paid_on: '2024-04-02',
    amount_paid: '100.00',
  }),
  row(a, 'RE-2024-0012', '2024-03-20', '2024-04-03', { status: 'sent' }),
  row(a, 'RE-2024-0013', '2024-03-21', '2024-04-04', {}),
];

describe('an issued history in the rest of the service', () => {
  test('revenue counts it in the month of issue; receivables as of a past day see the payments dated then', async () => {
    const a = await agency();
    await importHistory(a, march2024(a));
    const revenue = await call(a, 'GET', '/api/v1/reports/revenue?from=2024-03-01&to=2024-04-30&group=month');
    const eur = revenue.body.data.currencies[0];
    expect(
      eur.months.map((m: { month: string; gross: string; documents: number }) => [
        m.month,
        m.gross,
        m.documents,
      ]),
    ).toEqual([
      ['2024-03', '357.00', 3],
      ['2024-04', '0.00', 0],
    ]);
    const open = async (asOf: string) =>
      (await call(a, 'GET', `/api/v1/reports/receivables?as_of=${asOf}`)).body.data.currencies[0];
    // 31 March 2024: the first paid, the other two open in full (one overdue by 6 days).
    expect(await open('2024-03-31')).toMatchObject({ open: '238.00', overdue: '119.00', open_items: 2 });
    // 30 April 2024: 100.00 of the second paid on 2 April.
    expect(await open('2024-04-30')).toMatchObject({ open: '138.00', overdue: '138.00', open_items: 2 });
  });

  test('booked_until: the DATEV export and the office overview leave the history out; without it, DATEV books its month', async () => {
    const a = await agency();
    await importHistory(a, march2024(a));
    const settings = { consultant_number: 29098, client_number: 55003 };
    expect((await call(a, 'PUT', '/api/v1/settings/accounting', settings)).status).toBe(200);
    const datev = async () => {
      const res = await server.request('/api/v1/exports/datev?from=2024-03-01&to=2024-03-31&kind=issued', {
        key: a.account.apiKey,
      });
      expect(res.status).toBe(200);
      const file = readDatev(new Uint8Array(await res.arrayBuffer()));
      return { res, numbers: file.rows.map((r) => file.value(r, 'Beleginfo - Inhalt 2')) };
    };
    expect((await datev()).numbers.sort()).toEqual(['RE-2024-0010', 'RE-2024-0011', 'RE-2024-0012']);
    const put = await call(a, 'PUT', '/api/v1/settings/accounting', {
      ...settings,
      booked_until: '2024-12-31',
    });
    expect(put.status).toBe(200);
    const left = await datev();
    expect(left.numbers).toEqual([]);
    expect(left.res.headers.get('x-datev-left-out')).toBe('3');
    const overview = await call(a, 'GET', '/api/v1/office/overview');
    expect(overview.body.data.clients[0].datev.not_exported.issued.count).toBe(0);
  });

  test('dunning: the daily job does not start reminding an open invoice of the booked days; one by hand does, and the job goes on from it', async () => {
    const a = await agency();
    const ids = await importHistory(a, [
      ...march2024(a),
      // Issued here on 2 November, due 16 November: 22 days overdue today, reminded as any invoice.
      row(a, 'RE-2026-0200', '2026-11-02', '2026-11-16', { status: 'sent' }),
    ]);
    const policy = {
      enabled: true,
      levels: [
        {
          days_after_due: 7,
          fee: '0',
          subject: 'Zahlungserinnerung {number}',
          message: 'Offen: {amount_due}.',
        },
        {
          days_after_due: 14,
          fee: '5.00',
          subject: '1. Mahnung {number}',
          message: 'Bitte zahlen Sie {total}.',
        },
      ],
    };
    expect((await call(a, 'PUT', '/api/v1/dunning-policy', policy)).status).toBe(200);
    const settings = { consultant_number: 29098, client_number: 55003, booked_until: '2026-10-31' };
    expect((await call(a, 'PUT', '/api/v1/settings/accounting', settings)).status).toBe(200);
    const levels = async (number: string) =>
      (await call(a, 'GET', `/api/v1/documents/${ids[number]}/reminders`)).body.data.map(
        (r: { level: number }) => r.level,
      );
    await server.jobs.runDue();
    await server.jobs.runDue();
    // The 2024 invoices, 980 days overdue, get nothing by themselves; November's gets its first level.
    for (const number of ['RE-2024-0011', 'RE-2024-0012']) expect(await levels(number)).toEqual([]);
    expect(await levels('RE-2026-0200')).toEqual([1]);
    expect(smtp.messages.filter((m) => m.envelope.to.includes(a.email))).toHaveLength(1);

    // A reminder sent by hand starts the dunning of one; after its payment date the job sends the next level.
    const byHand = await call(a, 'POST', `/api/v1/documents/${ids['RE-2024-0012']}/reminders`);
    expect(byHand.status).toBe(201);
    await server.jobs.runDue();
    expect(smtp.messages.filter((m) => m.envelope.to.includes(a.email))).toHaveLength(2);
    clock.set('2026-12-23T09:00:00.000Z');
    try {
      await server.jobs.runDue();
      await server.jobs.runDue();
      expect(await levels('RE-2024-0012')).toEqual([2, 1]);
      expect(await levels('RE-2024-0011')).toEqual([]);
    } finally {
      clock.set('2026-12-08T09:00:00.000Z');
    }
  });

  test('an imported issued invoice has its e-invoice like any finalized one', async () => {
    const a = await agency();
    const ids = await importHistory(a, march2024(a));
    const res = await server.request(`/api/v1/documents/${ids['RE-2024-0012']}/xml?profile=xrechnung_ubl`, {
      key: a.account.apiKey,
    });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<cbc:ID>RE-2024-0012</cbc:ID>');
    expect(xml).toContain('<cbc:IssueDate>2024-03-20</cbc:IssueDate>');
  });
});
