import { Database } from 'bun:sqlite';
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { openDatabase } from '../../src/db/client';
import { embeddedMigrations } from '../../src/db/embedded-migrations';
import { migrate } from '../../src/db/migrate';
import { BUILT_IN_PLANS } from '../../src/modules/plans';
import { BUILD_COMMIT } from '../../src/version';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { ROOT, runCli, startServer, tempDir } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir('inv-cli-');
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
/** A data dir holding a new installation: the admin commands refuse one without a database. */
function installed(): string {
  const dir = dataDir();
  const made = runCli(['migrate', '--create'], { DATA_DIR: dir });
  expect([made.code, made.stderr]).toEqual([0, '']);
  return dir;
}

interface ServeProcess {
  url: string;
  output: string;
  /** SIGTERM, then the process's exit code once it has stopped. */
  stop(): Promise<number>;
  /** False once the process has exited. */
  running(): boolean;
}

/** Starts `serve` as its own process on a random port and waits for its "listening" line. */
async function serve(
  dir: string,
  expectKey: boolean,
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], {
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const reader = proc.stdout.getReader();
  let output = '';
  const deadline = Date.now() + 15_000;
  // Output can arrive in several chunks: wait for the last line this start is expected to print.
  while (!/listening on (\S+)/.test(output) || (expectKey && !/try it/i.test(output))) {
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${output}${await new Response(proc.stderr).text()}`);
    output += new TextDecoder().decode(value);
  }
  const url = /listening on (\S+)/.exec(output)?.[1] ?? '';
  // One SIGTERM only: a second one while it stops would end the process the hard way.
  let stopping: Promise<number> | null = null;
  const started: ServeProcess = {
    url,
    output,
    /** Stops the server and reads what it printed after starting, so `output` is complete. */
    stop() {
      stopping ??= (async () => {
        proc.kill('SIGTERM');
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          started.output += new TextDecoder().decode(value);
        }
        return proc.exited;
      })();
      return stopping;
    },
    running: () => proc.exitCode === null && proc.signalCode === null,
  };
  return started;
}

/** The date of this checkout's last commit (its committer's). */
const dateOfHead = () =>
  Bun.spawnSync(['git', 'log', '-1', '--format=%cs'], { cwd: import.meta.dir })
    .stdout.toString()
    .trim();

describe('admin CLI', () => {
  test('version and help', () => {
    const version = runCli(['version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    // Built from a git checkout (this one): which commit, so two builds of one version tell apart.
    const head = Bun.spawnSync(['git', 'log', '-1', '--format=%h'], { cwd: import.meta.dir });
    if (head.exitCode === 0)
      expect(version.stdout.trim()).toEndWith(`(commit ${head.stdout.toString().trim()} ${dateOfHead()})`);
    const help = runCli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('accounts create --name NAME');
  });

  test('an invalid setting stops start-up with one clear line and no stack trace', () => {
    const bad: Record<string, string>[] = [
      { PORT: 'eighty' },
      { LOG_LEVEL: 'loud' },
      { PUBLIC_BASE_URL: 'not a url' },
      { SMTP_URL: 'http://x' },
    ];
    for (const env of bad) {
      const res = runCli(['serve'], { DATA_DIR: dataDir(), ...env });
      expect(res.code).toBe(2);
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^invoice-service: invalid setting: /);
      expect(res.stderr).not.toContain('    at ');
    }
  });

  test('an unknown command or missing flag is a usage error (exit 2)', () => {
    expect(runCli(['frobnicate']).code).toBe(2);
    const res = runCli(['accounts', 'create'], { DATA_DIR: dataDir() });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--name is required');
  });

  test('accounts create --json prints exactly one JSON object of the documented shape', () => {
    const res = runCli(['accounts', 'create', '--name', 'Acme GmbH', '--plan', 'plan_pro', '--json'], {
      DATA_DIR: installed(),
    });
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const parsed = JSON.parse(lines[0] ?? '');
    expect(Object.keys(parsed).sort()).toEqual(['account', 'api_key']);
    expect(parsed.account).toEqual({
      id: expect.stringMatching(/^acc_/),
      name: 'Acme GmbH',
      plan_id: 'plan_pro',
      plan_name: 'Pro',
    });
    expect(Object.keys(parsed.api_key).sort()).toEqual([
      'api_key',
      'created_at',
      'id',
      'last4',
      'name',
      'workspace_member_id',
    ]);
    expect(parsed.api_key.api_key.slice(-4)).toBe(parsed.api_key.last4);
  });

  test('an unknown plan is refused with a clear message', () => {
    const res = runCli(['accounts', 'create', '--name', 'X', '--plan', 'plan_nope'], {
      DATA_DIR: installed(),
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("unknown plan 'plan_nope'");
  });

  test('plans set creates and updates a plan', () => {
    const dir = installed();
    const created = runCli(
      [
        'plans',
        'set',
        '--id',
        'plan_team',
        '--name',
        'Team',
        '--quota',
        '500',
        '--rps',
        '7',
        '--price-id',
        'price_123',
        '--json',
      ],
      { DATA_DIR: dir },
    );
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).plan).toEqual({
      id: 'plan_team',
      name: 'Team',
      price_id: 'price_123',
      monthly_render_quota: 500,
      requests_per_second: 7,
      overage_cents_per_render: null,
    });
    const updated = runCli(['plans', 'set', '--id', 'plan_team', '--rps', '9', '--json'], { DATA_DIR: dir });
    expect(JSON.parse(updated.stdout).plan).toMatchObject({
      name: 'Team',
      monthly_render_quota: 500,
      requests_per_second: 9,
    });
    const priced = runCli(['plans', 'set', '--id', 'plan_team', '--overage-price', '0.4', '--json'], {
      DATA_DIR: dir,
    });
    expect(JSON.parse(priced.stdout).plan).toMatchObject({
      price_id: 'price_123',
      overage_cents_per_render: '0.4',
    });
    const cleared = runCli(['plans', 'set', '--id', 'plan_team', '--overage-price', '', '--json'], {
      DATA_DIR: dir,
    });
    expect(JSON.parse(cleared.stdout).plan.overage_cents_per_render).toBeNull();
    const negative = runCli(['plans', 'set', '--id', 'plan_team', '--overage-price', '-1'], {
      DATA_DIR: dir,
    });
    expect(negative.code).not.toBe(0);
    const bad = runCli(['plans', 'set', '--id', 'plan_x', '--name', 'X', '--quota', 'lots', '--rps', '1'], {
      DATA_DIR: dir,
    });
    expect(bad.code).toBe(2);
  });

  test('processes migrating one data dir at once apply each migration exactly once', async () => {
    const dir = dataDir();
    const procs = [1, 2, 3].map(() =>
      Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'migrate', '--create'], {
        env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
        stderr: 'pipe',
      }),
    );
    expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0, 0]);
    const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
    const applied = db.query('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as { n: number };
    const plans = db.query('SELECT COUNT(*) AS n FROM plans').get() as { n: number };
    db.close();
    expect(applied.n).toBe(embeddedMigrations.length);
    // Each built-in plan seeded once (Free, Starter, Pro, Self-hosted), however many processes raced.
    expect(plans.n).toBe(BUILT_IN_PLANS.length);
  });

  test('migrate applies migrations and is repeatable', () => {
    const dir = dataDir();
    expect(runCli(['migrate', '--create'], { DATA_DIR: dir }).code).toBe(0);
    expect(runCli(['migrate'], { DATA_DIR: dir }).code).toBe(0);
    expect(runCli(['migrate', '--create'], { DATA_DIR: dir }).code).toBe(0);
  });

  test('migrate on a data dir of an older version names the migrations it applied; a new one only says up to date', () => {
    const fresh = dataDir();
    const made = runCli(['migrate', '--create'], { DATA_DIR: fresh });
    expect([made.code, made.stdout.trim()]).toEqual([0, 'Database is up to date.']);
    // An older version's database: all but the last two migrations.
    const dir = dataDir();
    mkdirSync(dir, { recursive: true });
    const older = openDatabase(join(dir, DATABASE_FILE));
    migrate(older.sqlite, embeddedMigrations.slice(0, -2));
    older.sqlite.close();
    const upgraded = runCli(['migrate'], { DATA_DIR: dir });
    const newest = embeddedMigrations.slice(-2).map((m) => m.tag);
    expect([upgraded.code, upgraded.stdout.trim()]).toEqual([
      0,
      `Applied 2 migrations: ${newest.join(', ')}.\nDatabase is up to date.`,
    ]);
    expect(runCli(['migrate'], { DATA_DIR: dir }).stdout.trim()).toBe('Database is up to date.');
  });

  test('a database a newer version migrated: migrate and serve refuse with one line, nothing applied', () => {
    const dir = installed();
    const db = new Database(join(dir, DATABASE_FILE));
    const last = Math.max(...embeddedMigrations.map((m) => m.createdAt));
    db.run('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', [
      'from-a-newer-version',
      last + 1000,
    ]);
    db.close();
    for (const command of ['migrate', 'serve']) {
      const res = runCli([command], { DATA_DIR: dir });
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain('belongs to a newer version of invoice-service');
      // Two builds of one package version told apart: the build's commit, as `version` prints it.
      const version = runCli(['version'], {}).stdout.trim();
      expect(res.stderr).toContain(`this version, ${version}, knows none after`);
      if (BUILD_COMMIT) expect(version).toContain(BUILD_COMMIT);
      expect(res.stderr).not.toContain('    at ');
    }
  });
});

describe('CLI next to a running server', () => {
  test("first start prints the owner's one-time link beside the key: it sets email and password, the owner signs in; a second start prints none", async () => {
    const dir = dataDir();
    const first = await serve(dir, true);
    let url = '';
    try {
      const link = /(http\S+\/#\/invitation\/([A-Za-z0-9_-]+))/.exec(first.output);
      expect(link?.[1]).toStartWith(first.url);
      const token = link?.[2] ?? '';
      const email = 'owner@fresh.example';
      const accepted = await fetch(`${first.url}/api/v1/invitations/${token}/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: 'Olga Owner', password: 'a long enough passphrase' }),
      });
      expect(accepted.status).toBe(201);
      const signedIn = await fetch(`${first.url}/api/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a long enough passphrase' }),
      });
      expect(signedIn.status).toBe(201);
      const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const me = await fetch(`${first.url}/api/v1/auth/me`, { headers: { cookie } });
      expect(((await me.json()) as { data: { member: { role: string } } }).data.member.role).toBe('owner');
      url = first.url;
    } finally {
      await first.stop();
    }
    expect(url).not.toBe('');
    const second = await serve(dir, false);
    await second.stop();
    expect(second.output).not.toContain('#/invitation/');
  }, 60_000);

  test('first start prints a working key once; CLI changes apply without a restart', async () => {
    const dir = dataDir();
    const first = await serve(dir, true);
    try {
      const key = /sk_[A-Za-z0-9_-]{32}/.exec(first.output)?.[0];
      expect(key).toBeDefined();
      expect(first.output).toContain('Created account');
      const me = await fetch(`${first.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(me.status).toBe(200);

      // A key made by the CLI works at once.
      const made = runCli(
        ['plans', 'set', '--id', 'plan_tiny', '--name', 'Tiny', '--quota', '1', '--rps', '50', '--json'],
        {
          DATA_DIR: dir,
        },
      );
      expect(made.code).toBe(0);
      const created = JSON.parse(
        runCli(['accounts', 'create', '--name', 'Live', '--plan', 'plan_tiny', '--json'], { DATA_DIR: dir })
          .stdout,
      );
      const auth = { authorization: `Bearer ${created.api_key.api_key}` };
      const live = await fetch(`${first.url}/api/v1/auth/me`, { headers: auth });
      expect(((await live.json()) as any).data.account.plan_name).toBe('Tiny');

      // A plan change by the CLI applies on the next requests: one request of the 50 a second was used,
      // and a bucket never holds more than a second's allowance, so at 1 a second one of three passes.
      runCli(['plans', 'set', '--id', 'plan_tiny', '--rps', '1'], { DATA_DIR: dir });
      const burst = await Promise.all(
        [1, 2, 3].map(() => fetch(`${first.url}/api/v1/auth/me`, { headers: auth })),
      );
      expect(burst.map((r) => r.status).sort()).toEqual([200, 429, 429]);

      // Disable and enable take effect at once (an account of its own: its allowance is untouched, and a
      // refused key uses none of it).
      const other = JSON.parse(
        runCli(['accounts', 'create', '--name', 'Toggle', '--json'], { DATA_DIR: dir }).stdout,
      );
      const otherAuth = { authorization: `Bearer ${other.api_key.api_key}` };
      expect(runCli(['accounts', 'disable', other.account.id], { DATA_DIR: dir }).code).toBe(0);
      expect((await fetch(`${first.url}/api/v1/auth/me`, { headers: otherAuth })).status).toBe(403);
      expect((await fetch(`${first.url}/api/v1/auth/me`, { headers: otherAuth })).status).toBe(403);
      expect(runCli(['accounts', 'enable', other.account.id], { DATA_DIR: dir }).code).toBe(0);
      expect((await fetch(`${first.url}/api/v1/auth/me`, { headers: otherAuth })).status).toBe(200);
    } finally {
      await first.stop();
    }
    // A second start on the same data dir creates no account and prints no key.
    const second = await serve(dir, false);
    await second.stop();
    expect(second.output).not.toContain('sk_');
    expect(second.output).not.toContain('Created account');
  });
});

