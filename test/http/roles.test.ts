// Workspace roles over HTTP: a table of role x action (403 forbidden naming the missing permission, or
// allowed), keys tied to members, "own resources", role changes and removals taking effect at once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };

type Role = 'owner' | 'admin' | 'member';
type Actor = Role | 'account';

interface Team {
  workspaceId: string;
  otherWorkspaceId: string;
  memberIds: Record<Role, string>;
  keys: Record<Actor, string>;
}

const ACTORS: Actor[] = ['account', 'owner', 'admin', 'member'];

async function call(key: string, method: string, path: string, body?: unknown) {
  return server.json(path, { method, key, body });
}

async function ok(key: string, method: string, path: string, body?: unknown) {
  const res = await call(key, method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data ?? res.body;
}

let emails = 0;
const email = () => `person${++emails}@example.com`;

async function newMember(workspaceId: string, role: Role): Promise<string> {
  const address = email();
  const list = await ok(account.apiKey, 'POST', `/api/v1/workspaces/${workspaceId}/members`, {
    email: address,
    role,
  });
  return list.find((m: { email: string }) => m.email === address).id;
}

async function keyFor(memberId: string): Promise<string> {
  return (await ok(account.apiKey, 'POST', '/api/v1/api-keys', { workspace_member_id: memberId })).api_key;
}

/** A workspace with one member of each role (each with a key), and a second workspace they are not in. */
async function team(): Promise<Team> {
  const workspaceId = (await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'Team' })).id;
  const otherWorkspaceId = (await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'Other' })).id;
  await newMember(otherWorkspaceId, 'owner');
  const memberIds = {
    owner: await newMember(workspaceId, 'owner'),
    admin: await newMember(workspaceId, 'admin'),
    member: await newMember(workspaceId, 'member'),
  };
  return {
    workspaceId,
    otherWorkspaceId,
    memberIds,
    keys: {
      account: account.apiKey,
      owner: await keyFor(memberIds.owner),
      admin: await keyFor(memberIds.admin),
      member: await keyFor(memberIds.member),
    },
  };
}

let shared: Team;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
  shared = await team();
});
afterAll(() => server.stop());

interface Action {
  name: string;
  allowed: Actor[];
  /** The permission a refusal names (per actor where it differs). */
  permission: string | Partial<Record<Actor, string>>;
  run(key: string, t: Team): Promise<{ status: number; body: any }>;
}

const everyone: Actor[] = ['account', 'owner', 'admin', 'member'];
const ownerOnly: Actor[] = ['account', 'owner'];
const admins: Actor[] = ['account', 'owner', 'admin'];

/** A customer the account-level key made: nobody's in particular. */
const foreignCustomer = async () =>
  (await ok(account.apiKey, 'POST', '/api/v1/customers', { name: 'Theirs' })).id;
const foreignDraft = async () =>
  (await ok(account.apiKey, 'POST', '/api/v1/documents', documentBody(parties))).id;
/** A pending customer import, made with `key` (the account-level key's is nobody's in particular). */
const pendingImport = async (key = account.apiKey) =>
  (
    await ok(key, 'POST', '/api/v1/imports', {
      source_format: 'json',
      data: [{ name: `Imported ${email()}` }],
    })
  ).id;
/** A pending import of a workspace member other than any actor of the table. */
const anotherMembersImport = async (t: Team) =>
  pendingImport(await keyFor(await newMember(t.workspaceId, 'member')));

