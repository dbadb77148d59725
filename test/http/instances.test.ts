// Two instances on one database: two `serve` processes on one DATA_DIR (its SQLite file; on PostgreSQL two
// hosts on one DATABASE_URL), one INBOX_DIR, one mailbox. What must happen once happens once: the inbox
// folder and the mailbox are read by one instance at a time (a lease), a kill -9 of that instance hands
// them to the other within the lease; a recurring catch-up and the daily dunning job ticked by both make
// each invoice and reminder once; one Idempotency-Key and one webhook event sent to both act once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { DATABASE_FILE } from '../../src/cli/runtime';
import { hasDovecot, TestDovecot } from '../dovecot';
import { providerEvent, signedDelivery, subscriptionObject } from '../fake-provider';
import { RULESETS_DIR, runCli, tempDir } from '../harness';
import { callInstance, type Instance, postOnEvery, startInstance, waitUntil } from '../instances';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const dataDir = tempDir('inv-instances-');
const inboxDir = tempDir('inv-instances-inbox-');
const WEBHOOK_SECRET = 'whsec_instances_0123456789';
const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let imap: TestDovecot | null = null;
let a: Instance;
let b: Instance;
let key = '';
let accountId = '';

const call = (on: Instance, method: string, path: string, body?: unknown) =>
  callInstance(on, key, method, path, body);