describe('a self-hosted install', () => {
  test("the first start's account is on the Self-hosted plan: no credit on its PDFs; set-plan moves it", async () => {
    const dir = dataDir();
    const first = await serve(dir, true);
    try {
      const key = /sk_[A-Za-z0-9_-]{32}/.exec(first.output)?.[0] ?? '';
      expect(first.output).toContain('on plan Self-hosted');
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const me = (await (await fetch(`${first.url}/api/v1/auth/me`, { headers })).json()) as any;
      expect(me.data.account).toMatchObject({ plan_id: 'plan_self_hosted', plan_name: 'Self-hosted' });
      const usage = (await (await fetch(`${first.url}/api/v1/usage`, { headers })).json()) as any;
      expect(usage.data.renders.quota).toBeGreaterThanOrEqual(1_000_000);
      const pdfText = async () => {
        const body = {
          data: {
            currency: 'EUR',
            issue_date: '2026-11-20',
            seller: { name: 'Nordlicht' },
            buyer: { name: 'Café' },
            line_items: [{ name: 'Gutachten', quantity: '1', unit_price: '10.00' }],
          },
          output: { format: 'pdf', delivery: 'binary' },
        };
        const res = await fetch(`${first.url}/api/v1/documents/render`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
        return (await inspectPdf(new Uint8Array(await res.arrayBuffer()))).text;
      };
      expect(await pdfText()).not.toContain('Created with invoice-service');

      // An operator hosting for others: new accounts keep the free plan, and set-plan moves any account.
      const created = JSON.parse(
        runCli(['accounts', 'create', '--name', 'Customer', '--json'], { DATA_DIR: dir }).stdout,
      );
      expect(created.account.plan_id).toBe('plan_free');
      const moved = runCli(['accounts', 'set-plan', me.data.account.id, 'plan_free', '--json'], {
        DATA_DIR: dir,
      });
      expect(moved.code).toBe(0);
      expect(JSON.parse(moved.stdout).account.plan_id).toBe('plan_free');
      expect(await pdfText()).toContain('Created with invoice-service');
      const unknown = runCli(['accounts', 'set-plan', me.data.account.id, 'plan_nope'], { DATA_DIR: dir });
      expect(unknown.code).not.toBe(0);
    } finally {
      await first.stop();
    }
  }, 60_000);
});

/** The CLI as its own process without blocking this one: the server under test runs in this process. */
async function runCliAsync(args: string[]) {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    cwd: ROOT,
    stdout: 'pipe',
  });
  const stdout = await new Response(proc.stdout).text();
  return { code: await proc.exited, stdout };
}