const ACTIONS: Action[] = [
  {
    name: 'read customers',
    allowed: everyone,
    permission: '-',
    run: (key) => call(key, 'GET', '/api/v1/customers'),
  },
  {
    name: "read another's document",
    allowed: everyone,
    permission: '-',
    run: async (key) => call(key, 'GET', `/api/v1/documents/${await foreignDraft()}`),
  },
  {
    name: 'create a customer',
    allowed: everyone,
    permission: 'resources:write_own',
    run: (key) => call(key, 'POST', '/api/v1/customers', { name: 'Mine' }),
  },
  {
    name: 'edit a customer it created',
    allowed: everyone,
    permission: 'resources:write_own',
    run: async (key) => {
      const mine = await ok(key, 'POST', '/api/v1/customers', { name: 'Mine' });
      return call(key, 'PATCH', `/api/v1/customers/${mine.id}`, { name: 'Still mine' });
    },
  },
  {
    name: "edit another's customer",
    allowed: admins,
    permission: 'resources:write_all',
    run: async (key) => call(key, 'PATCH', `/api/v1/customers/${await foreignCustomer()}`, { name: 'Taken' }),
  },
  {
    name: "delete another's customer",
    allowed: admins,
    permission: 'resources:write_all',
    run: async (key) => call(key, 'DELETE', `/api/v1/customers/${await foreignCustomer()}`),
  },
  {
    name: "finalize another's document",
    allowed: admins,
    permission: 'resources:write_all',
    run: async (key) => call(key, 'POST', `/api/v1/documents/${await foreignDraft()}/finalize`),
  },
  {
    name: 'create and finalize its own document',
    allowed: everyone,
    permission: 'resources:write_all',
    run: async (key) => {
      const draft = await ok(key, 'POST', '/api/v1/documents', documentBody(parties));
      return call(key, 'POST', `/api/v1/documents/${draft.id}/finalize`);
    },
  },
  {
    name: "duplicate another's document (a new draft of its own)",
    allowed: everyone,
    permission: 'resources:write_own',
    run: async (key) => call(key, 'POST', `/api/v1/documents/${await foreignDraft()}/duplicate`),
  },
  {
    name: "read another's import",
    allowed: everyone,
    permission: '-',
    run: async (key) => call(key, 'GET', `/api/v1/imports/${await pendingImport()}`),
  },
  {
    name: 'create and confirm its own import',
    allowed: everyone,
    permission: 'resources:write_all',
    run: async (key) => call(key, 'POST', `/api/v1/imports/${await pendingImport(key)}/confirm`),
  },
  {
    name: 'create and cancel its own import',
    allowed: everyone,
    permission: 'resources:write_all',
    run: async (key) => call(key, 'POST', `/api/v1/imports/${await pendingImport(key)}/cancel`),
  },
  {
    name: "confirm an account-level key's import",
    allowed: admins,
    permission: 'resources:write_all',
    run: async (key) => call(key, 'POST', `/api/v1/imports/${await pendingImport()}/confirm`),
  },
  {
    name: "confirm another member's import",
    allowed: admins,
    permission: 'resources:write_all',
    run: async (key, t) => call(key, 'POST', `/api/v1/imports/${await anotherMembersImport(t)}/confirm`),
  },
  {
    name: "cancel another member's import",
    allowed: admins,
    permission: 'resources:write_all',
    run: async (key, t) => call(key, 'POST', `/api/v1/imports/${await anotherMembersImport(t)}/cancel`),
  },
  {
    name: 'confirm an import that does not exist (404, not 403)',
    allowed: everyone,
    permission: '-',
    run: async (key) => {
      const res = await call(key, 'POST', '/api/v1/imports/imp_00000000000000000000000000/confirm');
      expect(res.status).toBe(404);
      return res;
    },
  },
  {
    name: 'choose the default branding profile',
    allowed: admins,
    permission: 'resources:write_all',
    run: async (key) => {
      const profile = await ok(key, 'POST', '/api/v1/branding-profiles', { name: `B${Date.now()}` });
      return call(key, 'POST', `/api/v1/branding-profiles/${profile.id}/default`);
    },
  },
  {
    name: 'read the subscription',
    allowed: everyone,
    permission: '-',
    run: (key) => call(key, 'GET', '/api/v1/billing/subscription'),
  },
  {
    name: 'change overage',
    allowed: ownerOnly,
    permission: 'billing:manage',
    run: (key) => call(key, 'PATCH', '/api/v1/billing/overage', { cap: 10 }),
  },
  {
    name: 'open a checkout (501 here: allowed means not 403)',
    allowed: ownerOnly,
    permission: 'billing:manage',
    run: (key) => call(key, 'POST', '/api/v1/billing/checkout-session', { price_id: 'price_x' }),
  },
  {
    name: 'open the billing portal',
    allowed: ownerOnly,
    permission: 'billing:manage',
    run: (key) => call(key, 'POST', '/api/v1/billing/portal-session'),
  },
  {
    name: 'create a workspace',
    allowed: ownerOnly,
    permission: 'workspace:create',
    run: (key) => call(key, 'POST', '/api/v1/workspaces', { name: 'New team' }),
  },
  {
    name: 'rename its workspace',
    allowed: admins,
    permission: 'workspace:edit',
    run: (key, t) => call(key, 'PATCH', `/api/v1/workspaces/${t.workspaceId}`, { name: 'Renamed' }),
  },
  {
    name: 'rename a workspace it is not in',
    allowed: ownerOnly,
    permission: 'workspace:edit',
    run: (key, t) => call(key, 'PATCH', `/api/v1/workspaces/${t.otherWorkspaceId}`, { name: 'Renamed' }),
  },
  {
    name: 'delete a workspace',
    allowed: ownerOnly,
    permission: 'workspace:delete',
    run: async (key) => {
      const ws = await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'Doomed' });
      return call(key, 'DELETE', `/api/v1/workspaces/${ws.id}`);
    },
  },
  {
    name: 'add a member to its workspace',
    allowed: admins,
    permission: 'members:manage',
    run: (key, t) => call(key, 'POST', `/api/v1/workspaces/${t.workspaceId}/members`, { email: email() }),
  },
  {
    name: 'add a member to a workspace it is not in',
    allowed: ownerOnly,
    permission: 'members:manage',
    run: (key, t) =>
      call(key, 'POST', `/api/v1/workspaces/${t.otherWorkspaceId}/members`, { email: email() }),
  },
  {
    name: 'add an owner',
    allowed: ownerOnly,
    permission: { admin: 'members:manage_owners', member: 'members:manage' },
    run: (key, t) =>
      call(key, 'POST', `/api/v1/workspaces/${t.workspaceId}/members`, { email: email(), role: 'owner' }),
  },
  {
    name: 'demote an owner',
    allowed: ownerOnly,
    permission: { admin: 'members:manage_owners', member: 'members:manage' },
    run: async (key, t) => {
      const owner = await newMember(t.workspaceId, 'owner');
      return call(key, 'PATCH', `/api/v1/workspaces/${t.workspaceId}/members/${owner}`, { role: 'member' });
    },
  },
  {
    name: 'promote a member to admin',
    allowed: admins,
    permission: 'members:manage',
    run: async (key, t) => {
      const someone = await newMember(t.workspaceId, 'member');
      return call(key, 'PATCH', `/api/v1/workspaces/${t.workspaceId}/members/${someone}`, { role: 'admin' });
    },
  },
  {
    name: 'remove a member',
    allowed: admins,
    permission: 'members:manage',
    run: async (key, t) => {
      const someone = await newMember(t.workspaceId, 'member');
      return call(key, 'DELETE', `/api/v1/workspaces/${t.workspaceId}/members/${someone}`);
    },
  },
  {
    name: 'issue a key for itself',
    allowed: everyone,
    permission: '-',
    run: (key) => call(key, 'POST', '/api/v1/api-keys', { name: 'mine' }),
  },
  {
    name: 'issue an account-level key',
    allowed: ownerOnly,
    permission: 'keys:manage_all',
    run: (key) => call(key, 'POST', '/api/v1/api-keys', { workspace_member_id: null }),
  },
  {
    name: 'issue a key for a member of its workspace',
    allowed: admins,
    permission: 'members:manage',
    run: async (key, t) =>
      call(key, 'POST', '/api/v1/api-keys', {
        workspace_member_id: await newMember(t.workspaceId, 'member'),
      }),
  },
  {
    name: 'issue a key for an owner',
    allowed: ownerOnly,
    permission: { admin: 'keys:manage_all', member: 'members:manage' },
    run: async (key, t) =>
      call(key, 'POST', '/api/v1/api-keys', { workspace_member_id: await newMember(t.workspaceId, 'owner') }),
  },
];

