// The name an office gives its client's owner (`POST /accounts`'s `owner_name`, docs/office.md) is kept on
// the invitation: the link's page shows it, the e-mail greets them with it (both languages), and accepting
// without a name takes it. A name never given stays null; one typed on the page wins.
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';
import { fromConsole, makeUser, PASSWORD, signIn } from '../users';

let server: TestServer;
let smtp: TestSmtp;
let office: TestAccount;
let cookie: string;

const tokenOf = (url: string) => /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({ smtpUrl: smtp.url({ from: 'kanzlei@example.com' }), startJobs: false });
  office = await makeAccount(server, { name: 'Steuerbüro Winter', office: true });
  const staff = await makeUser(server, office.id, { role: 'owner' });
  cookie = await signIn(server, staff.email);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

async function createClient(name: string, extra: Record<string, unknown>) {
  const ownerEmail = `inhaber.${Date.now()}.${Math.random().toString(36).slice(2)}@client.example`;
  const res = await server.json('/api/v1/accounts', {
    method: 'POST',
    headers: fromConsole(server, cookie),
    body: { name, owner_email: ownerEmail, ...extra },
  });
  expect(res.status).toBe(201);
  return { ownerEmail, token: tokenOf(res.body.data.invitation.url) };
}

const mailTo = (email: string) => smtp.messages.find((m) => m.envelope.to.includes(email))?.parsed;

describe("an office names its client's owner", () => {
  test('the link answers the name, the German e-mail greets them, accepting without a name takes it', async () => {
    const { ownerEmail, token } = await createClient('Bäckerei Korn', {
      owner_name: '  Anna Korn ',
      language: 'de',
    });
    const view = await server.json(`/api/v1/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ kind: 'member', email: ownerEmail, name: 'Anna Korn' });
    const text = mailTo(ownerEmail)?.text ?? '';
    expect(text.split('\n')[0]).toBe('Guten Tag Anna Korn,');
    expect(text).toContain('Hello Anna Korn,');
    expect(text).toContain('Sie wurden zu Bäckerei Korn eingeladen.');
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({ email: ownerEmail, name: 'Anna Korn' });
    const ownerCookie = await signIn(server, ownerEmail);
    const me = await server.json('/api/v1/auth/me', { headers: { cookie: ownerCookie } });
    expect(me.body.data.user.name).toBe('Anna Korn');
  }, 30_000);

  test('the English e-mail greets them first; a name typed on the page wins over the given one', async () => {
    const { ownerEmail, token } = await createClient('Korn Bakery Ltd', {
      owner_name: 'Anna Korn',
      language: 'en',
    });
    const text = mailTo(ownerEmail)?.text ?? '';
    expect(text.split('\n')[0]).toBe('Hello Anna Korn,');
    expect(text).toContain('Guten Tag Anna Korn,');
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { name: 'Anna-Lena Korn', password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.name).toBe('Anna-Lena Korn');
  }, 30_000);

  test('no name given: the link answers null, the e-mail greets nobody, accepting still asks for a name', async () => {
    const { ownerEmail, token } = await createClient('Metzgerei Huber', { language: 'de' });
    const view = await server.json(`/api/v1/invitations/${token}`);
    expect(view.body.data.name).toBeNull();
    const text = mailTo(ownerEmail)?.text ?? '';
    expect(text.split('\n')[0]).toBe('Sie wurden zu Metzgerei Huber eingeladen.');
    expect(text).not.toContain('Guten Tag');
    const noName = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: PASSWORD },
    });
    expect(noName.status).toBe(422);
    expect(noName.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual(['body.name']);
  }, 30_000);

  test('a blank owner_name is no name', async () => {
    const { token } = await createClient('Schreinerei Blank', { owner_name: '   ' });
    const view = await server.json(`/api/v1/invitations/${token}`);
    expect(view.body.data.name).toBeNull();
  }, 30_000);
});
