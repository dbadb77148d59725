// Every route and body field that chooses, changes or removes the account's default branding profile or
// default template, walked for each kind of key: owners, admins and account-level keys may; a member's key
// is refused with 403 naming resources:write_all, also on resources the member created, and nothing
// changes (the account's renders keep the default they had).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

type Actor = 'account' | 'owner' | 'admin' | 'member';
const ACTORS: Actor[] = ['account', 'owner', 'admin', 'member'];

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface World {
  account: TestAccount;
  keys: Record<Actor, string>;
}

async function ok(key: string, method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A fresh account with a workspace whose owner, admin and member each have a key. */
async function world(): Promise<World> {
  const account = await makeAccount(server);
  const workspace = (await ok(account.apiKey, 'POST', '/api/v1/workspaces', { name: 'Team' })).id;
  const keys = { account: account.apiKey } as Record<Actor, string>;
  for (const role of ['owner', 'admin', 'member'] as const) {
    const email = `${role}-${crypto.randomUUID()}@example.com`;
    const members = await ok(account.apiKey, 'POST', `/api/v1/workspaces/${workspace}/members`, {
      email,
      role,
    });
    const id = members.find((m: { email: string }) => m.email === email).id;
    keys[role] = (await ok(account.apiKey, 'POST', '/api/v1/api-keys', { workspace_member_id: id })).api_key;
  }
  return { account, keys };
}

/** A branding profile the acting key made, which the account-level key then made the default. */
async function actorsProfileMadeDefault(w: World, key: string): Promise<string> {
  await ok(w.account.apiKey, 'GET', '/api/v1/branding-profiles'); // the account's Default exists first
  const id = (await ok(key, 'POST', '/api/v1/branding-profiles', { name: 'Mine' })).id;
  await ok(w.account.apiKey, 'POST', `/api/v1/branding-profiles/${id}/default`);
  return id;
}

async function actorsTemplateMadeDefault(w: World, key: string): Promise<string> {
  const id = (await ok(key, 'POST', '/api/v1/templates/custom', { name: 'Mine' })).id;
  await ok(w.account.apiKey, 'PATCH', `/api/v1/templates/custom/${id}`, { is_default: true });
  return id;
}

async function uploadLogo(key: string, profileId: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${server.url}/api/v1/branding-profiles/${profileId}/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

type Send = () => Promise<{ status: number; body: any }>;

interface Case {
  name: string;
  /** Makes what the case acts on (with `key` where the actor owns it); answers the request under test. */
  setup(w: World, key: string): Promise<Send>;
  /** The account's profiles or templates as renders see them, to check that a refusal changed nothing. */
  state(w: World): Promise<unknown>;
  /** What an allowed actor gets (default 200). */
  status?: number;
}

const profileState = async (w: World) => {
  const list = await ok(w.account.apiKey, 'GET', '/api/v1/branding-profiles');
  return list.map((p: any) => [p.name, p.is_default, p.header_text, p.logo_file_id]);
};
const templateState = async (w: World) => {
  const list = await ok(w.account.apiKey, 'GET', '/api/v1/templates/custom');
  // The list leaves the config out: each template's own answer carries it.
  return Promise.all(
    list.map(async (t: any) => {
      const full = await ok(w.account.apiKey, 'GET', `/api/v1/templates/custom/${t.id}`);
      return [t.name, t.is_default, t.status, JSON.stringify(full.config)];
    }),
  );
};

const CASES: Case[] = [
  {
    name: 'POST /branding-profiles with is_default: true',
    setup: async (w, key) => {
      await ok(w.account.apiKey, 'GET', '/api/v1/branding-profiles');
      return () =>
        server.json('/api/v1/branding-profiles', {
          method: 'POST',
          key,
          body: { name: 'PAY ONLY TO IBAN X', header_text: 'PAY ONLY TO IBAN X', is_default: true },
        });
    },
    state: profileState,
  },
  {
    name: 'PATCH /branding-profiles/{own} with is_default: true',
    setup: async (w, key) => {
      await ok(w.account.apiKey, 'GET', '/api/v1/branding-profiles');
      const id = (await ok(key, 'POST', '/api/v1/branding-profiles', { name: 'Mine' })).id;
      return () =>
        server.json(`/api/v1/branding-profiles/${id}`, { method: 'PATCH', key, body: { is_default: true } });
    },
    state: profileState,
  },
  {
    name: 'PATCH /branding-profiles/{the default, created by the actor} header_text',
    setup: async (w, key) => {
      const id = await actorsProfileMadeDefault(w, key);
      return () =>
        server.json(`/api/v1/branding-profiles/${id}`, {
          method: 'PATCH',
          key,
          body: { header_text: 'PAY ONLY TO IBAN X' },
        });
    },
    state: profileState,
  },
  {
    name: 'DELETE /branding-profiles/{the default, created by the actor}',
    setup: async (w, key) => {
      const id = await actorsProfileMadeDefault(w, key);
      return () => server.json(`/api/v1/branding-profiles/${id}`, { method: 'DELETE', key });
    },
    state: profileState,
  },
  {
    name: 'POST /branding-profiles/{the default, created by the actor}/logo',
    setup: async (w, key) => {
      const id = await actorsProfileMadeDefault(w, key);
      return () => uploadLogo(key, id);
    },
    state: profileState,
  },
  {
    name: 'POST /templates/custom with is_default: true',
    setup: async (_w, key) => () =>
      server.json('/api/v1/templates/custom', {
        method: 'POST',
        key,
        body: { name: 'Mine', is_default: true },
      }),
    status: 201,
    state: templateState,
  },
  {
    name: 'PATCH /templates/custom/{own} with is_default: true',
    setup: async (_w, key) => {
      const id = (await ok(key, 'POST', '/api/v1/templates/custom', { name: 'Mine' })).id;
      return () =>
        server.json(`/api/v1/templates/custom/${id}`, { method: 'PATCH', key, body: { is_default: true } });
    },
    state: templateState,
  },
  {
    name: 'PATCH /templates/custom/{the default, created by the actor} config',
    setup: async (w, key) => {
      const id = await actorsTemplateMadeDefault(w, key);
      return () =>
        server.json(`/api/v1/templates/custom/${id}`, {
          method: 'PATCH',
          key,
          body: { config: { header_text: 'PAY ONLY TO IBAN X' } },
        });
    },
    state: templateState,
  },
  {
    name: 'POST /templates/custom/{the default}/publish',
    setup: async (w, key) => {
      const id = await actorsTemplateMadeDefault(w, key);
      return () => server.json(`/api/v1/templates/custom/${id}/publish`, { method: 'POST', key });
    },
    state: templateState,
  },
  {
    name: 'POST /templates/{the default}/versions/{n}/restore',
    setup: async (w, key) => {
      const id = (
        await ok(key, 'POST', '/api/v1/templates/custom', { name: 'Mine', config: { header_text: 'v1' } })
      ).id;
      await ok(key, 'POST', `/api/v1/templates/${id}/versions`, { label: 'v1' });
      await ok(key, 'PATCH', `/api/v1/templates/custom/${id}`, { config: { header_text: 'v2' } });
      await ok(w.account.apiKey, 'PATCH', `/api/v1/templates/custom/${id}`, { is_default: true });
      return () => server.json(`/api/v1/templates/${id}/versions/1/restore`, { method: 'POST', key });
    },
    state: templateState,
  },
  {
    name: 'DELETE /templates/custom/{the default}',
    setup: async (w, key) => {
      const id = await actorsTemplateMadeDefault(w, key);
      return () => server.json(`/api/v1/templates/custom/${id}`, { method: 'DELETE', key });
    },
    status: 204,
    state: templateState,
  },
];

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
});
afterAll(() => server.stop());

