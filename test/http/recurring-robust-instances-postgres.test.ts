// Two `serve` processes on one PostgreSQL database (as test/http/instances-postgres-contention.test.ts),
// both job loops running, catching up one daily recurring invoice whose dates lie in the past; one instance
// is killed -9 while they generate. Every date yields exactly one invoice, numbered by the schedule's
// sequence in date order with no number lost or repeated (docs/recurring-invoices.md "Generation").
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { runCli, tempDir } from '../harness';
import { callInstance, type Instance, startInstance, waitUntil } from '../instances';
import { hasPostgres, startPostgres } from '../postgres';
import { TestS3 } from '../s3rver';

const DAYS = 30;
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** `date` plus `days` (dates counted from the schedule's start, not from the clock: no midnight in between). */
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let s3: TestS3;
let sql: postgres.Sql;
let a: Instance;
let b: Instance;
let key = '';
const cliDir = tempDir('inv-recurring-pg-cli-');

beforeAll(async () => {
  if (!hasPostgres) return;
  const cluster = await startPostgres();
  const url = await cluster.createDatabase();
  sql = postgres(url, { max: 2, onnotice: () => {} });
  s3 = await TestS3.start();
  // A short lease: the killed instance's claim is taken over within seconds.
  const env = {
    DATABASE_URL: url,
    ...s3.env(),
    RENDER_WORKERS: '1',
    RULES_WORKERS: '1',
    JOB_LEASE_SECONDS: '2',
  };
  const cli = (...args: string[]) => {
    const done = runCli(args, { ...env, DATA_DIR: cliDir });
    expect(done.code).toBe(0);
    return done.stdout;
  };
  cli('plans', 'set', '--id', 'plan_wide', '--name', 'Wide', '--quota', '100000', '--rps', '100000');
  key = JSON.parse(cli('accounts', 'create', '--name', 'Abo GmbH', '--plan', 'plan_wide', '--json')).api_key
    .api_key as string;
  [a, b] = await Promise.all([startInstance({ env }), startInstance({ env })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()]);
  await sql?.end({ timeout: 1 });
  await s3?.stop();
  rmSync(cliDir, { recursive: true, force: true });
});

describe.skipIf(!hasPostgres)('a recurring catch-up on two instances', () => {
  test('both job loops generating, one killed -9 midway: one invoice a date, numbers gap-free in date order', async () => {
    const call = (on: Instance, method: string, path: string, body?: unknown) =>
      callInstance(on, key, method, path, body);
    const profile = (await call(a, 'POST', '/api/v1/business-profiles', { legal_name: 'Abo GmbH' })).body
      .data;
    const customer = (await call(b, 'POST', '/api/v1/customers', { name: 'Kunde KG' })).body.data;
    const sequence = (
      await call(a, 'POST', '/api/v1/numbering-sequences', { name: 'Abo', prefix: 'A-', pattern: '{NNNN}' })
    ).body.data;
    // Daily from DAYS - 1 days ago: DAYS dates are due now (the profile has no zone: UTC).
    const start = isoDay(-(DAYS - 1));
    const created = await call(a, 'POST', '/api/v1/recurring-invoices', {
      business_profile_id: profile.id,
      customer_id: customer.id,
      frequency: 'daily',
      start_date: start,
      numbering_sequence_id: sequence.id,
      invoice_template: {
        currency: 'EUR',
        due_in_days: 14,
        line_items: [
          { name: 'Abo', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
        ],
      },
    });
    expect(created.body.error ?? null).toBeNull();
    const id = created.body.data.id as string;
    const made = async () =>
      Number(
        (
          await sql`SELECT count(*)::int AS n FROM recurring_occurrences WHERE recurring_invoice_id = ${id}`
        )[0]?.n,
      );
    // Killed while the catch-up runs (or just after, on a fast machine: the assertions hold either way).
    await waitUntil(async () => (await made()) >= 3, 'the first occurrences', 30_000);
    await a.kill('SIGKILL');
    await waitUntil(
      async () =>
        (await call(b, 'GET', `/api/v1/recurring-invoices/${id}`)).body.data.occurrences_created >= DAYS,
      `all ${DAYS} occurrences`,
      60_000,
    );
    // A little longer: a second invoice for any date would show up now.
    await Bun.sleep(1500);
    const schedule = (await call(b, 'GET', `/api/v1/recurring-invoices/${id}`)).body.data;
    expect(schedule).toMatchObject({
      occurrences_created: DAYS,
      next_occurrence_date: plus(start, DAYS),
      last_error: null,
    });
    const rows = await sql`
      SELECT o.occurrence_date AS date, d.number AS number, d.issue_date AS issue
        FROM recurring_occurrences o JOIN documents d ON d.id = o.document_id
       WHERE o.recurring_invoice_id = ${id} ORDER BY o.occurrence_date`;
    expect(rows.map((r) => r.date)).toEqual(Array.from({ length: DAYS }, (_, i) => plus(start, i)));
    expect(rows.map((r) => r.number)).toEqual(
      Array.from({ length: DAYS }, (_, i) => `A-${String(i + 1).padStart(4, '0')}`),
    );
    expect(rows.every((r) => r.issue === r.date)).toBe(true);
    const documents = await sql`SELECT count(*)::int AS n FROM documents WHERE customer_id = ${customer.id}`;
    expect(documents[0]?.n).toBe(DAYS);
  }, 120_000);
});
