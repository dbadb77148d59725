// One mailbox is one person (docs/sign-in.md): an address whose domain is internationalized has two
// spellings, in the domain's own letters (`anna@müller-gmbh.de`, kept as typed) and in its IDNA ASCII form
// (`anna@xn--mller-gmbh-9db.de`). Users, workspace members, their links, sign-in and password reset
// compare them as one, as they compare addresses differing by case; stored rows stay in whichever spelling
// they were typed, so users stored before keep signing in with either. Two users stored for one mailbox
// in two spellings (made before) stay two rows: sign-in takes the one whose password matches (the one that
// has a password, the most recently set first), and no third is made.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createUser, hashPassword, setPasswordByEmail } from '../../src/modules/users';
import { userAccounts, users } from '../../src/modules/users/schema';
import { systemClock } from '../../src/shared/clock';
import { newId } from '../../src/shared/ids';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, PASSWORD, runCliWithStdin, sessionCookieOf, signIn } from '../users';

let server: TestServer;
let account: TestAccount;
let workspaceId: string;
let ownerCookie: string;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server, { name: 'Müller GmbH' });
  const owner = await makeUser(server, account.id, { role: 'owner' });
  workspaceId = owner.member.workspaceId;
  ownerCookie = await signIn(server, owner.email);
});
afterAll(() => server.stop());

let counter = 0;
/** A fresh mailbox at an internationalized domain, in both its spellings. */
function mailbox() {
  counter += 1;
  const local = `anna${counter}.${Date.now()}`;
  return { unicode: `${local}@müller-gmbh.de`, ascii: `${local}@xn--mller-gmbh-9db.de` };
}

const ctx = () => ({ db: server.db, clock: systemClock });

async function signInAnswer(email: string, password = PASSWORD) {
  return await server.request('/api/v1/sessions', { method: 'POST', body: { email, password } });
}

