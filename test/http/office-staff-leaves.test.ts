// Someone leaving the Kanzlei no longer works for its clients (docs/office.md "Who in the office reaches a
// client"): removed from the office's team (or leaving it themself), their memberships in the clients the
// office serves end in the same transaction, with the API keys that acted for them. Before, only the office
// itself was closed to them: an assistant removed from the office kept every client's data, session and key.
// What stays: their own firm (they own it), a client another office they still belong to serves too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, signIn } from '../users';

let server: TestServer;
let office: TestAccount;
let other: TestAccount;
const cookies: Record<string, string> = {};
const emails: Record<string, string> = {};
const stamp = Date.now();

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  office = await makeAccount(server, { name: 'Kanzlei Berger & Partner', office: true });
  other = await makeAccount(server, { name: 'Steuerbüro Nord', office: true });
  for (const [who, role] of [
    ['berger', 'owner'],
    ['anna', 'admin'],
    ['bernd', 'admin'],
    ['tim', 'accountant'],
  ] as const) {
    const user = await makeUser(server, office.id, { role, email: `${who}.${stamp}@kanzlei-berger.example` });
    emails[who] = user.email;
    cookies[who] = await signIn(server, user.email);
  }
  // The other office: its owner, and Bernd works there too (part time).
  emails.nord = (
    await makeUser(server, other.id, { role: 'owner', email: `nord.${stamp}@nord.example` })
  ).email;
  cookies.nord = await signIn(server, emails.nord);
  await makeUser(server, other.id, { role: 'admin', email: emails.bernd, password: null });
});
afterAll(async () => {
  await server.stop();
});

const as = (who: string, method: string, path: string, body?: unknown, account?: string) =>
  server.json(path, {
    method,
    headers: { ...fromConsole(server, cookies[who] as string), ...(account ? { account } : {}) },
    body,
  });

async function reached(who: string) {
  const res = await as(who, 'GET', '/api/v1/accounts');
  expect(res.status).toBe(200);
  return new Map<string, string>(res.body.data.map((a: { id: string; role: string }) => [a.id, a.role]));
}

async function memberId(account: string, email: string, by = 'berger') {
  const me = await as(by, 'GET', '/api/v1/auth/me', undefined, account);
  const members = await as(
    by,
    'GET',
    `/api/v1/workspaces/${me.body.data.member.workspace_id}/members`,
    undefined,
    account,
  );
  const found = members.body.data.find((m: { email: string }) => m.email === email);
  return { workspace: me.body.data.member.workspace_id as string, member: found?.id as string };
}

