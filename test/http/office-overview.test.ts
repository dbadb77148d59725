// The office overview (docs/office.md): one person in an office and its clients sees each client's
// receivables exactly as that client's own receivables report states them, its drafts and received
// documents waiting, the last DATEV export of each kind and what no export has reached yet; sorted as
// asked; an API key sees its own account only, and a client the person left is gone from it.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { datevExport } from '../../src/modules/exports';
import { datevExports } from '../../src/modules/exports/schema';
import { FakeClock } from '../../src/shared/clock';
import { readDatev } from '../datev';
import { makeDocument, makeParties } from '../document-factories';
import {
  disableAccount,
  makeAccount,
  makeBusinessProfile,
  makeCustomer,
  type TestAccount,
} from '../factories';
import { sourceOnly, startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, signIn } from '../users';

// documentBody's invoice: net 199.90, 19 % VAT 37.98, total 237.88.
let server: TestServer;
const clock = new FakeClock(new Date('2026-11-20T09:30:00.000Z'));
let office: TestAccount;
/** Created by the office over POST /api/v1/accounts; its key made by the person acting in it. */
let alpha: TestAccount;
/** Joined by the same person as an accountant (users create with an email that signs in already). */
let beta: TestAccount;
let gamma: TestAccount;
let cookie: string;

const TODAY = '2026-11-20';
const browser = () => fromConsole(server, cookie);
const overview = async (query = '', headers: Record<string, string> = browser()) => {
  const res = await server.json(`/api/v1/office/overview${query}`, { headers });
  expect(res.status).toBe(200);
  return res.body.data;
};
const clientIn = (data: any, accountId: string) =>
  data.clients.find((c: { account_id: string }) => c.account_id === accountId);
const names = (data: any) => data.clients.map((c: { name: string }) => c.name);
const download = async (path: string, key: string) => {
  const res = await server.request(path, { key });
  expect(res.status).toBe(200);
  return readDatev(new Uint8Array(await res.arrayBuffer()));
};
const invoice = async (
  account: TestAccount,
  parties: { profileId: string; customerId: string },
  issue: string,
  due: string,
  extra: Record<string, unknown> = {},
) =>
  await makeDocument(server, account, parties, { issue_date: issue, due_date: due, ...extra }, [
    'finalize',
    'mark-sent',
  ]);

