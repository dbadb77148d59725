// Issue 40, an accounting office runs its client firms from one installation (docs/office.md): one person
// in many accounts, switching explicitly (or per request with `Account`), an office creating clients with
// their owners invited, leaving a client, and the accountant role's reach (docs/roles.md).
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentBody, makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { TestSmtp } from '../smtp';
import { fromConsole, makeUser, PASSWORD, signIn } from '../users';

let server: TestServer;
let smtp: TestSmtp;
let office: TestAccount;
let staffEmail: string;
let cookie: string;

const as = (headers: Record<string, string>, method: string, path: string, body?: unknown) =>
  server.json(path, { method, headers, body });
const browser = () => fromConsole(server, cookie);
const tokenOf = (url: string) => /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'kanzlei@example.com' }), startJobs: false });
  office = await makeAccount(server, { name: 'Steuerbüro Schmidt & Partner', office: true });
  const staff = await makeUser(server, office.id, { role: 'owner' });
  staffEmail = staff.email;
  cookie = await signIn(server, staff.email);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

async function createClient(name: string, clientNumber: number, extra: Record<string, unknown> = {}) {
  const res = await as(browser(), 'POST', '/api/v1/accounts', {
    name,
    owner_email: `owner.${clientNumber}.${Date.now()}@client.example`,
    consultant_number: 29098,
    client_number: clientNumber,
    language: 'de',
    ...extra,
  });
  if (res.status !== 201) throw new Error(`client not created: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('an office with its clients', () => {
  const clients: { id: string; name: string }[] = [];

  test('one person signs in once, creates 12 clients and reaches them all, each with its Mandantennummer', async () => {
    for (let i = 1; i <= 12; i += 1) {
      const created = await createClient(`Mandant ${String(i).padStart(2, '0')} GmbH`, 10_000 + i);
      expect(created.account).toMatchObject({ role: 'admin', client_number: 10_000 + i, office: false });
      clients.push(created.account);
    }
    const me = await as(browser(), 'GET', '/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.account.id).toBe(office.id);
    expect(me.body.data.accounts).toHaveLength(13);
    expect(me.body.data.accounts[0]).toMatchObject({
      id: office.id,
      office: true,
      role: 'owner',
      current: true,
    });
    const list = await as(browser(), 'GET', '/api/v1/accounts');
    expect(list.body.data.map((a: { id: string }) => a.id).sort()).toEqual(
      [office.id, ...clients.map((c) => c.id)].sort(),
    );
    // New clients are on the self-hosted plan, not Free.
    const client = clients[0] as { id: string };
    const there = await as({ ...browser(), account: client.id }, 'GET', '/api/v1/auth/me');
    expect(there.body.data.account).toMatchObject({ id: client.id, plan_id: 'plan_self_hosted' });
  });

  test('switching is explicit: the session acts in the chosen client until it switches again; `Account` acts for one request', async () => {
    const [a, b] = clients as unknown as [{ id: string }, { id: string }];
    const customer = await as(browser(), 'POST', '/api/v1/customers', { name: 'Kunde des Büros' });
    expect(customer.status).toBe(200);
    const switched = await as(browser(), 'POST', '/api/v1/sessions/current/account', { account_id: a.id });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ account: { id: a.id }, member: { role: 'admin' } });
    const inA = await as(browser(), 'POST', '/api/v1/customers', { name: 'Kunde von A' });
    expect(inA.status).toBe(200);
    const listA = await as(browser(), 'GET', '/api/v1/customers');
    expect(listA.body.data.map((c: { name: string }) => c.name)).toEqual(['Kunde von A']);
    // The office's own customer is not in A, by id either.
    expect((await as(browser(), 'GET', `/api/v1/customers/${customer.body.data.id}`)).status).toBe(404);
    // One request in B by header; the session stays in A.
    const inB = await as({ ...browser(), account: b.id }, 'GET', '/api/v1/customers');
    expect([inB.status, inB.body.data]).toEqual([200, []]);
    expect((await as(browser(), 'GET', '/api/v1/auth/me')).body.data.account.id).toBe(a.id);
    // The last used come first in the switcher: A was used last.
    const me = await as(browser(), 'GET', '/api/v1/auth/me');
    const used = me.body.data.accounts.find((x: { id: string }) => x.id === a.id);
    expect(used.last_used_at).not.toBeNull();
    // An account nobody added them to: 403 by header and by switching, nothing changes.
    const stranger = await makeAccount(server);
    for (const res of [
      await as({ ...browser(), account: stranger.id }, 'GET', '/api/v1/customers'),
      await as(browser(), 'POST', '/api/v1/sessions/current/account', { account_id: stranger.id }),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    }
    expect((await as(browser(), 'GET', '/api/v1/auth/me')).body.data.account.id).toBe(a.id);
    await as(browser(), 'POST', '/api/v1/sessions/current/account', { account_id: office.id });
  });

  test('a 13th client: its owner is invited by e-mail, sets a password and sees only their firm', async () => {
    const ownerEmail = `chefin.${Date.now()}@baeckerei.example`;
    const created = await createClient('Bäckerei Korn', 10_013, {
      owner_email: ownerEmail,
      owner_name: 'Anna Korn',
    });
    expect(created.invitation).toMatchObject({ email: ownerEmail, emailed: true, existing_user: false });
    const mail = smtp.messages.find((m) => m.envelope.to.includes(ownerEmail));
    expect(mail?.parsed.text).toContain(created.invitation.url);
    const view = await server.json(`/api/v1/invitations/${tokenOf(created.invitation.url)}`);
    expect(view.body.data).toMatchObject({
      role: 'owner',
      account_name: 'Bäckerei Korn',
      existing_user: false,
    });
    const accepted = await server.json(`/api/v1/invitations/${tokenOf(created.invitation.url)}/accept`, {
      method: 'POST',
      body: { name: 'Anna Korn', password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    const ownerCookie = await signIn(server, ownerEmail);
    const me = await as(fromConsole(server, ownerCookie), 'GET', '/api/v1/auth/me');
    expect(me.body.data.account.id).toBe(created.account.id);
    expect(me.body.data.member.role).toBe('owner');
    expect(me.body.data.accounts.map((a: { id: string }) => a.id)).toEqual([created.account.id]);
    // The office is a member there too, and the owner sees it in the team.
    const workspaces = await as(fromConsole(server, ownerCookie), 'GET', '/api/v1/workspaces');
    const members = await as(
      fromConsole(server, ownerCookie),
      'GET',
      `/api/v1/workspaces/${workspaces.body.data[0].id}/members`,
    );
    expect(members.body.data.map((m: { email: string }) => m.email).sort()).toEqual(
      [ownerEmail, staffEmail].sort(),
    );
    // The owner's firm is no office: they create no clients; nor does the office's plain member.
    const refused = await as(fromConsole(server, ownerCookie), 'POST', '/api/v1/accounts', {
      name: 'Nebenfirma',
      owner_email: 'x@example.com',
    });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'forbidden']);
    const member = await makeUser(server, office.id, { role: 'member' });
    const memberCookie = await signIn(server, member.email);
    const byMember = await as(fromConsole(server, memberCookie), 'POST', '/api/v1/accounts', {
      name: 'Nebenfirma',
      owner_email: 'x@example.com',
    });
    expect([byMember.status, byMember.body.error.code]).toEqual([403, 'forbidden']);
    expect(byMember.body.error.details.permission).toBe('clients:create');
    clients.push(created.account);
  });

  test("an office's key creates a client too (its owner invited), though the key does not reach it", async () => {
    const res = await server.json('/api/v1/accounts', {
      method: 'POST',
      key: office.apiKey,
      body: { name: 'Per API GmbH', owner_email: `api.${Date.now()}@client.example`, client_number: 20_001 },
    });
    expect(res.status).toBe(201);
    const other = await server.json('/api/v1/customers', {
      key: office.apiKey,
      headers: { account: res.body.data.account.id },
    });
    expect([other.status, other.body.error.code]).toEqual([403, 'forbidden']);
    const own = await server.json('/api/v1/customers', {
      key: office.apiKey,
      headers: { account: office.id },
    });
    expect(own.status).toBe(200);
  });

  test('leaving a client ends access at once, in this and every other session; the last owner cannot leave', async () => {
    const client = clients[1] as { id: string };
    const other = await signIn(server, staffEmail);
    await as(fromConsole(server, other), 'POST', '/api/v1/sessions/current/account', {
      account_id: client.id,
    });
    expect((await as(fromConsole(server, other), 'GET', '/api/v1/customers')).status).toBe(200);
    const left = await as(browser(), 'POST', `/api/v1/accounts/${client.id}/leave`);
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ account_id: client.id, left: true, memberships_ended: 1 });
    const byHeader = await as({ ...browser(), account: client.id }, 'GET', '/api/v1/customers');
    expect([byHeader.status, byHeader.body.error.code]).toEqual([403, 'forbidden']);
    // The other session was in the client: it falls back to the person's own account, never the client.
    const fallback = await as(fromConsole(server, other), 'GET', '/api/v1/auth/me');
    expect(fallback.body.data.account.id).toBe(office.id);
    expect(fallback.body.data.accounts.map((a: { id: string }) => a.id)).not.toContain(client.id);
    expect((await as(browser(), 'POST', `/api/v1/accounts/${client.id}/leave`)).status).toBe(404);
    const last = await as(browser(), 'POST', `/api/v1/accounts/${office.id}/leave`);
    expect([last.status, last.body.error.code]).toEqual([409, 'conflict']);
  });

  test('a client owner who removes the office from the team ends its access at once', async () => {
    const ownerEmail = `remove.${Date.now()}@client.example`;
    const created = await createClient('Tischlerei Holz', 10_020, { owner_email: ownerEmail });
    await server.json(`/api/v1/invitations/${tokenOf(created.invitation.url)}/accept`, {
      method: 'POST',
      body: { name: 'Holger Holz', password: PASSWORD },
    });
    const ownerCookie = await signIn(server, ownerEmail);
    const ws = (await as(fromConsole(server, ownerCookie), 'GET', '/api/v1/workspaces')).body.data[0].id;
    const members = (await as(fromConsole(server, ownerCookie), 'GET', `/api/v1/workspaces/${ws}/members`))
      .body.data;
    const staff = members.find((m: { email: string }) => m.email === staffEmail);
    expect((await as({ ...browser(), account: created.account.id }, 'GET', '/api/v1/customers')).status).toBe(
      200,
    );
    const removed = await as(
      fromConsole(server, ownerCookie),
      'DELETE',
      `/api/v1/workspaces/${ws}/members/${staff.id}`,
    );
    expect(removed.status).toBe(200);
    const after = await as({ ...browser(), account: created.account.id }, 'GET', '/api/v1/customers');
    expect([after.status, after.body.error.code]).toEqual([403, 'forbidden']);
  });
});

describe('the accountant role', () => {
  let client: TestAccount;
  let accountantCookie: string;
  let parties: { profileId: string; customerId: string };
  let invoiceId: string;

  beforeAll(async () => {
    client = await makeAccount(server, { name: 'Malerbetrieb Farbe' });
    const owner = await makeUser(server, client.id, { role: 'owner' });
    void owner;
    const adviser = await makeUser(server, office.id, { role: 'member' });
    await makeUser(server, client.id, { role: 'accountant', email: adviser.email, password: null });
    accountantCookie = await signIn(server, adviser.email);
    const switched = await as(
      fromConsole(server, accountantCookie),
      'POST',
      '/api/v1/sessions/current/account',
      {
        account_id: client.id,
      },
    );
    expect(switched.body.data.member.role).toBe('accountant');
    parties = await makeParties(server, client);
    invoiceId = (await makeDocument(server, client, parties, {}, ['finalize'])).id;
  });

  const asAccountant = (method: string, path: string, body?: unknown) =>
    as(fromConsole(server, accountantCookie), method, path, body);

  test('is refused the bank account, numbering, branding, members and the firm itself', async () => {
    const workspaces = await asAccountant('GET', '/api/v1/workspaces');
    const ws = workspaces.body.data[0].id;
    const refusals = [
      [
        'PATCH',
        `/api/v1/business-profiles/${parties.profileId}`,
        { bank_account: { iban: 'DE89370400440532013000' } },
      ],
      ['POST', '/api/v1/business-profiles', { legal_name: 'Fremd GmbH' }],
      ['POST', '/api/v1/numbering-sequences', { name: 'X', prefix: 'X-', pattern: '{NNNN}' }],
      ['POST', '/api/v1/branding-profiles', { name: 'Neu' }],
      ['POST', `/api/v1/workspaces/${ws}/members`, { email: 'friend@example.com' }],
      ['POST', `/api/v1/workspaces/${ws}/invitations`, { email: 'friend@example.com' }],
      ['PATCH', '/api/v1/account', { name: 'Umbenannt' }],
      ['POST', '/api/v1/documents', documentBody(parties)],
      ['POST', '/api/v1/customers', { name: 'Neu' }],
      ['POST', `/api/v1/documents/${invoiceId}/void`, undefined],
      ['POST', '/api/v1/accounts', { name: 'X', owner_email: 'x@example.com' }],
    ] as const;
    for (const [method, path, body] of refusals) {
      const res = await asAccountant(method, path, body);
      expect([`${method} ${path}`, res.status, res.body.error?.code]).toEqual([
        `${method} ${path}`,
        403,
        'forbidden',
      ]);
    }
    const profile = await asAccountant('GET', `/api/v1/business-profiles/${parties.profileId}`);
    expect(profile.body.data.bank_account ?? null).toBeNull();
  });

  test('reads everything, records payments, approves received invoices, keeps the DATEV settings and exports', async () => {
    expect((await asAccountant('GET', '/api/v1/documents')).body.data.length).toBe(1);
    expect((await asAccountant('GET', '/api/v1/reports/receivables')).status).toBe(200);
    const invoice = (await asAccountant('GET', `/api/v1/documents/${invoiceId}`)).body.data;
    const paid = await asAccountant('POST', `/api/v1/documents/${invoiceId}/payments`, {
      amount: invoice.amount_due,
      date: '2026-11-20',
      method: 'bank_transfer',
    });
    expect(paid.status).toBe(201);
    expect((await asAccountant('GET', `/api/v1/documents/${invoiceId}`)).body.data.status).toBe('paid');
    const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples', 'xrechnung_ubl', '01.01a-INVOICE_ubl.xml'));
    const upload = await server.request('/api/v1/received-documents', {
      method: 'POST',
      headers: { ...fromConsole(server, accountantCookie), 'content-type': 'application/xml' },
      body: xml.toString('utf8'),
    });
    expect(upload.status).toBe(201);
    const received = ((await upload.json()) as { data: { id: string } }).data;
    const approved = await asAccountant('PATCH', `/api/v1/received-documents/${received.id}`, {
      status: 'approved',
    });
    expect([approved.status, approved.body.data.status]).toEqual([200, 'approved']);
    const settings = await asAccountant('PUT', '/api/v1/settings/accounting', {
      consultant_number: 29098,
      client_number: 10_777,
    });
    expect(settings.status).toBe(200);
    const datev = await server.request('/api/v1/exports/datev?from=2026-11-01&to=2026-11-30', {
      headers: fromConsole(server, accountantCookie),
    });
    expect(datev.status).toBe(200);
    expect(await datev.text()).toContain('EXTF');
    // Computing without keeping anything is open to them too.
    const calc = await asAccountant('POST', '/api/v1/documents/calculate', {
      data: { currency: 'EUR', line_items: documentBody(parties).line_items },
    });
    expect(calc.status).toBe(200);
    // And their own password.
    const pw = await asAccountant('POST', '/api/v1/auth/password', {
      current_password: PASSWORD,
      new_password: `${PASSWORD} renewed`,
    });
    expect(pw.status).toBe(200);
  });
});
