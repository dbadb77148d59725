// A Kanzlei's clients are the office's, not one assistant's (docs/office.md "Who in the office reaches a
// client"): a client an office admin creates is reached at once by every owner and admin of the office, with
// the role asked for; the office's accountants and members (a trainee) only once a client's admin invites them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBody } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, PASSWORD, signIn } from '../users';

let server: TestServer;
let office: TestAccount;
const cookies: Record<string, string> = {};
const emails: Record<string, string> = {};
const tokenOf = (url: string) => /#\/invitation\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  office = await makeAccount(server, { name: 'Kanzlei Berger & Partner', office: true });
  for (const [who, role] of [
    ['berger', 'owner'],
    ['anna', 'admin'],
    ['bernd', 'admin'],
    ['tim', 'accountant'],
    ['mia', 'member'],
  ] as const) {
    const user = await makeUser(server, office.id, {
      role,
      email: `${who}.${Date.now()}@kanzlei-berger.example`,
    });
    emails[who] = user.email;
    cookies[who] = await signIn(server, user.email);
  }
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

async function create(who: string, body: Record<string, unknown>) {
  const res = await as(who, 'POST', '/api/v1/accounts', {
    owner_email: `owner.${Date.now()}.${Math.random()}@client.example`,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data as { account: { id: string }; invitation: { url: string } };
}

describe('who in the office reaches a client an admin created', () => {
  test("the office's owner and every admin reach it at once, as admin; its accountant and member do not", async () => {
    const { account } = await create('anna', { name: 'Fotostudio Lena Maier', client_number: 10_002 });
    for (const who of ['anna', 'berger', 'bernd']) {
      expect([who, (await reached(who)).get(account.id)]).toEqual([who, 'admin']);
      const customers = await as(who, 'GET', '/api/v1/customers', undefined, account.id);
      expect([who, customers.status]).toEqual([who, 200]);
    }
    for (const who of ['tim', 'mia']) {
      expect([who, (await reached(who)).has(account.id)]).toEqual([who, false]);
      const customers = await as(who, 'GET', '/api/v1/customers', undefined, account.id);
      expect([who, customers.status]).toEqual([who, 403]);
    }
    // The overview across clients lists it for the office's owner.
    const overview = await as('berger', 'GET', '/api/v1/office/overview');
    expect(overview.body.data.clients.map((c: { account_id: string }) => c.account_id)).toContain(account.id);
  });

  test('with role accountant, every one of them keeps its books only', async () => {
    const { account } = await create('bernd', { name: 'Huber GmbH', role: 'accountant' });
    for (const who of ['anna', 'berger', 'bernd']) {
      expect([who, (await reached(who)).get(account.id)]).toEqual([who, 'accountant']);
    }
  });

  test("a client made by the office's API key is reached by its owner and admins (before: by nobody)", async () => {
    const res = await server.json('/api/v1/accounts', {
      method: 'POST',
      key: office.apiKey,
      body: { name: 'Per API GmbH', owner_email: `api.${Date.now()}@client.example` },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.account.id;
    expect((await reached('berger')).get(id)).toBe('admin');
    expect((await reached('anna')).get(id)).toBe('admin');
    expect((await reached('tim')).has(id)).toBe(false);
  });

  test('an office admin named as the owner joins by accepting the invitation, as the owner', async () => {
    const created = await create('anna', { name: 'Berndts Nebengewerbe', owner_email: emails.bernd });
    expect((await reached('bernd')).has(created.account.id)).toBe(false);
    expect((await reached('berger')).get(created.account.id)).toBe('admin');
    const accepted = await server.json(`/api/v1/invitations/${tokenOf(created.invitation.url)}/accept`, {
      method: 'POST',
      body: { password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect((await reached('bernd')).get(created.account.id)).toBe('owner');
  });

  test("the trainee reaches a client once its admin invites them, with the client's role for them", async () => {
    const { account } = await create('anna', { name: 'Schreinerei Holz', client_number: 10_005 });
    const me = await as('anna', 'GET', '/api/v1/auth/me', undefined, account.id);
    const invited = await as(
      'anna',
      'POST',
      `/api/v1/workspaces/${me.body.data.member.workspace_id}/invitations`,
      { email: emails.tim, role: 'accountant' },
      account.id,
    );
    expect(invited.status).toBe(201);
    expect((await reached('tim')).has(account.id)).toBe(false);
    const accepted = await as(
      'tim',
      'POST',
      `/api/v1/invitations/${tokenOf(invited.body.data.url)}/accept`,
      {},
    );
    expect(accepted.status).toBe(201);
    expect((await reached('tim')).get(account.id)).toBe('accountant');

    // Read-only for the documents: no finalize, no delete, refused in words that fit an accountant.
    const profile = await as(
      'anna',
      'POST',
      '/api/v1/business-profiles',
      {
        legal_name: 'Schreinerei Holz',
        address: { line1: 'Werkstr. 3', city: 'München', postal_code: '80331', country: 'DE' },
      },
      account.id,
    );
    const customer = await as(
      'anna',
      'POST',
      '/api/v1/customers',
      { name: 'Familie Brandl', billing_address: { line1: 'Am Anger 2', city: 'Freising', country: 'DE' } },
      account.id,
    );
    const draft = await as(
      'anna',
      'POST',
      '/api/v1/documents',
      documentBody({ profileId: profile.body.data.id, customerId: customer.body.data.id }),
      account.id,
    );
    expect(draft.status).toBe(200);
    for (const [method, path] of [
      ['POST', `/api/v1/documents/${draft.body.data.id}/finalize`],
      ['DELETE', `/api/v1/documents/${draft.body.data.id}`],
    ] as const) {
      const refused = await as('tim', method, path, undefined, account.id);
      expect([path, refused.status, refused.body.error.details]).toEqual([
        path,
        403,
        expect.objectContaining({ permission: 'resources:write_all', role: 'accountant' }),
      ]);
      expect(refused.body.error.message).toContain('an accountant keeps the books and changes no document');
      expect(refused.body.error.message).not.toContain('members may change only what they created');
    }
    const still = await as('anna', 'GET', `/api/v1/documents/${draft.body.data.id}`, undefined, account.id);
    expect(still.body.data.status).toBe('draft');
  });
});
