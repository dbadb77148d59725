// Invitations (docs/sign-in.md): adding a member makes a one-time link whose page sets name and password;
// the first start's owner link; and a signed-in user acts with their member's role (docs/roles.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createOwnerSetupLink } from '../../src/modules/users';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { sourceOnly, startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { fromConsole, makeUser, PASSWORD, signIn } from '../users';

const clock = new FakeClock(new Date('2026-04-01T08:00:00.000Z'));
let server: TestServer;
let smtp: TestSmtp;
let account: TestAccount;
let workspaceId: string;
let ownerCookie: string;
let ownerEmail: string;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ clock, startJobs: false, smtpUrl: smtp.url({ from: 'office@example.com' }) });
  account = await makeAccount(server, { name: 'Ingenieurbüro Berlin' });
  const owner = await makeUser(server, account.id, { role: 'owner' });
  workspaceId = owner.member.workspaceId;
  ownerEmail = owner.email;
  ownerCookie = await signIn(server, owner.email);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const tokenOf = (url: string) => /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';

async function invite(cookie: string, email: string, role?: string) {
  return server.json(`/api/v1/workspaces/${workspaceId}/invitations`, {
    method: 'POST',
    headers: fromConsole(server, cookie),
    body: role ? { email, role } : { email },
  });
}

