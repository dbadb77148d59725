// People who sign in, for HTTP tests: made through the same use-case as `users create`, signed in through
// the API, with the session cookie carried by hand as a browser would.
import { createUser, hashPassword } from '../src/modules/users';
import type { Role } from '../src/modules/workspaces';
import { systemClock } from '../src/shared/clock';
import { cliCommand, ROOT, type TestServer } from './harness';

export const PASSWORD = 'correct horse battery staple';

let counter = 0;

export async function makeUser(
  server: TestServer,
  accountId: string,
  options: { role?: Role; email?: string; password?: string | null; workspaceId?: string } = {},
) {
  counter += 1;
  const email = options.email ?? `person${counter}-${Date.now()}@example.com`;
  const password = options.password === undefined ? PASSWORD : options.password;
  const created = await createUser({
    ctx: { db: server.db, clock: systemClock },
    input: {
      accountId,
      email,
      role: options.role ?? 'member',
      workspaceId: options.workspaceId ?? null,
      passwordHash: password === null ? null : await hashPassword(password),
    },
  });
  return { ...created, email, password };
}

/** The `invoice_session=...` pair of a Set-Cookie header, ready for a Cookie header; null when absent. */
export function sessionCookieOf(headers: Headers): string | null {
  const match = /(?:^|,\s*)(invoice_session=[^;]*)/.exec(headers.get('set-cookie') ?? '');
  return match?.[1] ?? null;
}

/** Signs in over the API and answers the Cookie header value a browser would then send. */
export async function signIn(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  const res = await server.request('/api/v1/sessions', { method: 'POST', body: { email, password } });
  if (res.status !== 201) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = sessionCookieOf(res.headers);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** Headers of a request the console makes: the cookie, and its own origin. */
export const fromConsole = (server: TestServer, cookie: string) => ({ cookie, origin: server.url });

/** The admin CLI as its own process with `stdin` piped in (e.g. `--password-stdin`). */
export function runCliWithStdin(args: string[], stdin: string, env: Record<string, string>) {
  const result = Bun.spawnSync([...cliCommand(), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    cwd: ROOT,
    stdin: new TextEncoder().encode(stdin),
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}