/** A supplier's XRechnung, received by `account`. */
async function receive(account: TestAccount, supplier: TestAccount, number: string, issue: string) {
  const profile = await makeBusinessProfile(server, supplier, {
    legal_name: `Lieferant ${number} GmbH`,
    email: 'rechnung@lieferant.example',
    tax_id: 'DE987654321',
    address: { line1: 'Allee 5', city: 'Hamburg', postal_code: '20095', country: 'DE' },
    electronic_address: { scheme: '9930', value: 'DE987654321' },
    bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  const buyer = await makeCustomer(server, supplier, {
    name: 'Bäckerei Alpha GmbH',
    billing_address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    electronic_address: { scheme: '0204', value: '991-12345-67' },
  });
  const sent = await makeDocument(
    server,
    supplier,
    { profileId: profile.id, customerId: buyer.id },
    { number, issue_date: issue, due_date: issue, delivery_date: issue, tax_scheme: 'VAT' },
    ['finalize'],
  );
  const xml = await (
    await server.request(`/api/v1/documents/${sent.id}/xml?profile=xrechnung_ubl`, { key: supplier.apiKey })
  ).text();
  return await post(account, xml);
}

async function post(account: TestAccount, xml: string) {
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(res.status).toBe(201);
  return { ...((await res.json()) as { data: { id: string; duplicate_of: string | null } }).data, xml };
}

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  office = await makeAccount(server, { name: 'Kanzlei Weber', office: true });
  const person = await makeUser(server, office.id, { role: 'owner' });
  cookie = await signIn(server, person.email);

  const created = await server.json('/api/v1/accounts', {
    method: 'POST',
    headers: browser(),
    body: {
      name: 'Bäckerei Alpha GmbH',
      owner_email: `owner.${Date.now()}@alpha.example`,
      consultant_number: 29098,
      client_number: 10001,
    },
  });
  expect(created.status).toBe(201);
  const alphaId = created.body.data.account.id as string;
  const key = await server.json('/api/v1/api-keys', {
    method: 'POST',
    headers: { ...browser(), account: alphaId },
    body: { name: 'office' },
  });
  expect(key.status).toBe(200);
  alpha = { id: alphaId, apiKey: key.body.data.api_key, keyId: key.body.data.id, planId: 'plan_self_hosted' };

  beta = await makeAccount(server, { name: 'Zimmerei Beta KG' });
  await makeUser(server, beta.id, { email: person.email, password: null, role: 'accountant' });
  const settings = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: beta.apiKey,
    body: { consultant_number: 29098, client_number: 10002 },
  });
  expect(settings.status).toBe(200);
  // Reached, but disabled: not in the overview.
  gamma = await makeAccount(server, { name: 'Gamma Gastro GmbH' });
  await makeUser(server, gamma.id, { email: person.email, password: null, role: 'member' });
  await disableAccount(server, gamma.id);

  // Alpha: EUR part-paid and 95 days overdue, EUR not yet due, USD 36 days overdue; a draft; two received
  // documents, one of them approved.
  const a = await makeParties(server, alpha);
  const a1 = await invoice(alpha, a, '2026-08-03', '2026-08-17');
  const paid = await server.json(`/api/v1/documents/${a1.id}/payments`, {
    method: 'POST',
    key: alpha.apiKey,
    body: { amount: '100.00', date: '2026-09-01' },
  });
  expect(paid.status).toBe(201);
  await invoice(alpha, a, '2026-11-10', '2026-12-10');
  await invoice(alpha, a, '2026-10-01', '2026-10-15', {
    currency: 'USD',
    tax_currency: { currency: 'EUR', exchange_rate: '0.92' },
  });
  await makeDocument(server, alpha, a, { issue_date: '2026-11-18' });
  const supplier = await makeAccount(server, { name: 'Lieferant' });
  const first = await receive(alpha, supplier, 'L-2026-1005', '2026-10-05');
  // The same invoice arriving again (a byte more): a file of it, waiting once and never booked twice.
  const copy = await post(alpha, `${first.xml}\n`);
  expect(copy.duplicate_of).toBe(first.id);
  const approved = await receive(alpha, supplier, 'L-2026-1102', '2026-11-02');
  const approve = await server.json(`/api/v1/received-documents/${approved.id}`, {
    method: 'PATCH',
    key: alpha.apiKey,
    body: { status: 'approved' },
  });
  expect(approve.status).toBe(200);

  // Beta: two EUR invoices overdue (40 and 71 days), CHF not yet due, two drafts.
  const b = await makeParties(server, beta);
  await invoice(beta, b, '2026-10-01', '2026-10-11');
  await invoice(beta, b, '2026-09-01', '2026-09-10');
  await invoice(beta, b, '2026-11-15', '2026-12-15', {
    currency: 'CHF',
    tax_currency: { currency: 'EUR', exchange_rate: '1.05' },
  });
  await makeDocument(server, beta, b, { issue_date: '2026-11-19' });
  await makeDocument(server, beta, b, { issue_date: '2026-11-19' });
  // The office itself: one draft.
  await makeDocument(server, office, await makeParties(server, office), { issue_date: '2026-11-19' });
}, 120_000);
afterAll(async () => await server.stop());