/** Reads the shared database as an operator would (read-only, beside the running instances). */
async function query<T>(sql: string, ...args: string[]): Promise<T[]> {
  const { Database } = await import('bun:sqlite');
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    return db.query(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** The pid in the holder id of lease `name` (`host:pid:random`), null when nobody holds it. */
async function holderPid(name: string): Promise<number | null> {
  const [row] = await query<{ holder: string; until: string }>(
    'SELECT holder, until FROM leases WHERE name = ?',
    name,
  );
  if (!row || row.until < new Date().toISOString()) return null;
  return Number(row.holder.split(':')[1]);
}

const received = async (on: Instance) =>
  (await call(on, 'GET', '/api/v1/received-documents?limit=100')).body.data as any[];

async function mail(subject: string, file: string) {
  return await new MailComposer({
    from: 'rechnung@lieferant.example',
    to: 'eingang@firma.example',
    subject,
    messageId: `<${subject.replace(/\W/g, '')}@lieferant.example>`,
    attachments: [{ filename: 'invoice.xml', content: readFileSync(file), contentType: 'application/xml' }],
  })
    .compile()
    .build();
}

beforeAll(async () => {
  if (hasDovecot) imap = await TestDovecot.start();
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The lease of the watchers too: a killed holder's watchers move after 3 s.
    JOB_LEASE_SECONDS: '3',
    RENDER_WORKERS: '1',
    RULES_WORKERS: '1',
    RULESETS_DIR,
    RULESETS_COMPILE: 'off',
    INBOX_DIR: inboxDir,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RATE_LIMIT_STORE: 'database',
    ...(imap?.env({ pollSeconds: 1 }) ?? {}),
  };
  const plan = ['plans', 'set', '--id', 'plan_two', '--name', 'Two', '--quota', '100000', '--rps', '100000'];
  expect(runCli(plan, env).code).toBe(0);
  const made = runCli(['accounts', 'create', '--name', 'Two', '--plan', 'plan_two', '--json'], env);
  const out = JSON.parse(made.stdout);
  key = out.api_key.api_key;
  accountId = out.account.id;
  [a, b] = await Promise.all([startInstance({ dataDir, env }), startInstance({ dataDir, env })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].map((instance) => instance?.kill('SIGTERM')));
  await imap?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(inboxDir, { recursive: true, force: true });
});

const pids = () => [a.pid, b.pid];

describe('two instances on one database', () => {
  test('the inbox folder is watched by one instance, which keeps its lease; a file is received once', async () => {
    await waitUntil(async () => (await holderPid('intake.inbox')) !== null, 'the inbox lease to be taken');
    const holder = await holderPid('intake.inbox');
    expect(pids()).toContain(holder as number);
    // A file arrives meanwhile (its taking-in overlaps the wait, and the holder renews while it works).
    copyFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), join(inboxDir, 'first.xml'));
    // Two whole leases later the same instance holds it: it renews, and the other never takes it.
    await Bun.sleep(6_500);
    expect(await holderPid('intake.inbox')).toBe(holder);

    await waitUntil(async () => (await received(a)).length === 1, 'the file to be received', 60_000);
    await waitUntil(async () => existsSync(join(inboxDir, 'processed', 'first.xml')), 'the file to move');
    expect(await received(b)).toHaveLength(1);
    const jobs = await query<{ n: number }>("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'inbox.receive'");
    expect(jobs[0]?.n).toBe(1);
  }, 120_000);

  test.skipIf(!hasDovecot)(
    'the mailbox is read by one instance; the other stands by',
    async () => {
      const state = async (on: Instance) => (await call(on, 'GET', '/ready')).body.mailbox?.state;
      await waitUntil(
        async () => [await state(a), await state(b)].sort().join() === 'ok,standby',
        'one instance reading the mailbox, one standing by',
      );
      const reader = (await state(a)) === 'ok' ? a : b;
      expect(await holderPid('intake.mailbox')).toBe(reader.pid);
      const before = (await received(a)).length;
      await imap?.deliver(
        await mail('Rechnung Mailbox 1', join(EXAMPLES, 'xrechnung_cii/01.01a-INVOICE_uncefact.xml')),
      );
      await waitUntil(async () => (await received(b)).length === before + 1, 'the mail to be received');
      await waitUntil(
        async () => (await imap?.messages('Processed'))?.length === 1,
        'the message to move to Processed',
      );
    },
    120_000,
  );

  test('one Idempotency-Key sent to both instances at once makes one customer', async () => {
    const body = { name: 'Idempotent Buyer GmbH' };
    // One ran it; the other replayed its answer or, while it still ran, was told so (409) and retried.
    const { ran, settled } = await postOnEvery([a, b], key, '/api/v1/customers', body, 'two-instances-1');
    expect(ran).toHaveLength(1);
    const id = ran[0]?.body.data.id;
    expect(settled.map((r) => [r.status, r.body.data.id])).toEqual([
      [200, id],
      [200, id],
    ]);
    const made = await query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM customers WHERE name = ?',
      'Idempotent Buyer GmbH',
    );
    expect(made[0]?.n).toBe(1);
  });

  test('one webhook event delivered to both instances at once is applied once', async () => {
    const event = providerEvent(
      'customer.subscription.updated',
      subscriptionObject({
        id: 'sub_two',
        customer: 'cus_two',
        status: 'active',
        price: 'price_x',
        accountId,
      }),
      Math.floor(Date.now() / 1000),
    );
    const delivery = signedDelivery(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const post = (on: Instance) =>
      fetch(`${on.url}/api/v1/billing/webhook`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const answers = await Promise.all([post(a), post(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    const rows = await query<{ outcome: string }>(
      'SELECT outcome FROM billing_webhook_events WHERE id = ?',
      event.id,
    );
    expect(rows).toEqual([{ outcome: 'applied' }]);
  });

  test('a recurring catch-up and the daily dunning job, ticked by both instances, act once', async () => {
    const profile = (
      await call(a, 'POST', '/api/v1/business-profiles', {
        legal_name: 'Two Instances GmbH',
        email: 'billing@two.example',
        address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
      })
    ).body.data;
    const customer = (
      await call(b, 'POST', '/api/v1/customers', { name: 'Late Payer Ltd', email: 'ap@late.example' })
    ).body.data;
    const sequence = (
      await call(a, 'POST', '/api/v1/numbering-sequences', { name: 'T', prefix: 'T-', pattern: '{NNNNN}' })
    ).body.data;
    const today = dayOf(Date.now());
    const lines = [
      { name: 'Service', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
    ];

    // Three invoices 30 days overdue, finalized before the policy is switched on.
    const overdue: string[] = [];
    for (let i = 0; i < 3; i++) {
      const doc = await call(i % 2 ? a : b, 'POST', '/api/v1/documents', {
        number: `L-${i + 1}`,
        issue_date: dayOf(Date.now() - 60 * DAY_MS),
        due_date: dayOf(Date.now() - 30 * DAY_MS),
        currency: 'EUR',
        business_profile_id: profile.id,
        customer_id: customer.id,
        line_items: lines,
      });
      expect(doc.body.error ?? null).toBeNull();
      expect((await call(a, 'POST', `/api/v1/documents/${doc.body.data.id}/finalize`)).status).toBe(200);
      overdue.push(doc.body.data.id);
    }
    const policy = await call(b, 'PUT', '/api/v1/dunning-policy', {
      enabled: true,
      levels: [
        { days_after_due: 0, fee: '0', subject: 'Erinnerung {number}', message: 'Bitte zahlen.' },
        { days_after_due: 1, fee: '5', subject: 'Mahnung {number}', message: 'Bitte zahlen Sie jetzt.' },
      ],
    });
    expect(policy.body.error ?? null).toBeNull();

    const start = dayOf(Date.parse(today) - 40 * DAY_MS);
    const recurring = await call(a, 'POST', '/api/v1/recurring-invoices', {
      business_profile_id: profile.id,
      customer_id: customer.id,
      frequency: 'daily',
      start_date: start,
      numbering_sequence_id: sequence.id,
      auto_finalize: true,
      invoice_template: { currency: 'EUR', line_items: lines },
    });
    expect(recurring.body.error ?? null).toBeNull();
    const id = recurring.body.data.id as string;
    await waitUntil(
      async () =>
        (await call(b, 'GET', `/api/v1/recurring-invoices/${id}`)).body.data.next_occurrence_date > today,
      'the catch-up to finish',
      120_000,
    );
    const invoices = await query<{ n: number; numbers: number; dates: number; first: string; last: string }>(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT d.number) AS numbers, COUNT(DISTINCT d.issue_date) AS dates,
              MIN(d.issue_date) AS first, MAX(d.issue_date) AS last
       FROM recurring_occurrences o JOIN documents d ON d.id = o.document_id WHERE o.recurring_invoice_id = ?`,
      id,
    );
    const last = invoices[0]?.last ?? '';
    const periods = (Date.parse(last) - Date.parse(start)) / DAY_MS + 1;
    expect(periods).toBeGreaterThanOrEqual(41);
    expect(invoices[0]).toEqual({ n: periods, numbers: periods, dates: periods, first: start, last });
    const numbers = (await query<{ number: string }>("SELECT number FROM documents WHERE number LIKE 'T-%'"))
      .map((r) => r.number)
      .sort();
    expect(numbers).toEqual(Array.from({ length: periods }, (_, i) => `T-${String(i + 1).padStart(5, '0')}`));

    // The day's dunning job: one for the account and day, one first-level reminder per invoice (and not
    // the second level, due as well, on the same day).
    const reminders = async () =>
      await query<{ document_id: string; level: number }>(
        'SELECT document_id, level FROM reminders WHERE account_id = ? ORDER BY document_id',
        accountId,
      );
    await waitUntil(async () => (await reminders()).length >= 3, 'the reminders', 120_000);
    const dailyJobs = await query<{ run_key: string; status: string }>(
      "SELECT run_key, status FROM jobs WHERE kind = 'dunning.daily'",
    );
    await waitUntil(
      async () =>
        (await query<{ status: string }>("SELECT status FROM jobs WHERE kind = 'dunning.daily'")).every(
          (j) => j.status === 'succeeded',
        ),
      'the dunning job to finish',
    );
    expect(dailyJobs.map((j) => j.run_key)).toEqual([`dunning:${accountId}:${today}`]);
    expect(await reminders()).toEqual(overdue.sort().map((document_id) => ({ document_id, level: 1 })));
  }, 240_000);

  test('kill -9 of the watching instance: the other takes over the inbox folder within the lease', async () => {
    const holder = await holderPid('intake.inbox');
    const [victim, survivor] = holder === a.pid ? [a, b] : [b, a];
    await victim.kill('SIGKILL');
    await waitUntil(
      async () => (await holderPid('intake.inbox')) === survivor.pid,
      'the survivor to take the inbox lease',
      30_000,
    );
    const before = (await received(survivor)).length;
    copyFileSync(join(EXAMPLES, 'xrechnung_ubl/01.02a-INVOICE_ubl.xml'), join(inboxDir, 'second.xml'));
    await waitUntil(async () => (await received(survivor)).length === before + 1, 'the file to be received');
    await waitUntil(async () => existsSync(join(inboxDir, 'processed', 'second.xml')), 'the file to move');
    expect(readdirSync(inboxDir).filter((f) => f.endsWith('.xml'))).toEqual([]);
  }, 120_000);

  test.skipIf(!hasDovecot)(
    'after the kill -9, the survivor reads the mailbox',
    async () => {
      const survivor = a.running() ? a : b;
      await waitUntil(
        async () => (await call(survivor, 'GET', '/ready')).body.mailbox?.state === 'ok',
        'the survivor to read the mailbox',
        30_000,
      );
      expect(await holderPid('intake.mailbox')).toBe(survivor.pid);
      const before = (await received(survivor)).length;
      await imap?.deliver(
        await mail('Rechnung Mailbox 2', join(EXAMPLES, 'xrechnung_cii/01.02a-INVOICE_uncefact.xml')),
      );
      await waitUntil(
        async () => (await received(survivor)).length === before + 1,
        'the mail to be received',
      );
    },
    120_000,
  );
});
