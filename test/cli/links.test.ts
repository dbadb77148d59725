// The addresses the first start and `users create` print (docs/sign-in.md "One-time links"): the same rule for
// both, PUBLIC_BASE_URL, else where the server listens with 0.0.0.0 as localhost; a link whose address is a
// guess says so, and names PUBLIC_BASE_URL.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount } from '../factories';
import { ROOT, runCli, startServer, tempDir } from '../harness';

const dirs: string[] = [];
const temp = () => {
  const dir = tempDir('inv-links-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * `serve` on a fresh data dir, stopped once it printed its first-start lines and its note (on stderr, just
 * after them; a start that prints none is given 3 s); everything it printed. Stopped before its note, a
 * loaded machine could end it before its signal handler was set, and stderr's note with it.
 */
async function firstStart(env: Record<string, string>): Promise<string> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], {
    env: { ...process.env, DATA_DIR: temp(), LOG_LEVEL: 'silent', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let errors = '';
  const stderr = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr) errors += decoder.decode(chunk);
  })();
  const reader = proc.stdout.getReader();
  let output = '';
  const deadline = Date.now() + 20_000;
  try {
    while (!/try it/.test(output)) {
      if (Date.now() > deadline) throw new Error(`no first-start lines: ${output}`);
      const { value, done } = await reader.read();
      if (done) throw new Error(`serve exited: ${output}${errors}`);
      output += new TextDecoder().decode(value);
    }
    const noteBy = Date.now() + 3_000;
    while (!/PUBLIC_BASE_URL/.test(errors) && Date.now() < noteBy) await Bun.sleep(20);
  } finally {
    proc.kill('SIGTERM');
  }
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    output += new TextDecoder().decode(value);
  }
  await proc.exited;
  await stderr;
  // The notes go to stderr (the link and key stay stdout's lines).
  return output + errors;
}

describe('the first start on HOST=0.0.0.0', () => {
  test('the owner link, the sign-in address and the curl line name localhost, not 0.0.0.0', async () => {
    const output = await firstStart({ HOST: '0.0.0.0' });
    const port = /listening on http:\/\/0\.0\.0\.0:(\d+)/.exec(output)?.[1];
    expect(port).toBeDefined();
    const origin = `http://localhost:${port}`;
    expect(output).toContain(`${origin}/#/invitation/`);
    expect(output).toContain(`Then sign in at ${origin} with`);
    expect(output).toMatch(new RegExp(`curl -H "Authorization: Bearer sk_\\S+" ${origin}/api/v1/auth/me`));
    // Only the listening line names the wildcard address.
    expect(output.split('\n').filter((line) => line.includes('0.0.0.0'))).toHaveLength(1);
    expect(output).toContain(`(${origin} works on this machine; from another, use this host's name`);
    expect(output).toContain('set PUBLIC_BASE_URL');
  }, 30_000);

  test('the links the running service makes (invitations, webhooks, mailed downloads) name localhost too', async () => {
    const server = await startServer({ startJobs: false, env: { HOST: '0.0.0.0' } });
    try {
      const port = new URL(server.url).port;
      expect(server.deps.ownOrigin()).toBe(`http://localhost:${port}`);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test('with PUBLIC_BASE_URL every printed address is it, and no note', async () => {
    const output = await firstStart({ HOST: '0.0.0.0', PUBLIC_BASE_URL: 'https://invoices.example/app/' });
    const base = 'https://invoices.example/app';
    expect(output).toMatch(new RegExp(`${base}/#/invitation/[A-Za-z0-9_-]+\\n`));
    expect(output).toContain(`Then sign in at ${base} with`);
    expect(output).toContain(`${base}/api/v1/auth/me`);
    expect(output).not.toContain('localhost');
    expect(output).not.toContain('works on this machine');
  }, 30_000);
});

describe('users create', () => {
  test('without PUBLIC_BASE_URL the link says which address it assumed and that PUBLIC_BASE_URL sets it', async () => {
    const server = await startServer({ startJobs: false });
    try {
      const account = await makeAccount(server);
      const create = (email: string, env: Record<string, string>) =>
        runCli(['users', 'create', '--account', account.id, '--email', email, '--role', 'member'], {
          DATA_DIR: server.dataDir,
          ...env,
        });
      const guessed = create('a@example.de', { HOST: '0.0.0.0', PORT: '9099', PUBLIC_BASE_URL: '' });
      expect(guessed.code).toBe(0);
      expect(guessed.stdout).toMatch(/^http:\/\/localhost:9099\/#\/invitation\/[A-Za-z0-9_-]+$/m);
      // The note on stderr: the link stays stdout's last line.
      expect(guessed.stdout.trim().split('\n').at(-1)).toMatch(/^http:\/\/localhost:9099\/#\/invitation\//);
      expect(guessed.stderr).toContain(
        '(The link assumes the server is reached at http://localhost:9099, from HOST and PORT as this command sees them; PUBLIC_BASE_URL sets the address links use.)',
      );
      const set = create('b@example.de', { PUBLIC_BASE_URL: 'https://invoices.example' });
      expect(set.code).toBe(0);
      expect(set.stdout).toMatch(/^https:\/\/invoices\.example\/#\/invitation\/[A-Za-z0-9_-]+$/m);
      expect(set.stdout).not.toContain('assumes');
    } finally {
      await server.stop();
    }
  }, 30_000);
});
