// People sign in with email and password (docs/sign-in.md): users made by the CLI and by invitation, the
// session cookie's flags, /auth/me with it, the Origin check on cookie writes, sign-out, expiry, password
// changes, lockout, and a signed-in member's role.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, type TestAccount } from '../factories';
import { runCli, sourceOnly, startServer, type TestServer } from '../harness';
import { fromConsole, makeUser, PASSWORD, runCliWithStdin, sessionCookieOf, signIn } from '../users';

const HOUR = 60 * 60 * 1000;
const clock = new FakeClock(new Date('2026-04-01T08:00:00.000Z'));
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server, { name: 'Ingenieurbüro Berlin' });
});
afterAll(() => server.stop());

const me = (cookie: string) => server.json('/api/v1/auth/me', { headers: { cookie } });

describe('users made by the CLI sign in', () => {
  test('users create --password-stdin: sign-in answers 201 with an HttpOnly, SameSite=Strict, Path=/ cookie; /auth/me knows them', async () => {
    const email = `Owner.${Date.now()}@Example.com`;
    const made = runCliWithStdin(
      [
        'users',
        'create',
        '--account',
        account.id,
        '--email',
        email,
        '--role',
        'owner',
        '--json',
        '--password-stdin',
      ],
      `${PASSWORD}\n`,
      { DATA_DIR: server.dataDir },
    );
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const created = JSON.parse(made.stdout);
    expect(created.user.id).toMatch(/^usr_/);
    expect(created.user.email).toBe(email.toLowerCase());
    expect(created.member.role).toBe('owner');
    expect(created.set_password_url).toBeNull();

    const res = await server.json('/api/v1/sessions', {
      method: 'POST',
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ id: created.user.id, email: email.toLowerCase() });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^invoice_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure'); // plain http here
    expect(setCookie).not.toContain('Max-Age'); // a browser-session cookie unless asked to remember

    const cookie = sessionCookieOf(res.headers) ?? '';
    const who = await me(cookie);
    expect(who.status).toBe(200);
    expect(who.body.data.account.id).toBe(account.id);
    expect(who.body.data.user).toEqual({
      id: created.user.id,
      email: email.toLowerCase(),
      name: expect.any(String),
    });
    expect(who.body.data.member).toEqual({
      id: created.member.id,
      workspace_id: created.member.workspace_id,
      role: 'owner',
    });
    // The database holds the token's digest, never the token.
    const token = cookie.split('=')[1] ?? '';
    const stored = server.sqlite.query('SELECT token_hash FROM sessions').all() as {
      token_hash: string;
    }[];
    expect(stored.some((row) => row.token_hash.includes(token))).toBe(false);
    expect(
      stored.some((row) => row.token_hash === new Bun.CryptoHasher('sha256').update(token).digest('hex')),
    ).toBe(true);
    // The password is stored as argon2id.
    const hash = server.sqlite.query('SELECT password_hash FROM users WHERE id = ?').get(created.user.id) as {
      password_hash: string;
    };
    expect(hash.password_hash).toStartWith('$argon2id$');
  }, 30_000);

  test('users create without --password-stdin prints a one-time link whose page sets the password', async () => {
    const email = `clerk.${Date.now()}@example.com`;
    const made = runCli(['users', 'create', '--account', account.id, '--email', email, '--role', 'member'], {
      DATA_DIR: server.dataDir,
    });
    expect(made.code).toBe(0);
    const url = /http\S+#\/invitation\/([A-Za-z0-9_-]+)/.exec(made.stdout);
    expect(url).not.toBeNull();
    const token = url?.[1] ?? '';
    // Without a password nobody signs in as them yet.
    const early = await server.json('/api/v1/sessions', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    expect(early.status).toBe(401);

    const view = await server.json(`/api/v1/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ kind: 'password', email, account_name: 'Ingenieurbüro Berlin' });
    const short = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.error.details.fields[0].loc).toBe('body.password');
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: PASSWORD, name: 'Clara Clerk' },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({ email, name: 'Clara Clerk' });
    expect((await me(await signIn(server, email))).body.data.member.role).toBe('member');
    // The link worked once.
    const again = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: PASSWORD },
    });
    expect(again.status).toBe(404);
    expect((await server.json(`/api/v1/invitations/${token}`)).status).toBe(404);
  }, 30_000);

  test('the CLI refuses a second user with the same email (any case), a bad role and a short password', async () => {
    const email = `twice.${Date.now()}@example.com`;
    expect(
      runCli(['users', 'create', '--account', account.id, '--email', email, '--role', 'admin'], {
        DATA_DIR: server.dataDir,
      }).code,
    ).toBe(0);
    const dup = runCli(
      ['users', 'create', '--account', account.id, '--email', email.toUpperCase(), '--role', 'admin'],
      {
        DATA_DIR: server.dataDir,
      },
    );
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('exists already');
    const role = runCli(
      ['users', 'create', '--account', account.id, '--email', `x${email}`, '--role', 'boss'],
      {
        DATA_DIR: server.dataDir,
      },
    );
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('--role must be one of owner, admin, member');
    const notAnAddress = runCli(
      ['users', 'create', '--account', account.id, '--email', 'not-an-email', '--role', 'admin'],
      { DATA_DIR: server.dataDir },
    );
    expect([notAnAddress.code, notAnAddress.stderr]).toEqual([2, expect.stringContaining('--email must be')]);
    const short = runCliWithStdin(
      [
        'users',
        'create',
        '--account',
        account.id,
        '--email',
        `y${email}`,
        '--role',
        'member',
        '--password-stdin',
      ],
      'short\n',
      { DATA_DIR: server.dataDir },
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
    const common = runCliWithStdin(
      [
        'users',
        'create',
        '--account',
        account.id,
        '--email',
        `z${email}`,
        '--role',
        'member',
        '--password-stdin',
      ],
      'qwertyuiop\n',
      { DATA_DIR: server.dataDir },
    );
    expect(common.code).toBe(2);
    expect(common.stderr).toContain('one of the most used passwords');
  }, 30_000);
});

describe('the session cookie', () => {
  test('a cookie write from a foreign origin is 403 in the envelope and changes nothing; from its own origin it works', async () => {
    const { email } = await makeUser(server, account.id, { role: 'admin' });
    const cookie = await signIn(server, email);
    const body = { name: 'Café Kranzler' };
    const attempts: Record<string, string>[] = [
      { cookie, origin: 'https://evil.example' },
      { cookie, referer: 'https://evil.example/page' },
      { cookie }, // neither Origin nor Referer
      { cookie, origin: 'null' },
    ];
    for (const headers of attempts) {
      const refused = await server.json('/api/v1/customers', { method: 'POST', headers, body });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      expect(refused.body.error.request_id).toMatch(/^req_/);
    }
    const list = await server.json('/api/v1/customers', { headers: { cookie } }); // reads need no origin
    expect(list.status).toBe(200);
    expect(list.body.data.filter((c: { name: string }) => c.name === body.name)).toEqual([]);

    const made = await server.json('/api/v1/customers', {
      method: 'POST',
      headers: fromConsole(server, cookie),
      body,
    });
    expect(made.status).toBe(200);
    const byReferer = await server.json(`/api/v1/customers/${made.body.data.id}`, {
      method: 'PATCH',
      headers: { cookie, referer: `${server.url}/#/customers` },
      body: { name: 'Café Kranzler GmbH' },
    });
    expect(byReferer.status).toBe(200);
    // An API key is not a cookie: no origin check for programs.
    const keyed = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      headers: { origin: 'https://elsewhere.example' },
      body: { name: 'Programmatic' },
    });
    expect(keyed.status).toBe(200);
  }, 30_000);

  test('signing out ends the session and clears the cookie: the same cookie is 401 after', async () => {
    const { email } = await makeUser(server, account.id);
    const cookie = await signIn(server, email);
    expect((await me(cookie)).status).toBe(200);
    const foreign = await server.json('/api/v1/sessions/current', {
      method: 'DELETE',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
    const out = await server.request('/api/v1/sessions/current', {
      method: 'DELETE',
      headers: fromConsole(server, cookie),
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^invoice_session=; .*Max-Age=0/);
    const after = await me(cookie);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
    const twice = await server.json('/api/v1/sessions/current', {
      method: 'DELETE',
      headers: fromConsole(server, cookie),
    });
    expect(twice.status).toBe(401);
  }, 30_000);

  test.skipIf(sourceOnly)(
    'a session ends after 12 idle hours, and 30 days after sign-in however busy',
    async () => {
      const { email } = await makeUser(server, account.id);
      const idle = await signIn(server, email);
      const busy = await signIn(server, email);
      const signedInAt = clock.now().getTime();
      clock.advance(11 * HOUR);
      expect((await me(busy)).status).toBe(200);
      clock.advance(1 * HOUR + 1000);
      expect((await me(idle)).status).toBe(401); // 12 h without a request
      expect((await me(busy)).status).toBe(200); // its last request was an hour ago
      // A request every 11 hours keeps it alive, up to 30 days after sign-in; then it is over.
      while (clock.now().getTime() + 11 * HOUR < signedInAt + 30 * 24 * HOUR) {
        clock.advance(11 * HOUR);
        expect((await me(busy)).status).toBe(200);
      }
      clock.advance(11 * HOUR);
      expect((await me(busy)).status).toBe(401);
      expect((await me(await signIn(server, email))).status).toBe(200);
    },
    60_000,
  );

  test('over https (PUBLIC_BASE_URL) the cookie is Secure, and "remember" keeps it for 30 days', async () => {
    const https = await startServer({ publicBaseUrl: 'https://invoices.example', startJobs: false });
    try {
      const other = await makeAccount(https);
      const { email } = await makeUser(https, other.id);
      const res = await https.request('/api/v1/sessions', {
        method: 'POST',
        body: { email, password: PASSWORD, remember: true },
      });
      expect(res.status).toBe(201);
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
      const cookie = sessionCookieOf(res.headers) ?? '';
      const write = await https.json('/api/v1/customers', {
        method: 'POST',
        headers: { cookie, origin: 'https://invoices.example' },
        body: { name: 'Over TLS' },
      });
      expect(write.status).toBe(200);
    } finally {
      await https.stop();
    }
  }, 30_000);

  test('a new password ends every session of the user', async () => {
    const { email } = await makeUser(server, account.id);
    const first = await signIn(server, email);
    const second = await signIn(server, email);
    const changed = runCliWithStdin(
      ['users', 'set-password', '--email', email, '--password-stdin', '--json'],
      'an entirely new passphrase\n',
      { DATA_DIR: server.dataDir },
    );
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout).ended_sessions).toBe(2);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    const old = await server.json('/api/v1/sessions', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    expect(old.status).toBe(401);
    expect((await me(await signIn(server, email, 'an entirely new passphrase'))).status).toBe(200);
  }, 30_000);
});

