// The account's own name (a first start calls it "Default account"): the owner renames it; an admin, a
// member and another account cannot; /auth/me, the console's header, shows the new name (issue 36).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, signIn } from '../users';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server, { name: 'Default account' });
});
afterAll(() => server.stop());

const me = async (key: string) => (await server.json('/api/v1/auth/me', { key })).body.data.account.name;

describe('PATCH /account', () => {
  test('the owner renames the account from the console; surrounding blanks are dropped', async () => {
    const named = async (name: string) =>
      (await server.json('/api/v1/workspaces', { method: 'POST', key: account.apiKey, body: { name } })).body
        .data.id;
    const first = await named('Default account');
    const team = await named('Team Nord');
    const owner = await makeUser(server, account.id, { role: 'owner' });
    const cookie = await signIn(server, owner.email);
    const res = await server.json('/api/v1/account', {
      method: 'PATCH',
      headers: fromConsole(server, cookie),
      body: { name: '  Ingenieurbüro Nordlicht GmbH ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: account.id, name: 'Ingenieurbüro Nordlicht GmbH' });
    expect(await me(account.apiKey)).toBe('Ingenieurbüro Nordlicht GmbH');
    // The team named after the account follows it; another keeps its name.
    const workspace = async (id: string) =>
      (await server.json(`/api/v1/workspaces/${id}`, { key: account.apiKey })).body.data.name;
    expect(await workspace(first)).toBe('Ingenieurbüro Nordlicht GmbH');
    expect(await workspace(team)).toBe('Team Nord');
  });

  test('an admin and a member are refused with account:edit named; the name stays', async () => {
    for (const role of ['admin', 'member'] as const) {
      const person = await makeUser(server, account.id, { role });
      const cookie = await signIn(server, person.email);
      const res = await server.json('/api/v1/account', {
        method: 'PATCH',
        headers: fromConsole(server, cookie),
        body: { name: 'Taken over' },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.details.permission).toBe('account:edit');
    }
    expect(await me(account.apiKey)).toBe('Ingenieurbüro Nordlicht GmbH');
  });

  test('a blank name, a missing one and unknown fields are 422 with their paths; another account is untouched', async () => {
    const other = await makeAccount(server, { name: 'Other firm' });
    const blank = await server.json('/api/v1/account', {
      method: 'PATCH',
      key: account.apiKey,
      body: { name: '   ' },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.error.details.fields[0].loc).toBe('body.name');
    const extra = await server.json('/api/v1/account', {
      method: 'PATCH',
      key: account.apiKey,
      body: { name: 'X', plan_id: 'plan_self_hosted' },
    });
    expect(extra.status).toBe(422);
    const renamed = await server.json('/api/v1/account', {
      method: 'PATCH',
      key: other.apiKey,
      body: { name: 'B' },
    });
    expect(renamed.body.data.id).toBe(other.id);
    expect(await me(account.apiKey)).toBe('Ingenieurbüro Nordlicht GmbH');
  });
});
