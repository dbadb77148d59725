import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { documentBody } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';
import { fromConsole, makeUser, signIn } from '../users';

// Dunning dates are the seller's calendar dates (the business profile's `default_timezone`), as recurring
// invoices' are: a reminder written at 00:30 in Berlin is dated that Berlin day, not the UTC day before.

const FROM = 'billing@invoices.example';
let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-11-20T09:00:00.000Z'));
  server = await startServer({ clock, smtpUrl: smtp.url({ from: FROM }), startJobs: false });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

let seq = 0;
async function setup(timezone: string) {
  const account = await makeAccount(server);
  const biz = await makeBusinessProfile(server, account, {
    legal_name: 'Acme Handel GmbH',
    default_locale: 'de-DE',
    default_timezone: timezone,
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    bank_account: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  });
  seq += 1;
  const email = `tz${seq}@globex.example`;
  const customer = await makeCustomer(server, account, { name: 'Globex GmbH', email });
  return { account, profileId: biz.id, customerId: customer.id, email };
}

const call = async (account: TestAccount, method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, body });

async function invoice(s: Awaited<ReturnType<typeof setup>>, dueDate: string | undefined) {
  const created = await call(
    s.account,
    'POST',
    '/api/v1/documents',
    documentBody(s, { issue_date: '2026-11-02', due_date: dueDate }),
  );
  expect(created.status).toBe(200);
  const finalized = await call(s.account, 'POST', `/api/v1/documents/${created.body.data.id}/finalize`);
  expect(finalized.body.error ?? null).toBeNull();
  return created.body.data as { id: string; number: string };
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

describe("dunning in the seller's time zone", () => {
  test('a reminder at 00:30 in Berlin is dated that Berlin day: overdue since the day before, pay by that day + 14', async () => {
    const s = await setup('Europe/Berlin');
    const dueYesterday = await invoice(s, '2026-12-07');
    const older = await invoice(s, '2026-12-01');
    // 2026-12-07T23:30Z is 2026-12-08 00:30 in Berlin (CET, UTC+1).
    clock.set('2026-12-07T23:30:00.000Z');
    const first = await call(s.account, 'POST', `/api/v1/documents/${dueYesterday.id}/reminders`);
    expect(first.body.error ?? null).toBeNull();
    expect(first.status).toBe(201);
    expect(first.body.data.pay_by).toBe('2026-12-22');
    const second = await call(s.account, 'POST', `/api/v1/documents/${older.id}/reminders`, {
      message: 'Seit {days_overdue} Tagen offen; bitte bis {pay_by}.',
    });
    expect(second.status).toBe(201);
    expect(second.body.data.pay_by).toBe('2026-12-22');
    await server.jobs.runDue();
    const mail = smtp.messages.find(
      (m) => m.envelope.to.includes(s.email) && m.parsed.subject === `Zahlungserinnerung ${older.number}`,
    );
    const letter = plain((await inspectPdf(new Uint8Array(mail?.parsed.attachments[0]?.content ?? []))).text);
    expect(letter).toContain('08.12.2026');
    expect(letter).toContain('Seit 7 Tagen offen; bitte bis 22.12.2026.');
  });

  test('the daily job in Los Angeles: at 16:30 local (00:30 UTC the next day) an invoice due today is not reminded yet', async () => {
    const s = await setup('America/Los_Angeles');
    const policy = await call(s.account, 'PUT', '/api/v1/dunning-policy', {
      enabled: true,
      levels: [
        { days_after_due: 0, fee: '0', subject: 'Zahlungserinnerung {number}', message: 'Bis {pay_by}.' },
      ],
    });
    expect(policy.status).toBe(200);
    const dueToday = await invoice(s, '2026-12-07');
    const dueYesterday = await invoice(s, '2026-12-06');
    // 2026-12-08T00:30Z is 2026-12-07 16:30 in Los Angeles (PST, UTC-8).
    clock.set('2026-12-08T00:30:00.000Z');
    await server.jobs.runDue();
    await server.jobs.runDue();
    const remindersOf = async (id: string) =>
      (await call(s.account, 'GET', `/api/v1/documents/${id}/reminders`)).body.data as { pay_by: string }[];
    expect(await remindersOf(dueToday.id)).toEqual([]);
    const [sent, ...more] = await remindersOf(dueYesterday.id);
    expect(more).toEqual([]);
    expect(sent?.pay_by).toBe('2026-12-21');
    // By hand the same: the invoice due today (in Los Angeles) is not overdue yet.
    const early = await call(s.account, 'POST', `/api/v1/documents/${dueToday.id}/reminders`);
    expect(early.status).toBe(409);
  });

  test('an invoice without a due date was due at once: {days_overdue} counts from its issue date, as {due_date} names it', async () => {
    const s = await setup('Europe/Berlin');
    clock.set('2026-11-20T09:00:00.000Z');
    const doc = await invoice(s, undefined);
    // 2026-12-06T23:30Z is Dec 7 in Berlin: 35 days after the issue date, Nov 2.
    clock.set('2026-12-06T23:30:00.000Z');
    const sent = await call(s.account, 'POST', `/api/v1/documents/${doc.id}/reminders`, {
      message: 'Fällig seit {due_date}, seit {days_overdue} Tagen.',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.pay_by).toBe('2026-12-21');
    await server.jobs.runDue();
    const mail = smtp.messages.find((m) => m.parsed.subject === `Zahlungserinnerung ${doc.number}`);
    expect(plain(mail?.parsed.text ?? '')).toContain('Fällig seit 02.11.2026, seit 35 Tagen.');
  });
});

describe("the documents API counts overdue by the seller's calendar too", () => {
  test('days_overdue and ?overdue=true agree with dunning around midnight, in Berlin and in Los Angeles', async () => {
    const berlin = await setup('Europe/Berlin');
    const angeles = await setup('America/Los_Angeles');
    const inBerlin = await invoice(berlin, '2026-12-07');
    const inAngeles = await invoice(angeles, '2026-12-07');
    const overdueIds = async (s: Awaited<ReturnType<typeof setup>>) =>
      (await call(s.account, 'GET', '/api/v1/documents?overdue=true')).body.data.map(
        (d: { id: string }) => d.id,
      );
    const daysOverdue = async (s: Awaited<ReturnType<typeof setup>>, id: string) => ({
      read: (await call(s.account, 'GET', `/api/v1/documents/${id}`)).body.data.days_overdue,
      listed: (await call(s.account, 'GET', '/api/v1/documents')).body.data.find(
        (d: { id: string }) => d.id === id,
      ).days_overdue,
    });

    // 23:30 UTC on the due date: 00:30 the next day in Berlin (overdue there), 15:30 that day in Los Angeles.
    clock.set('2026-12-07T23:30:00.000Z');
    expect(await daysOverdue(berlin, inBerlin.id)).toEqual({ read: 1, listed: 1 });
    expect(await overdueIds(berlin)).toEqual([inBerlin.id]);
    expect((await call(berlin.account, 'POST', `/api/v1/documents/${inBerlin.id}/reminders`)).status).toBe(
      201,
    );

    // 00:30 UTC the next day: still the due date in Los Angeles, so not overdue there.
    clock.set('2026-12-08T00:30:00.000Z');
    expect(await daysOverdue(angeles, inAngeles.id)).toEqual({ read: 0, listed: 0 });
    expect(await overdueIds(angeles)).toEqual([]);
    expect((await call(angeles.account, 'POST', `/api/v1/documents/${inAngeles.id}/reminders`)).status).toBe(
      409,
    );
    clock.set('2026-12-08T08:30:00.000Z');
    expect(await daysOverdue(angeles, inAngeles.id)).toEqual({ read: 1, listed: 1 });
    expect(await overdueIds(angeles)).toEqual([inAngeles.id]);
  });
});

describe("the firm's reports count to its today too", () => {
  test('at 00:30 in Berlin the receivables report and the office overview are for that Berlin day, the invoice due the day before overdue', async () => {
    const s = await setup('Europe/Berlin');
    clock.set('2026-11-20T09:00:00.000Z');
    await invoice(s, '2026-12-07');
    // 2026-12-07T23:30Z is 2026-12-08 00:30 in Berlin: the documents list calls it overdue.
    clock.set('2026-12-07T23:30:00.000Z');
    const listed = await call(s.account, 'GET', '/api/v1/documents?overdue=true');
    expect(listed.body.data.length).toBe(1);
    const report = await call(s.account, 'GET', '/api/v1/reports/receivables');
    expect(report.status).toBe(200);
    expect(report.body.data.as_of).toBe('2026-12-08');
    const [eur] = report.body.data.currencies;
    expect(eur.overdue).toBe(eur.open);
    expect(eur.current).toBe('0.00');
    const revenue = await call(s.account, 'GET', '/api/v1/reports/revenue');
    expect(revenue.status).toBe(200);
    expect(revenue.body.data.to).toBe('2026-12-08');
    const overview = await call(s.account, 'GET', '/api/v1/office/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.data.as_of).toBe('2026-12-08');
    expect(overview.body.data.clients[0].currencies[0].overdue).toBe(eur.open);
    // A given day is kept as given.
    const asked = await call(s.account, 'GET', '/api/v1/reports/receivables?as_of=2026-12-07');
    expect(asked.body.data.as_of).toBe('2026-12-07');
    expect(asked.body.data.currencies[0].overdue).toBe('0.00');
  });

  test('a profile naming no time zone counts in UTC: beside a Berlin one, the report is for the UTC day at 00:30 in Berlin', async () => {
    const s = await setup('Europe/Berlin');
    const utc = await makeBusinessProfile(server, s.account, {
      legal_name: 'Acme Export GmbH',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
      bank_account: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
    });
    clock.set('2026-11-20T09:00:00.000Z');
    await invoice({ ...s, profileId: utc.id }, '2026-12-07');
    clock.set('2026-12-07T23:30:00.000Z');
    expect((await call(s.account, 'GET', '/api/v1/documents?overdue=true')).body.data).toEqual([]);
    const report = await call(s.account, 'GET', '/api/v1/reports/receivables');
    expect(report.body.data.as_of).toBe('2026-12-07');
    expect(report.body.data.currencies[0].overdue).toBe('0.00');
  });

  test("the office overview counts each client on the client's own today, as the client's report does", async () => {
    const office = await makeAccount(server, { name: 'Kanzlei Weber', office: true });
    const person = await makeUser(server, office.id, { role: 'owner' });
    const s = await setup('Europe/Berlin');
    await makeUser(server, s.account.id, { email: person.email, password: null, role: 'accountant' });
    clock.set('2026-11-20T09:00:00.000Z');
    await invoice(s, '2026-12-07');
    clock.set('2026-12-07T23:30:00.000Z');
    const own = await call(s.account, 'GET', '/api/v1/reports/receivables');
    const cookie = await signIn(server, person.email);
    const overview = await server.json('/api/v1/office/overview', { headers: fromConsole(server, cookie) });
    expect(overview.status).toBe(200);
    // The office names no zone: its page is for the UTC day; the Berlin client is counted on its own.
    expect(overview.body.data.as_of).toBe('2026-12-07');
    const client = overview.body.data.clients.find(
      (c: { account_id: string }) => c.account_id === s.account.id,
    );
    expect(client.as_of).toBe('2026-12-08');
    expect(client.currencies).toEqual(own.body.data.currencies);
    expect(client.currencies[0].overdue).not.toBe('0.00');
  });
});