describe('an assistant removed from the office', () => {
  let client = '';
  let ownFirm: TestAccount;
  let shared: TestAccount;
  let clientKey = '';

  beforeAll(async () => {
    const created = await as('anna', 'POST', '/api/v1/accounts', {
      name: 'Huber Maschinenbau GmbH',
      owner_email: `huber.${stamp}@huber.example`,
      client_number: 10_001,
    });
    expect(created.status).toBe(201);
    client = created.body.data.account.id;
    // Bernd's own firm, whose books the office keeps too.
    ownFirm = await makeAccount(server, { name: 'Bernds Fahrradladen' });
    await makeUser(server, ownFirm.id, { role: 'owner', email: emails.bernd, password: null });
    await makeUser(server, ownFirm.id, { role: 'accountant', email: emails.berger, password: null });
    // A client both offices serve, Bernd in it as the other office's admin.
    shared = await makeAccount(server, { name: 'Gemeinsamer Mandant KG' });
    await makeUser(server, shared.id, { role: 'owner', email: `kg.${stamp}@kg.example` });
    await makeUser(server, shared.id, { role: 'admin', email: emails.berger, password: null });
    await makeUser(server, shared.id, { role: 'admin', email: emails.nord, password: null });
    await makeUser(server, shared.id, { role: 'admin', email: emails.bernd, password: null });
    const key = await as('bernd', 'POST', '/api/v1/api-keys', { name: 'Bernd bei Huber' }, client);
    expect(key.status).toBe(200);
    clientKey = key.body.data.api_key;
  });

  test('reached the client, by session and by key, before', async () => {
    expect((await reached('bernd')).get(client)).toBe('admin');
    expect((await server.json('/api/v1/customers', { key: clientKey })).status).toBe(200);
  });

  test("loses the office's clients at once (session and key); keeps their own firm and the other office's client", async () => {
    const { workspace, member } = await memberId(office.id, emails.bernd as string);
    const removed = await as('berger', 'DELETE', `/api/v1/workspaces/${workspace}/members/${member}`);
    expect(removed.status).toBe(200);

    const now = await reached('bernd');
    expect(now.has(office.id)).toBe(false);
    expect(now.has(client)).toBe(false);
    const bySession = await as('bernd', 'GET', '/api/v1/customers', undefined, client);
    expect([bySession.status, bySession.body.error?.code]).toEqual([403, 'forbidden']);
    const byKey = await server.json('/api/v1/customers', { key: clientKey });
    expect([byKey.status, byKey.body.error?.code]).toEqual([401, 'unauthorized']);
    // What stays theirs.
    expect(now.get(ownFirm.id)).toBe('owner');
    expect(now.get(shared.id)).toBe('admin');
    expect(now.get(other.id)).toBe('admin');
    // The client's data stays the client's: the office's other people work on.
    expect((await as('anna', 'GET', '/api/v1/customers', undefined, client)).status).toBe(200);
    expect((await reached('berger')).get(client)).toBe('admin');
  });

  test('a trainee leaving the office themself leaves its clients with it', async () => {
    const me = await as('anna', 'GET', '/api/v1/auth/me', undefined, client);
    const invited = await as(
      'anna',
      'POST',
      `/api/v1/workspaces/${me.body.data.member.workspace_id}/invitations`,
      { email: emails.tim, role: 'accountant' },
      client,
    );
    const token = /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(invited.body.data.url)?.[1];
    expect((await as('tim', 'POST', `/api/v1/invitations/${token}/accept`, {})).status).toBe(201);
    expect((await reached('tim')).get(client)).toBe('accountant');

    const left = await as('tim', 'POST', `/api/v1/accounts/${office.id}/leave`);
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ left: true, memberships_ended: 2 });
    // In no account any more, their session opens nothing (docs/roles.md).
    expect((await as('tim', 'GET', '/api/v1/accounts')).status).toBe(401);
    const byHeader = await as('tim', 'GET', '/api/v1/customers', undefined, client);
    expect(byHeader.status).toBe(403);
  });

  test("a client's owner is untouched when a member of an ordinary account is removed", async () => {
    // Not an office: removing someone from the client's own team changes nothing elsewhere.
    const { workspace, member } = await memberId(client, emails.anna as string);
    const removed = await as(
      'berger',
      'DELETE',
      `/api/v1/workspaces/${workspace}/members/${member}`,
      undefined,
      client,
    );
    expect(removed.status).toBe(200);
    expect((await reached('anna')).has(office.id)).toBe(true);
    expect((await reached('anna')).has(client)).toBe(false);
  });
});