describe('the office overview', () => {
  test("each reached account that is not disabled, its figures equal to its own receivables report's", async () => {
    const data = await overview();
    // The executable keeps the machine's time: its figures are compared with its own report all the same.
    expect(data.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data).toMatchObject({
      as_of: sourceOnly ? data.as_of : TODAY,
      sort: 'overdue',
      order: 'desc',
      currency: 'EUR',
    });
    expect(data.clients.map((c: { account_id: string }) => c.account_id).sort()).toEqual(
      [office.id, alpha.id, beta.id].sort(),
    );
    for (const client of data.clients) {
      const report = await server.json(`/api/v1/reports/receivables?as_of=${data.as_of}`, {
        headers: { ...browser(), account: client.account_id },
      });
      expect([report.status, report.body.error]).toEqual([200, undefined]);
      expect(client.currencies).toEqual(report.body.data.currencies);
    }
    const a = clientIn(data, alpha.id);
    expect(a).toMatchObject({
      name: 'Bäckerei Alpha GmbH',
      role: 'admin',
      office: false,
      current: false,
      consultant_number: 29098,
      client_number: 10001,
      drafts: 1,
      waiting: 1,
    });
    expect(a.currencies).toEqual([
      {
        currency: 'EUR',
        open: '375.76',
        current: '237.88',
        overdue: '137.88',
        credits: '0.00',
        ageing: { '0-30': '0.00', '31-60': '0.00', '61-90': '0.00', '90+': '137.88' },
        open_items: 2,
      },
      {
        currency: 'USD',
        open: '237.88',
        current: '0.00',
        overdue: '237.88',
        credits: '0.00',
        ageing: { '0-30': '0.00', '31-60': '237.88', '61-90': '0.00', '90+': '0.00' },
        open_items: 1,
      },
    ]);
    const b = clientIn(data, beta.id);
    expect(b).toMatchObject({ role: 'accountant', client_number: 10002, drafts: 2, waiting: 0 });
    expect(b.currencies.find((c: { currency: string }) => c.currency === 'EUR')).toMatchObject({
      overdue: '475.76',
      ageing: { '0-30': '0.00', '31-60': '237.88', '61-90': '237.88', '90+': '0.00' },
    });
    expect(clientIn(data, office.id)).toMatchObject({
      role: 'owner',
      office: true,
      current: true,
      client_number: null,
      currencies: [],
      drafts: 1,
      waiting: 0,
    });
    // The request's `Account` changes where it acts, not what the person reaches.
    const elsewhere = await overview('', { ...browser(), account: alpha.id });
    expect(clientIn(elsewhere, alpha.id).current).toBe(true);
    expect(elsewhere.clients).toHaveLength(3);
  });

  test('sorted by overdue (default), name, client number, an amount in a currency, drafts, waiting', async () => {
    expect(names(await overview())).toEqual(['Zimmerei Beta KG', 'Bäckerei Alpha GmbH', 'Kanzlei Weber']);
    expect(names(await overview('?sort=overdue&order=asc'))).toEqual([
      'Kanzlei Weber',
      'Bäckerei Alpha GmbH',
      'Zimmerei Beta KG',
    ]);
    expect(names(await overview('?sort=name'))).toEqual([
      'Bäckerei Alpha GmbH',
      'Kanzlei Weber',
      'Zimmerei Beta KG',
    ]);
    // Without a client number last, in either order.
    expect(names(await overview('?sort=client_number'))).toEqual([
      'Bäckerei Alpha GmbH',
      'Zimmerei Beta KG',
      'Kanzlei Weber',
    ]);
    expect(names(await overview('?sort=client_number&order=desc'))).toEqual([
      'Zimmerei Beta KG',
      'Bäckerei Alpha GmbH',
      'Kanzlei Weber',
    ]);
    // Open in USD: only Alpha has some; the others tie at 0 and follow by name.
    const usd = await overview('?sort=open&currency=USD');
    expect(usd.currency).toBe('USD');
    expect(names(usd)).toEqual(['Bäckerei Alpha GmbH', 'Kanzlei Weber', 'Zimmerei Beta KG']);
    expect(names(await overview('?sort=open&currency=CHF'))[0]).toBe('Zimmerei Beta KG');
    expect(names(await overview('?sort=drafts'))).toEqual([
      'Zimmerei Beta KG',
      'Bäckerei Alpha GmbH',
      'Kanzlei Weber',
    ]);
    expect(names(await overview('?sort=waiting'))[0]).toBe('Bäckerei Alpha GmbH');
    // Not exported: Alpha 3 issued + 2 received, Beta 3 issued, the office none.
    expect(names(await overview('?sort=not_exported'))).toEqual([
      'Bäckerei Alpha GmbH',
      'Zimmerei Beta KG',
      'Kanzlei Weber',
    ]);
    const bad = await server.json('/api/v1/office/overview?sort=amount', { headers: browser() });
    expect(bad.status).toBe(422);
    expect((await server.json('/api/v1/office/overview?currency=eur', { headers: browser() })).status).toBe(
      422,
    );
    expect((await server.json('/api/v1/office/overview')).status).toBe(401);
  });

  // Moves the clock to date each export: source only (the executable keeps the machine's time).
  test.skipIf(sourceOnly)(
    'a DATEV download is the last export of its kind and moves what is not exported yet',
    async () => {
      const before = clientIn(await overview(), alpha.id).datev;
      expect(before.last_exports).toEqual({ issued: null, received: null, master_data: null });
      expect(before.not_exported).toEqual({
        issued: { after: null, count: 3, from: '2026-08-03' },
        received: { after: null, count: 2, from: '2026-10-05' },
      });

      clock.set('2026-11-20T10:00:00.000Z');
      const issued = await download(
        '/api/v1/exports/datev?kind=issued&from=2026-08-01&to=2026-10-31',
        alpha.apiKey,
      );
      expect(issued.rows).toHaveLength(2);
      let datev = clientIn(await overview(), alpha.id).datev;
      expect(datev.last_exports.issued).toEqual({
        created_at: '2026-11-20T10:00:00.000Z',
        from: '2026-08-01',
        to: '2026-10-31',
        entries: 2,
      });
      expect(datev.not_exported.issued).toEqual({ after: '2026-10-31', count: 1, from: '2026-11-10' });
      expect(datev.not_exported.received).toEqual({ after: null, count: 2, from: '2026-10-05' });

      clock.set('2026-11-20T10:05:00.000Z');
      const received = await download(
        '/api/v1/exports/datev?kind=received&from=2026-10-01&to=2026-10-31',
        alpha.apiKey,
      );
      expect(received.rows).toHaveLength(1);
      const november = await download(
        '/api/v1/exports/datev?kind=issued&from=2026-11-01&to=2026-11-30',
        alpha.apiKey,
      );
      expect(november.rows).toHaveLength(1);
      // An earlier period made again later: the last export stays the one reaching furthest.
      clock.set('2026-11-20T10:10:00.000Z');
      await download('/api/v1/exports/datev?kind=issued&from=2026-08-01&to=2026-10-31', alpha.apiKey);
      const master = await download('/api/v1/exports/datev-master-data.csv', alpha.apiKey);
      datev = clientIn(await overview(), alpha.id).datev;
      expect(datev.last_exports).toEqual({
        issued: { created_at: '2026-11-20T10:05:00.000Z', from: '2026-11-01', to: '2026-11-30', entries: 1 },
        received: {
          created_at: '2026-11-20T10:05:00.000Z',
          from: '2026-10-01',
          to: '2026-10-31',
          entries: 1,
        },
        // Every numbered debtor and creditor, recorded as of the day it was made.
        master_data: {
          created_at: '2026-11-20T10:10:00.000Z',
          from: TODAY,
          to: TODAY,
          entries: master.rows.length,
        },
      });
      expect(master.rows.length).toBe(2);
      expect(datev.not_exported).toEqual({
        issued: { after: '2026-11-30', count: 0, from: null },
        received: { after: '2026-10-31', count: 1, from: '2026-11-02' },
      });
      // Issued after the export was made though dated within its period: the export did not hold it, and no
      // later one of a later period will (it counted as exported before).
      clock.set('2026-11-20T10:20:00.000Z');
      await invoice(alpha, await makeParties(server, alpha), '2026-11-15', '2026-12-15');
      datev = clientIn(await overview(), alpha.id).datev;
      expect(datev.not_exported.issued).toEqual({ after: '2026-11-30', count: 1, from: '2026-11-15' });
      // A supplier's invoice dated in October, received after October was exported, then November
      // exported: no export held it, so it still counts (it counted as exported once November was made).
      clock.set('2026-11-20T10:25:00.000Z');
      await receive(
        alpha,
        await makeAccount(server, { name: 'Lieferant spät' }),
        'L-2026-1020',
        '2026-10-20',
      );
      clock.set('2026-11-20T10:30:00.000Z');
      await download('/api/v1/exports/datev?kind=received&from=2026-11-01&to=2026-11-30', alpha.apiKey);
      datev = clientIn(await overview(), alpha.id).datev;
      expect(datev.not_exported.received).toEqual({ after: '2026-11-30', count: 1, from: '2026-10-20' });
      // Dated before the first exported period (October) but arriving after it was exported: counted too.
      clock.set('2026-11-20T10:35:00.000Z');
      await receive(
        alpha,
        await makeAccount(server, { name: 'Lieferant früh' }),
        'L-2026-0915',
        '2026-09-15',
      );
      datev = clientIn(await overview(), alpha.id).datev;
      expect(datev.not_exported.received).toEqual({ after: '2026-11-30', count: 2, from: '2026-09-15' });
      // Nothing of Alpha's exports is Beta's.
      expect(clientIn(await overview(), beta.id).datev.last_exports.issued).toBeNull();
    },
  );

  test('an export refused, or a stream abandoned before its end, records nothing', async () => {
    // The office has no DATEV numbers: 409 before a byte.
    const refused = await server.request('/api/v1/exports/datev?from=2026-11-01&to=2026-11-30', {
      key: office.apiKey,
    });
    expect(refused.status).toBe(409);
    expect(clientIn(await overview(), office.id).datev.last_exports.issued).toBeNull();
    // Beta's file read up to its header, then cancelled (a client that went away).
    const { body } = await datevExport({
      ctx: { db: server.db, clock, accountId: beta.id, actor: { kind: 'cli' } },
      input: { from: '2026-09-01', to: '2026-11-30', kind: 'issued', encoding: 'utf-8' },
    });
    const reader = body.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const b = clientIn(await overview(), beta.id).datev;
    expect(b.last_exports.issued).toBeNull();
    expect(b.not_exported.issued).toEqual({ after: null, count: 3, from: '2026-09-01' });
    // The same file read to its end is recorded, whoever reads it (an office's ZIP of many clients too).
    const whole = await datevExport({
      ctx: { db: server.db, clock, accountId: beta.id, actor: { kind: 'cli' } },
      input: { from: '2026-09-01', to: '2026-11-30', kind: 'issued', encoding: 'utf-8' },
    });
    const file = readDatev(new Uint8Array(await new Response(whole.body).arrayBuffer()), 'utf-8');
    expect(clientIn(await overview(), beta.id).datev.last_exports.issued).toMatchObject({
      to: '2026-11-30',
      entries: file.rows.length,
    });
    expect(file.rows).toHaveLength(3);
  });

  test("an API key sees its own account's row only", async () => {
    const own = await overview('', { authorization: `Bearer ${beta.apiKey}` });
    expect(own.clients).toHaveLength(1);
    expect(own.clients[0]).toMatchObject({ account_id: beta.id, role: 'owner', current: true });
    const member = await overview('', { authorization: `Bearer ${alpha.apiKey}` });
    expect(member.clients.map((c: { account_id: string }) => c.account_id)).toEqual([alpha.id]);
  });

  // A version before 2026-12-06 recorded a DATEV export's period as asked (2026-11-31 included): answers are
  // checked against their schemas on the way out, and the strict `date` format failed the whole overview.
  test('a DATEV export an older version recorded for a day on no calendar does not fail the overview', async () => {
    await server.db.insert(datevExports).values({
      id: 'dtx_01jfzzzzzzzzzzzzzzzzzzzzzz',
      accountId: alpha.id,
      kind: 'issued',
      from: '2026-11-01',
      to: '2026-11-31',
      entries: 0,
      createdAt: '2026-12-01T08:00:00.000Z',
    });
    const data = await overview();
    expect(clientIn(data, alpha.id).datev.last_exports.issued).toMatchObject({ to: '2026-11-31' });
  });

  test('a client the person left is gone from their overview', async () => {
    const left = await server.json(`/api/v1/accounts/${beta.id}/leave`, {
      method: 'POST',
      headers: browser(),
    });
    expect(left.status).toBe(200);
    const data = await overview();
    expect(data.clients.map((c: { account_id: string }) => c.account_id).sort()).toEqual(
      [office.id, alpha.id].sort(),
    );
    // The client's own key still sees it.
    expect((await overview('', { authorization: `Bearer ${beta.apiKey}` })).clients).toHaveLength(1);
  });
});