describe('changing one’s own password', () => {
  test('POST /auth/password checks the current password, ends every other session and keeps this browser signed in', async () => {
    const { email } = await makeUser(server, account.id);
    const here = await signIn(server, email);
    const elsewhere = await signIn(server, email);
    const change = (cookie: string, body: unknown, origin = server.url) =>
      server.request('/api/v1/auth/password', { method: 'POST', headers: { cookie, origin }, body });
    const foreign = await change(
      here,
      { current_password: PASSWORD, new_password: 'brand new passphrase' },
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
    const wrong = await change(here, {
      current_password: 'not it at all',
      new_password: 'brand new passphrase',
    });
    expect(wrong.status).toBe(422);
    const weak = await change(here, { current_password: PASSWORD, new_password: 'short' });
    expect(weak.status).toBe(422);
    // NIST 800-63B: none of the most used or breached passwords, nor the person's own address (issue 37).
    for (const common of ['password', '12345678', 'qwertyuiop', 'Passwort', email, email.split('@')[0]]) {
      const refused = await change(here, { current_password: PASSWORD, new_password: common });
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as {
        error: { details: { fields: { loc: string; msg: string }[] } };
      };
      expect(body.error.details.fields.map((f) => f.loc)).toEqual(['body.new_password']);
    }
    const byKey = await server.json('/api/v1/auth/password', {
      method: 'POST',
      key: account.apiKey,
      body: { current_password: PASSWORD, new_password: 'brand new passphrase' },
    });
    expect(byKey.status).toBe(403);

    const done = await change(here, { current_password: PASSWORD, new_password: 'brand new passphrase' });
    expect(done.status).toBe(200);
    const renewed = sessionCookieOf(done.headers) ?? '';
    expect(renewed).not.toBe(here);
    expect((await me(renewed)).status).toBe(200);
    expect((await me(here)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me(await signIn(server, email, 'brand new passphrase'))).status).toBe(200);
  }, 30_000);

  test('a session signed in with "remember" stays remembered, and acting in its account, after a password change', async () => {
    const { email } = await makeUser(server, account.id);
    const client = await makeAccount(server, { name: 'A client of theirs' });
    await makeUser(server, client.id, { email, password: null, role: 'accountant' });
    const signed = await server.request('/api/v1/sessions', {
      method: 'POST',
      body: { email, password: PASSWORD, remember: true },
    });
    expect(signed.headers.get('set-cookie') ?? '').toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const cookie = sessionCookieOf(signed.headers) ?? '';
    const origin = server.url;
    const switched = await server.request('/api/v1/sessions/current/account', {
      method: 'POST',
      headers: { cookie, origin },
      body: { account_id: client.id },
    });
    expect(switched.status).toBeLessThan(300);
    const done = await server.request('/api/v1/auth/password', {
      method: 'POST',
      headers: { cookie, origin },
      body: { current_password: PASSWORD, new_password: 'a remembered new passphrase' },
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('set-cookie') ?? '').toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const renewed = sessionCookieOf(done.headers) ?? '';
    const after = await server.json('/api/v1/auth/me', { headers: { cookie: renewed } });
    expect(after.body.data.account.id).toBe(client.id);
    // Without "remember" the cookie still ends with the browser after a change.
    const plain = await signIn(server, email, 'a remembered new passphrase');
    const again = await server.request('/api/v1/auth/password', {
      method: 'POST',
      headers: { cookie: plain, origin },
      body: { current_password: 'a remembered new passphrase', new_password: 'yet another passphrase' },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie') ?? '').not.toContain('Max-Age');
  }, 30_000);
});

describe('wrong passwords', () => {
  test('forty tries sent at once are counted before their passwords are checked: the right one, sent 38th, is refused (issue 37)', async () => {
    const { email } = await makeUser(server, account.id);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.json('/api/v1/sessions', {
          method: 'POST',
          headers: { 'x-forwarded-for': '203.0.113.40' },
          body: { email, password: i === 37 ? PASSWORD : `wrong ${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(statuses[37]).toBe(429);
    expect(statuses).not.toContain(201);
  });

  test.skipIf(sourceOnly)(
    'unknown email and wrong password get the same 401; ten wrong in 15 minutes lock the email with 429 and Retry-After',
    async () => {
      const { email } = await makeUser(server, account.id);
      const unknown = await server.json('/api/v1/sessions', {
        method: 'POST',
        body: { email: `nobody.${Date.now()}@example.com`, password: PASSWORD },
      });
      const wrong = await server.json('/api/v1/sessions', {
        method: 'POST',
        body: { email, password: 'not the password' },
      });
      expect([unknown.status, unknown.body.error.code, unknown.body.error.message]).toEqual([
        wrong.status,
        wrong.body.error.code,
        wrong.body.error.message,
      ]);
      expect(wrong.status).toBe(401);
      for (let i = 2; i <= 10; i++) {
        const res = await server.json('/api/v1/sessions', {
          method: 'POST',
          body: { email, password: `wrong ${i}` },
        });
        expect([i, res.status]).toEqual([i, 401]);
      }
      const locked = await server.json('/api/v1/sessions', {
        method: 'POST',
        body: { email, password: PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.error.code).toBe('rate_limited');
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      clock.advance(retryAfter * 1000);
      expect((await me(await signIn(server, email))).status).toBe(200);
    },
    60_000,
  );

  test.skipIf(sourceOnly)(
    'fifty wrong passwords from one address, over many emails, lock that address',
    async () => {
      const { email } = await makeUser(server, account.id);
      clock.advance(16 * 60 * 1000); // a fresh window for this address
      const attempts = Array.from({ length: 50 }, (_, i) =>
        server.json('/api/v1/sessions', {
          method: 'POST',
          body: { email: `spray${i}@example.com`, password: 'guess' },
        }),
      );
      for (const res of await Promise.all(attempts)) expect(res.status).toBe(401);
      const locked = await server.json('/api/v1/sessions', {
        method: 'POST',
        body: { email, password: PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      clock.advance(15 * 60 * 1000);
      expect((await me(await signIn(server, email))).status).toBe(200);
    },
    60_000,
  );
});