/** A user row as an older version stored it (no look-up, no check): the data a deployment already has. */
async function storedUser(email: string, password: string | null, createdAt: string) {
  const id = newId('usr');
  await server.db
    .insert(users)
    .values({
      id,
      accountId: account.id,
      email,
      name: email.split('@')[0] ?? email,
      passwordHash: password === null ? null : await hashPassword(password),
      passwordChangedAt: password === null ? null : createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    .run();
  await server.db
    .insert(userAccounts)
    .values({ userId: id, accountId: account.id, joinedAt: createdAt })
    .run();
  return id;
}

async function members() {
  const res = await server.json(`/api/v1/workspaces/${workspaceId}/members`, {
    headers: fromConsole(server, ownerCookie),
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; email: string; role: string }[];
}

describe('one mailbox, two spellings, one person', () => {
  for (const [first, second] of [
    ['unicode', 'ascii'],
    ['ascii', 'unicode'],
  ] as const) {
    test(`users create (the CLI's use-case) in the ${second} spelling of a ${first} user is a 409, as a case difference is`, async () => {
      const box = mailbox();
      await makeUser(server, account.id, { email: box[first] });
      const again = createUser({
        ctx: ctx(),
        input: {
          accountId: account.id,
          email: box[second],
          role: 'member',
          workspaceId: null,
          passwordHash: null,
        },
      });
      await expect(again).rejects.toMatchObject({ code: 'conflict' });
      const upper = createUser({
        ctx: ctx(),
        input: {
          accountId: account.id,
          email: box[first].toUpperCase(),
          role: 'member',
          workspaceId: null,
          passwordHash: null,
        },
      });
      await expect(upper).rejects.toMatchObject({ code: 'conflict' });
    });

    test(`adding the ${second} spelling of a ${first} member is a 409; inviting it invites the same member`, async () => {
      const box = mailbox();
      const added = await server.json(`/api/v1/workspaces/${workspaceId}/members`, {
        method: 'POST',
        headers: fromConsole(server, ownerCookie),
        body: { email: box[first], role: 'member' },
      });
      expect(added.status).toBe(200);
      const member = (await members()).find((m) => m.email === box[first]);
      expect(member).toBeDefined();

      const twice = await server.json(`/api/v1/workspaces/${workspaceId}/members`, {
        method: 'POST',
        headers: fromConsole(server, ownerCookie),
        body: { email: box[second], role: 'member' },
      });
      expect([twice.status, twice.body.error?.code]).toEqual([409, 'conflict']);

      const invited = await server.json(`/api/v1/workspaces/${workspaceId}/invitations`, {
        method: 'POST',
        headers: fromConsole(server, ownerCookie),
        body: { email: box[second], role: 'member' },
      });
      expect(invited.status).toBe(201);
      expect(invited.body.data.member.id).toBe(member?.id);
      const mine = (await members()).filter((m) => [box.unicode, box.ascii].includes(m.email));
      expect(mine).toHaveLength(1);
    });

    test(`a user stored in the ${first} spelling signs in with either; invited in the ${second}, they join, no second user`, async () => {
      const box = mailbox();
      const other = await makeAccount(server, { name: 'Steuerbüro' });
      const made = await makeUser(server, other.id, { email: box[first], role: 'owner' });
      for (const spelling of [box.unicode, box.ascii, box.ascii.toUpperCase()]) {
        const res = await signInAnswer(spelling);
        expect(res.status).toBe(201);
        expect(sessionCookieOf(res.headers)).not.toBeNull();
      }
      const invited = await server.json(`/api/v1/workspaces/${workspaceId}/invitations`, {
        method: 'POST',
        headers: fromConsole(server, ownerCookie),
        body: { email: box[second], role: 'member' },
      });
      expect(invited.status).toBe(201);
      const token = /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(invited.body.data.url)?.[1] ?? '';
      const view = await server.json(`/api/v1/invitations/${token}`);
      expect(view.body.data.existing_user).toBe(true);
      // A new password for a second user is refused: the existing person accepts with their own.
      const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
        method: 'POST',
        body: { password: PASSWORD },
      });
      expect(accepted.status).toBe(201);
      const cookie = await signIn(server, box[second]);
      const me = await server.json('/api/v1/auth/me', { headers: fromConsole(server, cookie) });
      expect(me.body.data.user.id).toBe(made.user.id);
      const reached = await server.json('/api/v1/accounts', { headers: fromConsole(server, cookie) });
      expect(reached.body.data.map((a: { id: string }) => a.id).sort()).toEqual(
        [account.id, other.id].sort(),
      );
    });

    test(`password reset (users set-password) by the ${second} spelling of a ${first} user sets theirs`, async () => {
      const box = mailbox();
      const made = await makeUser(server, account.id, { email: box[first] });
      const reset = await setPasswordByEmail({
        ctx: ctx(),
        input: { email: box[second], passwordHash: await hashPassword('a brand new passphrase') },
      });
      expect(reset.user.id).toBe(made.user.id);
      expect((await signInAnswer(box[first], 'a brand new passphrase')).status).toBe(201);
      expect((await signInAnswer(box[second], PASSWORD)).status).toBe(401);
    });
  }

  test('rows stored by an older version in either spelling sign in with both', async () => {
    for (const which of ['unicode', 'ascii'] as const) {
      const box = mailbox();
      await storedUser(box[which], PASSWORD, new Date().toISOString());
      await server.json(`/api/v1/workspaces/${workspaceId}/members`, {
        method: 'POST',
        headers: fromConsole(server, ownerCookie),
        body: { email: box[which], role: 'member' },
      });
      expect((await signInAnswer(box.unicode)).status).toBe(201);
      expect((await signInAnswer(box.ascii)).status).toBe(201);
    }
  });

  test('the CLI set-password takes the other spelling', async () => {
    const box = mailbox();
    const made = await makeUser(server, account.id, { email: box.unicode });
    const done = runCliWithStdin(
      ['users', 'set-password', '--email', box.ascii, '--password-stdin', '--json'],
      'the cli chose this passphrase\n',
      // The CLI reaches the server's database: its data dir, or its PostgreSQL (the postgres lane).
      {
        DATA_DIR: server.dataDir,
        ...(server.service.config.databaseUrl ? { DATABASE_URL: server.service.config.databaseUrl } : {}),
      },
    );
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(JSON.parse(done.stdout).user.id).toBe(made.user.id);
    expect((await signInAnswer(box.ascii, 'the cli chose this passphrase')).status).toBe(201);
  });

  test('wrong passwords count for the mailbox, whichever spelling they were typed in', async () => {
    const box = mailbox();
    await makeUser(server, account.id, { email: box.unicode });
    for (let i = 0; i < 10; i += 1) {
      const res = await signInAnswer(i % 2 === 0 ? box.unicode : box.ascii, 'not the password at all');
      expect(res.status).toBe(401);
    }
    expect((await signInAnswer(box.unicode)).status).toBe(429);
    expect((await signInAnswer(box.ascii)).status).toBe(429);
  });
});

describe('two users stored for one mailbox (made before): both kept, never merged, no third', () => {
  test('sign-in with either spelling takes the row whose password matches; a third is refused', async () => {
    const box = mailbox();
    const member = await server.json(`/api/v1/workspaces/${workspaceId}/members`, {
      method: 'POST',
      headers: fromConsole(server, ownerCookie),
      body: { email: box.unicode, role: 'member' },
    });
    expect(member.status).toBe(200);
    const older = await storedUser(box.ascii, null, '2026-01-01T00:00:00.000Z');
    const newer = await storedUser(box.unicode, PASSWORD, '2026-02-01T00:00:00.000Z');
    for (const spelling of [box.ascii, box.unicode]) {
      const cookie = await signIn(server, spelling);
      const me = await server.json('/api/v1/auth/me', { headers: fromConsole(server, cookie) });
      expect(me.body.data.user.id).toBe(newer);
    }
    for (const spelling of [box.ascii, box.unicode]) {
      const third = createUser({
        ctx: ctx(),
        input: {
          accountId: account.id,
          email: spelling,
          role: 'member',
          workspaceId: null,
          passwordHash: await hashPassword(PASSWORD),
        },
      });
      await expect(third).rejects.toMatchObject({ code: 'conflict' });
    }
    const rows = await server.db.select({ id: users.id, email: users.email }).from(users).all();
    expect(
      rows
        .filter((r) => [box.unicode, box.ascii].includes(r.email))
        .map((r) => r.id)
        .sort(),
    ).toEqual([older, newer].sort());
  });

  test('when both have a password, the one typed signs in to its own row', async () => {
    const box = mailbox();
    await server.json(`/api/v1/workspaces/${workspaceId}/members`, {
      method: 'POST',
      headers: fromConsole(server, ownerCookie),
      body: { email: box.ascii, role: 'member' },
    });
    const first = await storedUser(box.ascii, 'the first of two passwords', '2026-01-01T00:00:00.000Z');
    const second = await storedUser(box.unicode, 'the second of two passwords', '2026-02-01T00:00:00.000Z');
    for (const [password, id] of [
      ['the first of two passwords', first],
      ['the second of two passwords', second],
    ] as const) {
      const cookie = await signIn(server, box.unicode, password);
      const me = await server.json('/api/v1/auth/me', { headers: fromConsole(server, cookie) });
      expect(me.body.data.user.id).toBe(id);
    }
    expect((await signInAnswer(box.ascii, 'neither of the two')).status).toBe(401);
  });

  test('users set-password --email reaches either twin: the one spelt as typed', async () => {
    const box = mailbox();
    const unicode = await storedUser(box.unicode, 'an older password', '2026-01-01T00:00:00.000Z');
    const ascii = await storedUser(box.ascii, 'a newer password', '2026-02-01T00:00:00.000Z');
    for (const [typed, id] of [
      [box.unicode, unicode],
      [box.ascii, ascii],
    ] as const) {
      const done = await setPasswordByEmail({
        ctx: ctx(),
        input: { email: typed.toUpperCase(), passwordHash: await hashPassword(PASSWORD) },
      });
      expect(done.user.id).toBe(id);
    }
  });
});

describe("an office's client whose owner is the office's person in another spelling", () => {
  test('they are the one owner of the client, not also its admin', async () => {
    const box = mailbox();
    const office = await makeAccount(server, { name: 'Steuerbüro Müller', office: true });
    await makeUser(server, office.id, { email: box.unicode, role: 'owner' });
    const cookie = await signIn(server, box.unicode);
    const created = await server.json('/api/v1/accounts', {
      method: 'POST',
      headers: fromConsole(server, cookie),
      body: { name: 'Mandant Müller GmbH', owner_email: box.ascii },
    });
    expect(created.status).toBe(201);
    const client = { ...fromConsole(server, cookie), account: created.body.data.account.id };
    const workspaces = await server.json('/api/v1/workspaces', { headers: client });
    const [workspace] = workspaces.body.data;
    const listed = await server.json(`/api/v1/workspaces/${workspace.id}/members`, { headers: client });
    expect(listed.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [box.ascii, 'owner'],
    ]);
  });
});
