// Two `serve` processes on one PostgreSQL database and one bucket (as test/http/instances-postgres.test.ts)
// meeting on the same rows: creates numbered by one sequence from both at once, with a number taken by
// hand in the way and creates that fail among them, get consecutive numbers with none lost, the one taken
// by hand passed over and none burnt by a failure; and one account's rate limit, counted in the database,
// holds across both (docs/instances.md, "Rate limits across instances": a fixed one-second window, so a
// burst straddling windows passes at most the limit once per window it touches); and one account's render
// quota, reserved on the month's counter row from both at once, is never overshot nor left unused.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { runCli, tempDir } from '../harness';
import { type Answer, callInstance, type Instance, startInstance } from '../instances';
import { hasPostgres, startPostgres } from '../postgres';
import { TestS3 } from '../s3rver';

const RATE = 10;
const QUOTA = 12;
const today = new Date().toISOString().slice(0, 10);
const lines = [
  { name: 'Service', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
];

let s3: TestS3;
let sql: postgres.Sql;
let a: Instance;
let b: Instance;
/** A key of an account whose plan no test reaches, and one of an account limited to RATE a second. */
let key = '';
let limitedKey = '';
/** A key of an account with QUOTA renders a month. */
let quotaKey = '';
const cliDir = tempDir('inv-contention-cli-');

beforeAll(async () => {
  if (!hasPostgres) return;
  const cluster = await startPostgres();
  const url = await cluster.createDatabase();
  sql = postgres(url, { max: 2, onnotice: () => {} });
  s3 = await TestS3.start();
  const env = { DATABASE_URL: url, ...s3.env(), RENDER_WORKERS: '1', RULES_WORKERS: '1' };
  const cli = (...args: string[]) => {
    const done = runCli(args, { ...env, DATA_DIR: cliDir });
    expect(done.code).toBe(0);
    return done.stdout;
  };
  cli('plans', 'set', '--id', 'plan_wide', '--name', 'Wide', '--quota', '100000', '--rps', '100000');
  cli('plans', 'set', '--id', 'plan_narrow', '--name', 'Narrow', '--quota', '100000', '--rps', String(RATE));
  cli('plans', 'set', '--id', 'plan_quota', '--name', 'Quota', '--quota', String(QUOTA), '--rps', '100000');
  const account = (plan: string) =>
    JSON.parse(cli('accounts', 'create', '--name', plan, '--plan', plan, '--json')).api_key.api_key as string;
  key = account('plan_wide');
  limitedKey = account('plan_narrow');
  quotaKey = account('plan_quota');
  [a, b] = await Promise.all([startInstance({ env }), startInstance({ env })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()]);
  await sql?.end({ timeout: 1 });
  await s3?.stop();
  rmSync(cliDir, { recursive: true, force: true });
});

describe.skipIf(!hasPostgres)('two instances meeting on the same rows', () => {
  test('30 creates on one sequence from both at once, a number taken by hand in the way and 6 failing creates among them', async () => {
    const call = (on: Instance, method: string, path: string, body?: unknown) =>
      callInstance(on, key, method, path, body);
    const profile = (await call(a, 'POST', '/api/v1/business-profiles', { legal_name: 'Contention GmbH' }))
      .body.data;
    const customer = (await call(b, 'POST', '/api/v1/customers', { name: 'Contended Buyer Ltd' })).body.data;
    const sequence = (
      await call(a, 'POST', '/api/v1/numbering-sequences', { name: 'Busy', prefix: 'C-', pattern: '{NNNN}' })
    ).body.data;
    const body = {
      issue_date: today,
      currency: 'EUR',
      business_profile_id: profile.id,
      customer_id: customer.id,
      line_items: lines,
    };
    const byHand = await call(b, 'POST', '/api/v1/documents', { ...body, number: 'C-0005' });
    expect(byHand.status).toBe(200);

    // Every sixth names a customer the account does not have: refused, and it must take no number.
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 36 }, (_, n) =>
        call(n % 2 === 0 ? a : b, 'POST', '/api/v1/documents', {
          ...body,
          numbering_sequence_id: sequence.id,
          ...(n % 6 === 5 ? { customer_id: 'cus_missing' } : {}),
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 422)).toHaveLength(6);
    const made = answers.filter((r) => r.status === 200).map((r) => r.body.data.number as string);
    expect(made).toHaveLength(30);
    const expected = Array.from({ length: 31 }, (_, i) => `C-${String(i + 1).padStart(4, '0')}`).filter(
      (number) => number !== 'C-0005',
    );
    expect(made.sort()).toEqual(expected);
    const rows = await sql`SELECT number FROM documents WHERE number LIKE 'C-%' ORDER BY number`;
    expect(rows.map((r) => r.number)).toEqual([...expected.slice(0, 4), 'C-0005', ...expected.slice(4)]);
    const after = await call(b, 'GET', `/api/v1/numbering-sequences/${sequence.id}`);
    expect(after.body.data.next_number).toBe(32);
  }, 60_000);

  test(`one account limited to ${RATE} a second, 40 requests at once on both: at most ${RATE} pass per window touched`, async () => {
    const startSecond = Math.floor(Date.now() / 1000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        callInstance(n % 2 === 0 ? a : b, limitedKey, 'GET', '/api/v1/customers?limit=1'),
      ),
    );
    const windows = Math.floor(Date.now() / 1000) - startSecond + 1;
    const passed = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(passed.length + refused.length).toBe(40);
    expect(passed.length).toBeGreaterThanOrEqual(RATE);
    // Counted per instance, each would pass RATE in a window: twice the limit for a burst within one second.
    expect(passed.length).toBeLessThanOrEqual(RATE * windows);
    expect(
      refused.every((r) => r.headers.get('retry-after') === '1' && r.body.error.code === 'rate_limited'),
    ).toBe(true);
    // Each place in a window is given once, whichever instance gave it.
    const places = new Map<string, number>();
    for (const r of passed) {
      const remaining = r.headers.get('x-ratelimit-remaining') ?? '';
      places.set(remaining, (places.get(remaining) ?? 0) + 1);
    }
    expect([...places.values()].every((n) => n <= windows)).toBe(true);
  }, 60_000);
  test(`an account with ${QUOTA} renders a month, 30 renders at once on both: exactly ${QUOTA} made`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        callInstance(n % 2 === 0 ? a : b, quotaKey, 'POST', '/api/v1/documents/render', {
          data: {
            invoice_number: `Q-${n}`,
            issue_date: today,
            currency: 'EUR',
            seller: { name: 'Quota GmbH' },
            buyer: { name: `Buyer ${n}` },
            line_items: lines,
          },
          output: { format: 'pdf', delivery: 'url' },
        }),
      ),
    );
    const made = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(made).toHaveLength(QUOTA);
    expect(refused).toHaveLength(30 - QUOTA);
    expect(refused.every((r) => r.body.error.code === 'quota_exceeded')).toBe(true);
    // Made from both instances, and counted once each in the month's counter.
    const [counter] = await sql`SELECT c.renders FROM usage_month_counters c
      JOIN accounts a ON a.id = c.account_id WHERE a.plan_id = 'plan_quota'`;
    expect(Number(counter?.renders)).toBe(QUOTA);
    const usage = await callInstance(b, quotaKey, 'GET', '/api/v1/usage');
    expect(usage.body.data.renders).toEqual({ used: QUOTA, quota: QUOTA });
  }, 60_000);
});