describe('serve on SIGTERM', () => {
  test('stops cleanly: exit 0, the port closed, the data dir reopens with a consistent database', async () => {
    const dir = dataDir();
    const running = await serve(dir, true);
    expect((await fetch(`${running.url}/health`)).status).toBe(200);
    expect(await running.stop()).toBe(0);
    const refused = await fetch(`${running.url}/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');
    const check = runCli(['migrate'], { DATA_DIR: dir });
    expect([check.code, check.stdout.trim()]).toEqual([0, 'Database is up to date.']);
  });

  /**
   * A data dir holding one queued delivery (sent through the API of a server that runs no jobs, then
   * stopped without removing its dir): the `serve` started on it next claims the job and sends the mail.
   */
  async function queuedDelivery(smtpUrl: string): Promise<{ dir: string; account: TestAccount; id: string }> {
    const dir = dataDir();
    const setup = await startServer({ dataDir: dir, smtpUrl, startJobs: false });
    const account = await makeAccount(setup);
    const parties = await makeParties(setup, account);
    const doc = await makeDocument(setup, account, parties, {}, ['finalize']);
    const post = (path: string, body: unknown) =>
      setup.json(path, { method: 'POST', key: account.apiKey, body });
    expect((await post(`/api/v1/documents/${doc.id}/renders`, {})).status).toBe(200);
    const sent = await post(`/api/v1/documents/${doc.id}/send`, { to: ['ap@globex.example'] });
    expect([sent.status, sent.body.data.status]).toEqual([200, 'queued']);
    await setup.service.stop();
    return { dir, account, id: sent.body.data.id };
  }

  /** The delivery as the API shows it, read by a server on the stopped dir (kept: the test removes it). */
  async function deliveryIn(dir: string, account: TestAccount, id: string) {
    const reader = await startServer({ dataDir: dir, startJobs: false });
    try {
      return (await reader.json(`/api/v1/deliveries/${id}`, { key: account.apiKey })).body.data;
    } finally {
      await reader.service.stop();
    }
  }

  /** Polls until the port refuses connections. */
  async function untilRefused(url: string): Promise<void> {
    for (;;) {
      const answered = await fetch(`${url}/health`).then(
        () => true,
        () => false,
      );
      if (!answered) return;
      await Bun.sleep(10);
    }
  }

  test('HTTP stops first; a job running at SIGTERM finishes within its grace and is recorded', async () => {
    const smtp = await TestSmtp.start();
    try {
      const url = smtp.url({ from: 'billing@invoices.example' });
      const { dir, account, id } = await queuedDelivery(url);
      // The mail server takes the message and holds its answer: the delivery job is mid-send.
      const hold = smtp.holdNext();
      const running = await serve(dir, false, { SMTP_URL: url });
      await hold.arrived;
      const exited = running.stop();
      // The port closes while the job still runs (the held answer keeps the process alive).
      await untilRefused(running.url);
      expect(running.running()).toBe(true);
      hold.release();
      expect(await exited).toBe(0);
      expect(smtp.messages).toHaveLength(1);
      const delivery = await deliveryIn(dir, account, id);
      expect(delivery.status).toBe('sent');
    } finally {
      await smtp.stop();
    }
  }, 60_000);

  // Concurrent with the tests after it (healthcheck, the first API key): most of its time is the stopping
  // server's grace, spent idle; none of them shares a port, a data dir or a mail server with it, and
  // none blocks this process's event loop (no runCli) while another waits on it.
  test.concurrent('a job still running when its grace is over is released, not lost: the next start sends it', async () => {
    const smtp = await TestSmtp.start();
    const hold = smtp.holdNext();
    try {
      const url = smtp.url({ from: 'billing@invoices.example' });
      const { dir, account, id } = await queuedDelivery(url);
      const first = await serve(dir, false, { SMTP_URL: url, STOP_GRACE_SECONDS: '2' });
      await hold.arrived;
      const exited = first.stop();
      await untilRefused(first.url);
      // The answer never comes while this process lives: its grace (STOP_GRACE_SECONDS, 2 s here) runs out.
      expect(await exited).toBe(0);
      const released = await deliveryIn(dir, account, id);
      expect(released.status).toBe('queued');

      // The next start claims it again and sends it; stopped once the mail is in (its grace lets it commit).
      const second = await serve(dir, false, { SMTP_URL: url });
      while (smtp.messages.length < 2) await Bun.sleep(50);
      expect(await second.stop()).toBe(0);
      expect((await deliveryIn(dir, account, id)).status).toBe('sent');
      // SMTP's own gap (docs/deliveries.md "Each email once"): the server took the first copy whose answer
      // never reached the stopped process; the resend carries the same Message-ID.
      expect(smtp.messages).toHaveLength(2);
      const [a, b] = smtp.messages.map((m) => m.parsed.messageId);
      expect(a).toBeDefined();
      expect(b).toBe(a);
    } finally {
      hold.release();
      await smtp.stop();
    }
  }, 60_000);
});

describe('healthcheck', () => {
  test.concurrent('exits 0 for a server answering /health 200, 1 for no server or one that stalls', async () => {
    const live = await startServer({ rulesetsDir: null });
    try {
      const port = new URL(live.url).port;
      const ok = await runCliAsync(['healthcheck', '--port', port]);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('/health: 200');
    } finally {
      await live.stop();
    }
    const stalled = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => new Promise<Response>(() => {}),
    });
    try {
      // It gives up by its own timeout (the test's timeout would catch one that waits for ever).
      const res = await runCliAsync(['healthcheck', '--port', String(stalled.port)]);
      expect(res.code).toBe(1);
      expect(res.stdout).toMatch(/\/health: .*(time|abort)/i);
      const closedPort = stalled.port;
      stalled.stop(true);
      expect((await runCliAsync(['healthcheck', '--port', String(closedPort)])).code).toBe(1);
    } finally {
      stalled.stop(true);
    }
    // Four processes and a server's start: more than the default 5 s on a busy machine.
  }, 30_000);
});

describe('the first API key', () => {
  test.concurrent('a start that cannot bind its port creates no account; the next start on a free port prints the key', async () => {
    const dataDir = tempDir();
    const taken = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('taken') });
    try {
      const failed = Bun.spawn(
        [process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--port', String(taken.port)],
        {
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          cwd: ROOT,
          stdout: 'pipe',
          stderr: 'pipe',
        },
      );
      expect(await failed.exited).not.toBe(0);
      expect(await new Response(failed.stdout).text()).not.toContain('sk_');
    } finally {
      taken.stop(true);
    }
    const server = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      cwd: ROOT,
      stdout: 'pipe',
    });
    try {
      const reader = server.stdout.getReader();
      let said = '';
      while (!/sk_[A-Za-z0-9_-]+\s/.test(said)) {
        const { value, done } = await reader.read();
        if (done) break;
        said += new TextDecoder().decode(value);
      }
      const key = /sk_[A-Za-z0-9_-]+/.exec(said)?.[0];
      expect(key).toBeDefined();
      const origin = /listening on (http:\/\/[^\s]+)/.exec(said)?.[1];
      const me = await fetch(`${origin}/api/v1/auth/me`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(me.status).toBe(200);
    } finally {
      server.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