type Answer = { status: number; body: any };
const deleted = (res: Answer) => {
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ deleted: true });
};
const named = (name: string) => (res: Answer) => {
  expect(res.status).toBe(200);
  expect(res.body.data.name).toBe(name);
};
const inState =
  (status: string, more: Record<string, unknown> = {}) =>
  (res: Answer) => {
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status, ...more });
  };
const newKey = (res: Answer) => {
  expect(res.status).toBe(200);
  expect(res.body.data.api_key).toMatch(/^sk_/);
};
const members = (res: Answer) => {
  expect(res.status).toBe(200);
  expect(res.body.data.length).toBeGreaterThan(1);
};
const notConfigured = (res: Answer) => {
  // The payment provider is not configured here, which is decided after the role check.
  expect([res.status, res.body.error.code]).toEqual([501, 'not_configured']);
};

/** What an allowed cell answers, exactly, and what it changed: one entry per action. */
const ALLOWED: Record<string, (res: Answer) => void> = {
  'add a member to a workspace it is not in': members,
  'add a member to its workspace': members,
  'add an owner': members,
  "cancel another member's import": inState('cancelled', { imported_rows: 0 }),
  'change overage': (res) => {
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ enabled: expect.any(Boolean), cap: expect.any(Number) });
  },
  'choose the default branding profile': (res) => {
    expect(res.status).toBe(200);
    expect(res.body.data.is_default).toBe(true);
  },
  "confirm an account-level key's import": inState('completed', { imported_rows: 1 }),
  'confirm an import that does not exist (404, not 403)': (res) => {
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
  },
  "confirm another member's import": inState('completed', { imported_rows: 1 }),
  'create a customer': named('Mine'),
  'create a workspace': named('New team'),
  'create and cancel its own import': inState('cancelled', { imported_rows: 0 }),
  'create and confirm its own import': inState('completed', { imported_rows: 1 }),
  'create and finalize its own document': inState('finalized'),
  'delete a workspace': deleted,
  "delete another's customer": deleted,
  'demote an owner': (res) => {
    expect(res.status).toBe(200);
    expect(res.body.role).not.toBe('owner');
  },
  "duplicate another's document (a new draft of its own)": (res) => {
    inState('draft')(res);
    expect(res.body.data.number).toEndWith('-copy');
  },
  'edit a customer it created': named('Still mine'),
  "edit another's customer": named('Taken'),
  "finalize another's document": inState('finalized'),
  'issue a key for a member of its workspace': newKey,
  'issue a key for an owner': newKey,
  'issue a key for itself': newKey,
  'issue an account-level key': newKey,
  'open a checkout (501 here: allowed means not 403)': notConfigured,
  'open the billing portal': notConfigured,
  'promote a member to admin': (res) => {
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
  },
  "read another's document": inState('draft'),
  "read another's import": inState('pending'),
  'read customers': (res) => {
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  },
  'read the subscription': (res) => {
    expect(res.status).toBe(200);
    expect(res.body.data.plan_id).toBe('plan_test');
  },
  'remove a member': deleted,
  'rename a workspace it is not in': named('Renamed'),
  'rename its workspace': named('Renamed'),
};

describe('role x action', () => {
  test('every action that some role may take says what it answers', () => {
    const missing = ACTIONS.filter((a) => a.allowed.length > 0 && !(a.name in ALLOWED)).map((a) => a.name);
    expect(missing).toEqual([]);
  });
  for (const action of ACTIONS) {
    for (const actor of ACTORS) {
      const allowed = action.allowed.includes(actor);
      test(`${actor} ${allowed ? 'may' : 'may not'} ${action.name}`, async () => {
        const res = await action.run(shared.keys[actor], shared);
        if (allowed) {
          const check = ALLOWED[action.name];
          expect(check).toBeDefined();
          check?.(res);
        } else {
          const permission =
            typeof action.permission === 'string' ? action.permission : action.permission[actor];
          expect(res.status).toBe(403);
          expect(res.body.error.code).toBe('forbidden');
          expect(res.body.error.message).toContain(`Missing permission ${permission}:`);
          expect(res.body.error.details.permission).toBe(permission);
          expect(res.body.error.message).toContain(`'${actor}'`);
        }
      });
    }
  }
});
