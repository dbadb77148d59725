// kill -9 of the real server in the middle of a batch and of a recurring catch-up, then a restart on the
// same data dir: every batch item rendered and billed once, every recurring period invoiced once, with
// consecutive numbers, nothing lost.
import { afterAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { runCli, tempDir } from '../harness';
import { startInstance, waitUntil } from '../instances';

const dataDir = tempDir('inv-crash-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_LEASE_SECONDS: '1', RENDER_WORKERS: '1' };
const ITEMS = 120;
const DAYS_BACK = 1_000;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('kill -9 during a batch and a recurring catch-up, restart: nothing lost, nothing doubled', async () => {
  expect(
    runCli(
      ['plans', 'set', '--id', 'plan_crash', '--name', 'Crash', '--quota', '100000', '--rps', '100000'],
      env,
    ).code,
  ).toBe(0);
  const made = runCli(['accounts', 'create', '--name', 'Crash', '--plan', 'plan_crash', '--json'], env);
  const key = JSON.parse(made.stdout).api_key.api_key as string;
  let base = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  let server = await startInstance({ dataDir, env });
  base = server.url;
  const sequence = (
    await call('POST', '/api/v1/numbering-sequences', { name: 'R', prefix: 'R-', pattern: '{NNNNN}' })
  ).body.data;
  const profile = (await call('POST', '/api/v1/business-profiles', { legal_name: 'Crash Seller GmbH' })).body
    .data;
  const customer = (await call('POST', '/api/v1/customers', { name: 'Crash Buyer Ltd' })).body.data;
  // The server runs on the real date, which may pass UTC midnight during the test: the catch-up ends on the
  // day it sees last, `today` or the one after, and the counts below follow from the day it ended on.
  const today = dayOf(Date.now());
  const start = dayOf(Date.parse(today) - DAYS_BACK * DAY_MS);
  const recurring = await call('POST', '/api/v1/recurring-invoices', {
    business_profile_id: profile.id,
    customer_id: customer.id,
    frequency: 'daily',
    start_date: start,
    numbering_sequence_id: sequence.id,
    auto_finalize: true,
    invoice_template: {
      currency: 'EUR',
      line_items: [
        { name: 'Daily service', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
      ],
    },
  });
  expect(recurring.status).toBe(200);
  const batch = await call('POST', '/api/v1/batches', {
    items: Array.from({ length: ITEMS }, (_, n) => ({
      external_id: `C-${n}`,
      data: {
        invoice_number: `C-${n}`,
        issue_date: today,
        currency: 'EUR',
        seller: { name: 'Crash Seller GmbH' },
        buyer: { name: `Buyer ${n}` },
        line_items: [
          { name: 'Thing', quantity: '1', unit_price: '5.00', taxes: [{ rate: '19', category: 'S' }] },
        ],
      },
    })),
  });
  expect(batch.status).toBe(200);
  const batchNow = async () => (await call('GET', `/api/v1/batches/${batch.body.data.id}`)).body.data;
  const recurringNow = async () =>
    (await call('GET', `/api/v1/recurring-invoices/${recurring.body.data.id}`)).body.data;

  await waitUntil(async () => (await batchNow()).completed_items >= 10, 'the batch to get going');
  expect(await server.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

  server = await startInstance({ dataDir, env });
  base = server.url;
  const atRestart = { batch: await batchNow(), recurring: await recurringNow() };
  // The kill caught both in the middle (the catch-up of ~1,000 days takes far longer than 10 PDFs).
  expect(atRestart.batch.completed_items).toBeLessThan(ITEMS);
  expect(atRestart.recurring.occurrences_created).toBeGreaterThan(0);
  expect(atRestart.recurring.occurrences_created).toBeLessThan(DAYS_BACK + 1);

  await waitUntil(async () => (await batchNow()).status === 'completed', 'the batch to finish');
  await waitUntil(async () => (await recurringNow()).next_occurrence_date > today, 'the catch-up to finish');
  await server.kill('SIGTERM');

  const { Database } = await import('bun:sqlite');
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const q = (sql: string, ...args: string[]) => db.query(sql).get(...args) as Record<string, number>;
    const b = q(
      'SELECT status, completed_items AS ok, failed_items AS failed FROM batches WHERE id = ?',
      batch.body.data.id,
    );
    expect(b).toEqual({ status: 'completed', ok: ITEMS, failed: 0 } as any);
    const renders = q(
      `SELECT COUNT(*) AS items, COUNT(DISTINCT render_id) AS distinct_renders,
              (SELECT COUNT(*) FROM renders r WHERE r.id IN (SELECT render_id FROM batch_items WHERE batch_id = ?1)) AS renders,
              (SELECT COUNT(*) FROM usage_events u WHERE u.render_id IN (SELECT render_id FROM batch_items WHERE batch_id = ?1)) AS events
       FROM batch_items WHERE batch_id = ?1 AND status = 'completed'`,
      batch.body.data.id,
    );
    expect(renders).toEqual({ items: ITEMS, distinct_renders: ITEMS, renders: ITEMS, events: ITEMS });
    const last = (
      db
        .query(
          'SELECT MAX(d.issue_date) AS last FROM recurring_occurrences o JOIN documents d ON d.id = o.document_id WHERE o.recurring_invoice_id = ?',
        )
        .get(recurring.body.data.id) as { last: string }
    ).last;
    expect([today, dayOf(Date.parse(today) + DAY_MS)]).toContain(last);
    const periods = (Date.parse(last) - Date.parse(start)) / DAY_MS + 1;
    const invoices = q(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT d.number) AS numbers, COUNT(DISTINCT d.issue_date) AS dates,
              MIN(d.issue_date) AS first, MAX(d.issue_date) AS last, SUM(d.status = 'finalized') AS finalized
       FROM recurring_occurrences o JOIN documents d ON d.id = o.document_id WHERE o.recurring_invoice_id = ?`,
      recurring.body.data.id,
    );
    expect(invoices).toEqual({
      n: periods,
      numbers: periods,
      dates: periods,
      first: start,
      last,
      finalized: periods,
    } as any);
    // Numbers come from the sequence with no gap: R-00001 ... R-01001.
    const numbers = db
      .query(`SELECT number FROM documents WHERE number LIKE 'R-%' ORDER BY number`)
      .all()
      .map((r) => (r as { number: string }).number);
    expect(numbers).toEqual(Array.from({ length: periods }, (_, i) => `R-${String(i + 1).padStart(5, '0')}`));
  } finally {
    db.close();
  }
}, 180_000);
