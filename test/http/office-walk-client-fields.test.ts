// An office creating a client (POST /api/v1/accounts, docs/office.md) is told what to mend where it sent
// it: a name of spaces only at `body.name`, an unknown plan at `body.plan_id` (the request's own names, as
// every 422 of the API says them), and nothing is made.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, signIn } from '../users';

let server: TestServer;
let office: TestAccount;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  office = await makeAccount(server, { name: 'Steuerbüro Lange', office: true });
  const owner = await makeUser(server, office.id, { role: 'owner' });
  cookie = await signIn(server, owner.email);
});
afterAll(async () => {
  await server.stop();
});

const create = (body: Record<string, unknown>) =>
  server.json('/api/v1/accounts', { method: 'POST', headers: fromConsole(server, cookie), body });
const reached = async () =>
  (await server.json('/api/v1/accounts', { headers: fromConsole(server, cookie) })).body.data.length;

describe('creating a client names the refused field as the request does', () => {
  test('a name of spaces only is a 422 at body.name', async () => {
    const before = await reached();
    const res = await create({ name: '   ', owner_email: 'inhaber@baeckerei.example' });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual([
      { loc: 'body.name', msg: 'name must be 1 to 200 characters', type: 'invalid' },
    ]);
    expect(await reached()).toBe(before);
  });

  test('an unknown plan is a 422 at body.plan_id', async () => {
    const before = await reached();
    const res = await create({
      name: 'Bäckerei Sonne',
      owner_email: 'inhaber@sonne.example',
      plan_id: 'plan_gold',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual([
      { loc: 'body.plan_id', msg: "unknown plan 'plan_gold'", type: 'invalid' },
    ]);
    expect(await reached()).toBe(before);
  });
});