describe("only what the office's work made ends", () => {
  test("a firm's own bookkeeper added to an office team and dropped again keeps the firm (the office cannot throw people out of a firm)", async () => {
    // Firm Z: its owner, its own bookkeeper (an admin), and the office's owner only as an accountant.
    const z = await makeAccount(server, { name: 'Firma Z' });
    await makeUser(server, z.id, { role: 'owner', email: `zowner.${stamp}@z.example` });
    const bookkeeper = await makeUser(server, z.id, {
      role: 'admin',
      email: `buchhaltung.${stamp}@z.example`,
    });
    await makeUser(server, z.id, { role: 'accountant', email: emails.berger, password: null });
    const cookie = await signIn(server, bookkeeper.email);
    const inZ = () =>
      server.json('/api/v1/customers', { headers: { ...fromConsole(server, cookie), account: z.id } });
    expect((await inZ()).status).toBe(200);
    // The office's owner puts the bookkeeper's address into a team of the office and deletes the team.
    const team = await as('berger', 'POST', '/api/v1/workspaces', { name: 'Temp' });
    expect(team.status).toBe(200);
    const add = await as('berger', 'POST', `/api/v1/workspaces/${team.body.data.id}/members`, {
      email: bookkeeper.email,
      role: 'member',
    });
    expect(add.status).toBe(200);
    expect((await as('berger', 'DELETE', `/api/v1/workspaces/${team.body.data.id}`)).status).toBe(200);
    expect((await inZ()).status).toBe(200);
  });

  test("a second team of someone's own firm, and their own office's client, stay when another office removes them", async () => {
    const solo = await makeUser(server, office.id, {
      role: 'admin',
      email: `solo.${stamp}@kanzlei-berger.example`,
    });
    cookies.solo = await signIn(server, solo.email);
    // Their own firm, with a second team they are an admin of, whose books the office keeps too.
    const firm = await makeAccount(server, { name: 'Solos Laden' });
    await makeUser(server, firm.id, { role: 'owner', email: solo.email, password: null });
    await makeUser(server, firm.id, { role: 'accountant', email: emails.berger, password: null });
    const branch = await as('solo', 'POST', '/api/v1/workspaces', { name: 'Filiale' }, firm.id);
    expect(branch.status).toBe(200);
    const added = await as(
      'solo',
      'POST',
      `/api/v1/workspaces/${branch.body.data.id}/members`,
      { email: solo.email, role: 'admin' },
      firm.id,
    );
    expect(added.status).toBe(200);
    // Their own one-person office and its client, which the big office's owner works in too.
    const own = await makeAccount(server, { name: 'Steuerbüro Solo', office: true });
    await makeUser(server, own.id, { role: 'owner', email: solo.email, password: null });
    const created = await as(
      'solo',
      'POST',
      '/api/v1/accounts',
      { name: 'Solo-Mandant', owner_email: `sm.${stamp}@sm.example` },
      own.id,
    );
    expect(created.status).toBe(201);
    const theirClient = created.body.data.account.id;
    await makeUser(server, theirClient, { role: 'accountant', email: emails.berger, password: null });

    const { workspace, member } = await memberId(office.id, solo.email);
    expect((await as('berger', 'DELETE', `/api/v1/workspaces/${workspace}/members/${member}`)).status).toBe(
      200,
    );
    const now = await reached('solo');
    expect(now.has(office.id)).toBe(false);
    expect(now.get(firm.id)).toBe('owner');
    expect(now.get(own.id)).toBe('owner');
    expect(now.get(theirClient)).toBe('admin');
    const inBranch = await as(
      'solo',
      'GET',
      `/api/v1/workspaces/${branch.body.data.id}/members`,
      undefined,
      firm.id,
    );
    expect(inBranch.body.data.map((m: { email: string }) => m.email)).toContain(solo.email);
  });

  test('an office person the client made its owner stays its owner when leaving the office (a client never loses its last owner so)', async () => {
    const olivia = await makeUser(server, office.id, {
      role: 'admin',
      email: `olivia.${stamp}@kanzlei-berger.example`,
    });
    cookies.olivia = await signIn(server, olivia.email);
    const ownerEmail = `alt-inhaber.${stamp}@uebernahme.example`;
    const created = await as('olivia', 'POST', '/api/v1/accounts', {
      name: 'Übernahme GmbH',
      owner_email: ownerEmail,
    });
    expect(created.status).toBe(201);
    const client = created.body.data.account.id;
    const token = /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(created.body.data.invitation.url)?.[1];
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: 'the old owner 12345', name: 'Alt Inhaber' },
    });
    expect(accepted.status).toBe(201);
    cookies.seller = await signIn(server, ownerEmail, 'the old owner 12345');
    // The client's owner hands the firm to Olivia (she takes it over).
    const { workspace, member } = await memberId(client, olivia.email, 'seller');
    const promoted = await as(
      'seller',
      'PATCH',
      `/api/v1/workspaces/${workspace}/members/${member}`,
      { role: 'owner' },
      client,
    );
    expect(promoted.status).toBe(200);
    const inOffice = await memberId(office.id, olivia.email);
    const removed = await as(
      'berger',
      'DELETE',
      `/api/v1/workspaces/${inOffice.workspace}/members/${inOffice.member}`,
    );
    expect(removed.status).toBe(200);
    expect((await reached('olivia')).get(client)).toBe('owner');
  });

  test('a client the office reached before memberships recorded their office is left alone (its team removes people)', async () => {
    const older = await makeAccount(server, { name: 'Alt-Mandant' });
    await makeUser(server, older.id, { role: 'owner', email: `alt.${stamp}@alt.example` });
    const anne = await makeUser(server, office.id, {
      role: 'admin',
      email: `anne.${stamp}@kanzlei-berger.example`,
    });
    cookies.anne = await signIn(server, anne.email);
    await makeUser(server, older.id, { role: 'admin', email: anne.email, password: null });
    const { workspace, member } = await memberId(office.id, anne.email);
    expect((await as('berger', 'DELETE', `/api/v1/workspaces/${workspace}/members/${member}`)).status).toBe(
      200,
    );
    expect((await reached('anne')).get(older.id)).toBe('admin');
  });
});