describe("the account's defaults need resources:write_all", () => {
  for (const c of CASES) {
    for (const actor of ACTORS) {
      const allowed = actor !== 'member';
      test(`${c.name}: ${actor} ${allowed ? 'may' : 'is refused and nothing changes'}`, async () => {
        const w = await world();
        const send = await c.setup(w, w.keys[actor]);
        const before = await c.state(w);
        const res = await send();
        if (allowed) {
          // Exactly the success status, and the account's default really changed.
          expect(res.status).toBe(c.status ?? 200);
          expect(await c.state(w)).not.toEqual(before);
          return;
        }
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
        expect(res.body.error.details.permission).toBe('resources:write_all');
        expect(await c.state(w)).toEqual(before);
      });
    }
  }

  test("a member's first branding profile of an account does not become the default", async () => {
    const w = await world();
    const mine = await ok(w.keys.member, 'POST', '/api/v1/branding-profiles', { name: 'Member profile' });
    expect(mine.is_default).toBe(false);
    const list = await ok(w.account.apiKey, 'GET', '/api/v1/branding-profiles');
    expect(list.map((p: any) => [p.name, p.is_default])).toEqual([
      ['Default', true],
      ['Member profile', false],
    ]);
    const admins = await world();
    const first = await ok(admins.keys.admin, 'POST', '/api/v1/branding-profiles', { name: 'Admin profile' });
    expect(first.is_default).toBe(true);
  });
});