describe('invitations', () => {
  test('an owner invites a member: the link is shown and e-mailed; its page sets name and password; they sign in as member', async () => {
    const email = `new.${Date.now()}@example.com`;
    const res = await invite(ownerCookie, email, 'member');
    expect(res.status).toBe(201);
    expect(res.body.data.member).toMatchObject({ email, role: 'member', workspace_id: workspaceId });
    expect(res.body.data.url).toStartWith(`${server.url}/#/invitation/`);
    expect(res.body.data.emailed).toBe(true);
    const mail = smtp.messages.find((m) => m.envelope.to.includes(email));
    expect(mail?.parsed.text).toContain(res.body.data.url);
    const token = tokenOf(res.body.data.url);

    const view = await server.json(`/api/v1/invitations/${token}`);
    expect(view.body.data).toMatchObject({
      kind: 'member',
      email,
      role: 'member',
      account_name: 'Ingenieurbüro Berlin',
    });
    const noName = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: PASSWORD },
    });
    expect(noName.status).toBe(422);
    expect(noName.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.name']);
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { name: 'Nora Neu', password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({ email, name: 'Nora Neu' });
    expect(accepted.body.data.id).toMatch(/^usr_/);
    const cookie = await signIn(server, email);
    const who = await server.json('/api/v1/auth/me', { headers: { cookie } });
    expect(who.body.data.member).toMatchObject({ id: res.body.data.member.id, role: 'member' });
    expect(who.body.data.user.name).toBe('Nora Neu');
    // Used once; inviting them again makes no link (they sign in already).
    expect(
      (
        await server.json(`/api/v1/invitations/${token}/accept`, {
          method: 'POST',
          body: { name: 'X', password: PASSWORD },
        })
      ).status,
    ).toBe(404);
    const again = await invite(ownerCookie, email);
    expect(again.status).toBe(201);
    expect(again.body.data.url).toBeNull();
  }, 30_000);

  test.skipIf(sourceOnly)(
    'a link expires after 7 days; a new invitation replaces the open one; removing the member voids it',
    async () => {
      const email = `late.${Date.now()}@example.com`;
      const first = tokenOf((await invite(ownerCookie, email)).body.data.url);
      const second = await invite(ownerCookie, email);
      expect((await server.json(`/api/v1/invitations/${first}`)).status).toBe(404);
      const token = tokenOf(second.body.data.url);
      clock.advance(7 * 24 * 60 * 60 * 1000);
      expect((await server.json(`/api/v1/invitations/${token}`)).status).toBe(404);
      ownerCookie = await signIn(server, ownerEmail); // a week idle ended the owner's session too
      const third = tokenOf((await invite(ownerCookie, email)).body.data.url);
      const removed = await server.json(
        `/api/v1/workspaces/${workspaceId}/members/${second.body.data.member.id}`,
        {
          method: 'DELETE',
          headers: fromConsole(server, ownerCookie),
        },
      );
      expect(removed.status).toBe(200);
      const accept = await server.json(`/api/v1/invitations/${third}/accept`, {
        method: 'POST',
        body: { name: 'Too Late', password: PASSWORD },
      });
      expect(accept.status).toBe(404);
    },
    30_000,
  );

  test("the e-mail speaks the inviter's language first: the console's choice, else Accept-Language (issue 36)", async () => {
    const firstLine = (email: string) =>
      smtp.messages.find((m) => m.envelope.to.includes(email))?.parsed.text?.split('\n')[0] ?? '';
    const subject = (email: string) =>
      smtp.messages.find((m) => m.envelope.to.includes(email))?.parsed.subject;
    const german = `de.${Date.now()}@example.com`;
    const chosen = await server.json(`/api/v1/workspaces/${workspaceId}/invitations`, {
      method: 'POST',
      headers: fromConsole(server, ownerCookie),
      body: { email: german, language: 'de' },
    });
    expect(chosen.status).toBe(201);
    expect(firstLine(german)).toStartWith('Sie wurden zu ');
    expect(subject(german)).toStartWith('Einladung zu ');
    const browser = `accept.${Date.now()}@example.com`;
    await server.json(`/api/v1/workspaces/${workspaceId}/invitations`, {
      method: 'POST',
      headers: { ...fromConsole(server, ownerCookie), 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      body: { email: browser },
    });
    expect(firstLine(browser)).toStartWith('Sie wurden zu ');
    const english = `en.${Date.now()}@example.com`;
    await invite(ownerCookie, english, 'member');
    expect(firstLine(english)).toStartWith('You are invited to ');
    expect(subject(english)).toStartWith('Invitation to ');
  });

  test('an admin cannot invite an owner, nor get a link for an existing owner; a member cannot invite', async () => {
    const admin = await makeUser(server, account.id, { role: 'admin', workspaceId });
    const member = await makeUser(server, account.id, { role: 'member', workspaceId });
    const adminCookie = await signIn(server, admin.email);
    const memberCookie = await signIn(server, member.email);
    const owner = await invite(adminCookie, `boss.${Date.now()}@example.com`, 'owner');
    expect(owner.status).toBe(403);
    expect(owner.body.error.details.permission).toBe('members:manage_owners');
    const pendingOwner = `pending.${Date.now()}@example.com`;
    expect((await invite(ownerCookie, pendingOwner, 'owner')).status).toBe(201);
    const relink = await invite(adminCookie, pendingOwner);
    expect(relink.status).toBe(403);
    const byMember = await invite(memberCookie, `friend.${Date.now()}@example.com`);
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.details.permission).toBe('members:manage');
    const ok = await invite(adminCookie, `helper.${Date.now()}@example.com`, 'admin');
    expect(ok.status).toBe(201);
  }, 30_000);

  test("an admin gets no link for someone who is owner in another workspace, and a link's reach is the inviter's", async () => {
    const admin = await makeUser(server, account.id, { role: 'admin', workspaceId });
    const adminCookie = await signIn(server, admin.email);
    const other = await server.json('/api/v1/workspaces', {
      method: 'POST',
      key: account.apiKey,
      body: { name: `Holding ${Date.now()}` },
    });
    expect(other.status).toBe(200);
    const addOwner = (email: string) =>
      server.json(`/api/v1/workspaces/${other.body.data.id}/members`, {
        method: 'POST',
        key: account.apiKey,
        body: { email, role: 'owner' },
      });
    // The boss is owner of the other workspace and has no user yet: a link for them is an owner's link.
    const boss = `boss.${Date.now()}@example.com`;
    expect((await addOwner(boss)).status).toBe(200);
    const viaTeam = await invite(adminCookie, boss, 'member');
    expect(viaTeam.status).toBe(403);
    expect(viaTeam.body.error.details.permission).toBe('members:manage_owners');
    // The admin's link, made while they were a plain member, stops short once they became owner elsewhere.
    const later = `later.${Date.now()}@example.com`;
    const made = await invite(adminCookie, later, 'member');
    expect(made.status).toBe(201);
    expect((await addOwner(later)).status).toBe(200);
    const opened = await server.json(`/api/v1/invitations/${tokenOf(made.body.data.url)}/accept`, {
      method: 'POST',
      body: { name: 'Lena Later', password: PASSWORD },
    });
    expect(opened.status).toBe(409);
    expect(opened.body.error.message).toContain("'owner'");
    const refused = await server.request('/api/v1/sessions', {
      method: 'POST',
      body: { email: later, password: PASSWORD },
    });
    expect(refused.status).toBe(401);
    // An owner's link for the same person works, and they act as the owner they are.
    const byOwner = await invite(ownerCookie, later);
    expect(byOwner.status).toBe(201);
    const accepted = await server.json(`/api/v1/invitations/${tokenOf(byOwner.body.data.url)}/accept`, {
      method: 'POST',
      body: { name: 'Lena Later', password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    const who = await server.json('/api/v1/auth/me', { headers: { cookie: await signIn(server, later) } });
    expect(who.body.data.member.role).toBe('owner');
  }, 30_000);

  test('someone who signs in to another account is invited by link and joins with their own password, never a second one (issue 40); an unknown workspace is 404', async () => {
    const other = await makeAccount(server, { name: 'Steuerbüro Schmidt' });
    const adviser = await makeUser(server, other.id, { role: 'owner' });
    const res = await invite(ownerCookie, adviser.email, 'accountant');
    expect(res.status).toBe(201);
    expect(res.body.data.member).toMatchObject({ email: adviser.email, role: 'accountant' });
    const token = tokenOf(res.body.data.url);
    expect(res.body.data.emailed).toBe(true);
    const view = await server.json(`/api/v1/invitations/${token}`);
    expect(view.body.data).toMatchObject({ kind: 'member', existing_user: true, role: 'accountant' });

    // Until they accept, the membership reaches nothing: their sessions know only their own account.
    const cookie = await signIn(server, adviser.email);
    const before = await server.json('/api/v1/auth/me', { headers: fromConsole(server, cookie) });
    expect(before.body.data.accounts.map((a: { id: string }) => a.id)).toEqual([other.id]);
    const early = await server.json('/api/v1/customers', {
      headers: { ...fromConsole(server, cookie), account: account.id },
    });
    expect([early.status, early.body.error.code]).toEqual([403, 'forbidden']);

    // The token alone (the inviter sees the link too) joins nobody; nor does a wrong password or a new one.
    for (const body of [
      {},
      { password: 'not their password 123' },
      { name: 'X', password: `${PASSWORD}x` },
    ]) {
      const refused = await server.json(`/api/v1/invitations/${token}/accept`, { method: 'POST', body });
      expect([refused.status, refused.body.error.code]).toEqual([403, 'forbidden']);
    }
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.email).toBe(adviser.email);
    // Their password is unchanged, and the same session now reaches both accounts, each with its role.
    const after = await server.json('/api/v1/auth/me', { headers: fromConsole(server, cookie) });
    const roles = Object.fromEntries(
      after.body.data.accounts.map((a: { id: string; role: string }) => [a.id, a.role]),
    );
    expect(roles).toEqual({ [other.id]: 'owner', [account.id]: 'accountant' });
    expect(after.body.data.account.id).toBe(other.id);
    const there = await server.json('/api/v1/customers', {
      headers: { ...fromConsole(server, cookie), account: account.id },
    });
    expect(there.status).toBe(200);
    expect((await signIn(server, adviser.email)).length).toBeGreaterThan(0);
    expect((await server.json(`/api/v1/invitations/${token}`)).status).toBe(404);

    // Signed in as themselves, a second invitation is joined without typing anything.
    const third = await makeAccount(server, { name: 'Bäckerei Korn' });
    const thirdOwner = await makeUser(server, third.id, { role: 'owner' });
    const thirdCookie = await signIn(server, thirdOwner.email);
    const thirdWorkspace = thirdOwner.member.workspaceId;
    const link = await server.json(`/api/v1/workspaces/${thirdWorkspace}/invitations`, {
      method: 'POST',
      headers: fromConsole(server, thirdCookie),
      body: { email: adviser.email, role: 'admin' },
    });
    const joined = await server.json(`/api/v1/invitations/${tokenOf(link.body.data.url)}/accept`, {
      method: 'POST',
      headers: fromConsole(server, cookie),
      body: {},
    });
    expect(joined.status).toBe(201);
    const three = await server.json('/api/v1/auth/me', { headers: fromConsole(server, cookie) });
    expect(three.body.data.accounts).toHaveLength(3);

    const missing = await server.json('/api/v1/workspaces/wsp_nothing/invitations', {
      method: 'POST',
      key: account.apiKey,
      body: { email: `x.${Date.now()}@example.com` },
    });
    expect(missing.status).toBe(404);
  }, 30_000);

  // Made at the test's fixed time (FakeClock): expired on the executable's real clock; german-firm-day
  // follows the executable's own first-start link.
  test.skipIf(sourceOnly)(
    "the first start's owner link: its page chooses email, name and password; the owner has every right",
    async () => {
      const fresh = await makeAccount(server, { name: 'Fresh install' });
      const link = await createOwnerSetupLink({
        ctx: { db: server.db, clock },
        input: { accountId: fresh.id },
      });
      const view = await server.json(`/api/v1/invitations/${link.token}`);
      expect(view.body.data).toMatchObject({
        kind: 'owner_setup',
        email: null,
        role: 'owner',
        account_name: 'Fresh install',
      });
      const noEmail = await server.json(`/api/v1/invitations/${link.token}/accept`, {
        method: 'POST',
        body: { name: 'Olga Owner', password: PASSWORD },
      });
      expect(noEmail.status).toBe(422);
      const email = `olga.${Date.now()}@example.com`;
      const accepted = await server.json(`/api/v1/invitations/${link.token}/accept`, {
        method: 'POST',
        body: { name: 'Olga Owner', email, password: PASSWORD },
      });
      expect(accepted.status).toBe(201);
      const cookie = await signIn(server, email);
      const who = await server.json('/api/v1/auth/me', { headers: { cookie } });
      expect(who.body.data.account.id).toBe(fresh.id);
      expect(who.body.data.member.role).toBe('owner');
      const workspace = await server.json('/api/v1/workspaces', {
        method: 'POST',
        headers: fromConsole(server, cookie),
        body: { name: 'Second team' },
      });
      expect(workspace.status).toBe(200);
    },
    30_000,
  );
});

describe('a signed-in member acts with their role', () => {
  test('a member creates and changes their own customer, not an admin-only thing nor another person’s', async () => {
    const member = await makeUser(server, account.id, { role: 'member', workspaceId });
    const cookie = await signIn(server, member.email);
    const headers = fromConsole(server, cookie);
    const mine = await server.json('/api/v1/customers', { method: 'POST', headers, body: { name: 'Mine' } });
    expect(mine.status).toBe(200);
    expect(
      (
        await server.json(`/api/v1/customers/${mine.body.data.id}`, {
          method: 'PATCH',
          headers,
          body: { name: 'Still mine' },
        })
      ).status,
    ).toBe(200);
    const theirs = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Theirs' },
    });
    const change = await server.json(`/api/v1/customers/${theirs.body.data.id}`, {
      method: 'PATCH',
      headers,
      body: { name: 'Hijacked' },
    });
    expect(change.status).toBe(403);
    expect(change.body.error.message).toContain(
      `this signed-in user acts as workspace member ${member.member.id}`,
    );
    expect(change.body.error.details).toMatchObject({
      permission: 'resources:write_all',
      role: 'member',
      workspace_member_id: member.member.id,
    });
    const newWorkspace = await server.json('/api/v1/workspaces', {
      method: 'POST',
      headers,
      body: { name: 'Mine' },
    });
    expect(newWorkspace.status).toBe(403);
    expect(newWorkspace.body.error.details.permission).toBe('workspace:create');
    // Promoted to admin: the next request has the new rights.
    await server.json(`/api/v1/workspaces/${workspaceId}/members/${member.member.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { role: 'admin' },
    });
    expect(
      (
        await server.json(`/api/v1/customers/${theirs.body.data.id}`, {
          method: 'PATCH',
          headers,
          body: { name: 'Edited by admin' },
        })
      ).status,
    ).toBe(200);
    // Removed from the workspace: the session no longer opens anything.
    await server.json(`/api/v1/workspaces/${workspaceId}/members/${member.member.id}`, {
      method: 'DELETE',
      key: account.apiKey,
    });
    expect((await server.json('/api/v1/auth/me', { headers: { cookie } })).status).toBe(401);
  }, 30_000);
});