describe('deleting a workspace of the office', () => {
  test("the one holding the office's last owner is refused (no one could run the office again); another's people lose the clients with it", async () => {
    const closing = await makeAccount(server, { name: 'Kanzlei Schluss', office: true });
    for (const [who, role] of [
      ['olga', 'owner'],
      ['otto', 'admin'],
    ] as const) {
      const user = await makeUser(server, closing.id, { role, email: `${who}.${stamp}@schluss.example` });
      emails[who] = user.email;
      cookies[who] = await signIn(server, user.email);
    }
    // A second team of the office, "Assistenz", with Paula as its admin.
    const team = await as('olga', 'POST', '/api/v1/workspaces', { name: 'Assistenz' }, closing.id);
    expect(team.status).toBe(200);
    const paula = await makeUser(server, closing.id, {
      role: 'admin',
      email: `paula.${stamp}@schluss.example`,
      workspaceId: team.body.data.id,
    });
    emails.paula = paula.email;
    cookies.paula = await signIn(server, paula.email);
    const created = await as('otto', 'POST', '/api/v1/accounts', {
      name: 'Mandant am Ende GmbH',
      owner_email: `ende.${stamp}@ende.example`,
    });
    expect(created.status).toBe(201);
    const client = created.body.data.account.id;
    const token = /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(created.body.data.invitation.url)?.[1];
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: 'an owner of their own 123', name: 'Eva Ende' },
    });
    expect(accepted.status).toBe(201);
    const customer = await as('otto', 'POST', '/api/v1/customers', { name: 'Kunde Eins' }, client);
    expect(customer.status).toBe(200);
    for (const who of ['olga', 'paula'])
      expect([who, (await reached(who)).get(client)]).toEqual([who, 'admin']);

    // The default team holds Olga, the office's only owner: deleting it would leave the office to no one.
    const me = await as('olga', 'GET', '/api/v1/auth/me');
    const refused = await as('olga', 'DELETE', `/api/v1/workspaces/${me.body.data.member.workspace_id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("the account's last owner");
    for (const who of ['olga', 'otto', 'paula']) {
      const there = await as(who, 'GET', '/api/v1/customers', undefined, client);
      expect([who, there.status]).toEqual([who, 200]);
    }

    // Deleting "Assistenz": Paula is no longer in the office, so no longer in its client either.
    const deleted = await as('olga', 'DELETE', `/api/v1/workspaces/${team.body.data.id}`);
    expect(deleted.status).toBe(200);
    expect((await as('paula', 'GET', '/api/v1/customers', undefined, client)).status).toBe(403);
    for (const who of ['olga', 'otto']) {
      const there = await as(who, 'GET', '/api/v1/customers', undefined, client);
      expect([who, there.status]).toEqual([who, 200]);
    }
    const owner = await signIn(server, `ende.${stamp}@ende.example`, 'an owner of their own 123');
    const theirs = await server.json('/api/v1/customers', { headers: fromConsole(server, owner) });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((c: { name: string }) => c.name)).toEqual(['Kunde Eins']);
  });
});
