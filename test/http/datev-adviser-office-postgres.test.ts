// An accounting office's month for several clients (POST /api/v1/office/exports, docs/office.md) on two
// instances sharing one PostgreSQL database and one bucket, as a tax adviser receives it: the instance
// running the background export is frozen midway and killed with SIGKILL; the other one takes the job
// over once its lease ends and finishes it. The ZIP it stores holds every client's three DATEV files,
// each booking once: every invoice number of the month in the client's Rechnungsausgang exactly once (its
// pages of 100 included), none of another client's, the header naming the client's own Berater- and
// Mandantennummer, every line as DATEV's format asks, the amounts adding up to the invoices' totals.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { newId } from '../../src/shared/ids';
import { bookingProblems, readDatev } from '../datev';
import { runCli, tempDir } from '../harness';
import { type Instance, startInstance, waitUntil } from '../instances';
import { hasPostgres, startPostgres } from '../postgres';
import { TestS3 } from '../s3rver';
import { PASSWORD, runCliWithStdin, sessionCookieOf } from '../users';
import { readZip } from '../zip';

/** Invoices per client: four pages of 100 each, so the export is under way long enough to be stopped. */
const COPIES = 349;
const CLIENTS = [
  { name: 'Bäckerei Sonne GmbH', client_number: 20001 },
  { name: 'Holzbau Nord KG', client_number: 20002 },
  { name: 'Praxis Dr. Weiß', client_number: 20003 },
] as const;
const PERIOD = { from: '2026-11-01', to: '2026-11-30' };
const AUSGANG = `EXTF_Buchungsstapel_Ausgang_${PERIOD.from}_${PERIOD.to}.csv`;
const EINGANG = `EXTF_Buchungsstapel_Eingang_${PERIOD.from}_${PERIOD.to}.csv`;
const STAMMDATEN = `EXTF_Debitoren_Kreditoren_${PERIOD.from}_${PERIOD.to}.csv`;

let s3: TestS3;
let sql: postgres.Sql;
let env: Record<string, string> = {};
let a: Instance;
let b: Instance;
let officeId = '';
const email = 'kanzlei@example.de';
const cliDir = tempDir('inv-adviser-pg-cli-');
const dirA = tempDir('inv-adviser-pg-a-');
const dirB = tempDir('inv-adviser-pg-b-');
/** Each client's id, folder and invoice numbers. */
const clients: { id: string; name: string; client_number: number; numbers: string[] }[] = [];

/** The signed-in user's request to an instance, acting in `account`. */
async function asUser(
  on: Instance,
  cookie: string,
  account: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${on.url}${path}`, {
    method,
    headers: { cookie, origin: on.url, account, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text), res };
}

async function signIn(on: Instance): Promise<string> {
  const res = await fetch(`${on.url}/api/v1/sessions`, {
    method: 'POST',
    headers: { origin: on.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const cookie = sessionCookieOf(res.headers);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

beforeAll(async () => {
  if (!hasPostgres) return;
  const cluster = await startPostgres();
  const url = await cluster.createDatabase();
  sql = postgres(url, { max: 2, onnotice: () => {} });
  s3 = await TestS3.start();
  env = { DATABASE_URL: url, ...s3.env(), JOB_LEASE_SECONDS: '3', RENDER_WORKERS: '1', RULES_WORKERS: '1' };
  const cli = { ...env, DATA_DIR: cliDir };
  const plan = [
    'plans',
    'set',
    '--id',
    'plan_office',
    '--name',
    'Office',
    '--quota',
    '100000',
    '--rps',
    '100000',
  ];
  expect(runCli(plan, cli).code).toBe(0);
  const made = runCli(
    ['accounts', 'create', '--name', 'Kanzlei Weber', '--office', '--plan', 'plan_office', '--json'],
    cli,
  );
  expect(made.code).toBe(0);
  officeId = JSON.parse(made.stdout).account.id;
  const user = runCliWithStdin(
    ['users', 'create', '--account', officeId, '--email', email, '--role', 'owner', '--password-stdin'],
    PASSWORD,
    cli,
  );
  expect(user.code).toBe(0);
  a = await startInstance({ env, dataDir: dirA });
  const cookie = await signIn(a);
  for (const c of CLIENTS) {
    const created = await asUser(a, cookie, officeId, 'POST', '/api/v1/accounts', {
      name: c.name,
      owner_email: `inhaber-${c.client_number}@example.de`,
      consultant_number: 29098,
      client_number: c.client_number,
      plan_id: 'plan_office',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.account.id as string;
    const call = (method: string, path: string, body?: unknown) => asUser(a, cookie, id, method, path, body);
    const profile = await call('POST', '/api/v1/business-profiles', {
      legal_name: c.name,
      tax_id: 'DE123456789',
      address: { line1: 'Hauptstr. 1', city: 'Köln', postal_code: '50667', country: 'DE' },
    });
    const customer = await call('POST', '/api/v1/customers', {
      name: `Kunde von ${c.name}`,
      billing_address: { line1: 'Ring 1', city: 'Bonn', postal_code: '53111', country: 'DE' },
    });
    expect([profile.status, customer.status]).toEqual([200, 200]);
    const draft = await call('POST', '/api/v1/documents', {
      number: `${c.client_number}-0000`,
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      currency: 'EUR',
      business_profile_id: profile.body.data.id,
      customer_id: customer.body.data.id,
      line_items: [
        { name: 'Leistung', quantity: '1', unit_price: '100.00', taxes: [{ rate: '19', category: 'S' }] },
      ],
    });
    expect(draft.status).toBe(200);
    const finalized = await call('POST', `/api/v1/documents/${draft.body.data.id}/finalize`);
    expect(finalized.status).toBe(200);
    // The rest of the month copied row by row (ids made as the service makes them: newest last).
    const copies = Array.from({ length: COPIES }, (_, i) => ({
      id: newId('doc'),
      number: `${c.client_number}-${String(i + 1).padStart(4, '0')}`,
      date: `2026-11-${String(2 + (i % 28)).padStart(2, '0')}`,
    }));
    await sql`
      INSERT INTO documents
      SELECT (jsonb_populate_record(NULL::documents,
        to_jsonb(d) || jsonb_build_object('id', x.id, 'number', x.number, 'issue_date', x.issue_date))).*
      FROM documents d,
        unnest(${copies.map((x) => x.id)}::text[], ${copies.map((x) => x.number)}::text[],
               ${copies.map((x) => x.date)}::text[]) AS x(id, number, issue_date)
      WHERE d.id = ${draft.body.data.id}`;
    clients.push({
      id,
      name: c.name,
      client_number: c.client_number,
      numbers: [finalized.body.data.number, ...copies.map((x) => x.number)],
    });
  }
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()]);
  await sql?.end({ timeout: 1 });
  await s3?.stop();
  for (const dir of [cliDir, dirA, dirB]) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasPostgres)("an office's DATEV export on two instances, one killed midway", () => {
  test('the other instance finishes it: every client, every booking once', async () => {
    const cookieA = await signIn(a);
    const started = await asUser(a, cookieA, officeId, 'POST', '/api/v1/office/exports', {
      ...PERIOD,
      account_ids: clients.map((c) => c.id),
    });
    expect(started.status).toBe(202);
    const id = started.body.data.id as string;
    // Midway: the job is A's and at least one client's files are read (recorded), not every client's.
    const recorded = async () =>
      (
        await sql`SELECT COUNT(*)::int AS n FROM datev_exports
                  WHERE account_id = ANY(${clients.map((c) => c.id)}::text[])`
      )[0]?.n as number;
    await waitUntil(async () => (await recorded()) >= 1, 'A to export the first client', 120_000);
    process.kill(a.pid, 'SIGSTOP');
    const [frozen] = await sql`SELECT status FROM office_exports WHERE id = ${id}`;
    expect({ status: frozen?.status, recorded: (await recorded()) < clients.length * 3 }).toEqual({
      status: 'running',
      recorded: true,
    });
    b = await startInstance({ env, dataDir: dirB });
    expect(await a.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    const cookieB = await signIn(b);
    const first = await asUser(b, cookieB, officeId, 'GET', `/api/v1/office/exports/${id}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const statusOn = async () => {
      const res = await asUser(b, cookieB, officeId, 'GET', `/api/v1/office/exports/${id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    await waitUntil(async () => (await statusOn()).status === 'completed', 'B to finish the export', 180_000);
    const status = await statusOn();
    expect(status.results.map((r: any) => [r.account_id, r.problem_code])).toEqual(
      clients.map((c) => [c.id, null]),
    );
    const download = await fetch(`${b.url}/api/v1/office/exports/${id}/download`, {
      headers: { cookie: cookieB, origin: b.url, account: officeId },
    });
    expect(download.status).toBe(200);
    const entries = readZip(new Uint8Array(await download.arrayBuffer()));
    const names = entries.map((e) => e.name).sort();
    expect(names).not.toContain('Fehler.txt');
    // A folder per client, named by its Mandantennummer, holding its three files.
    expect(names.map((n) => n.replace(/_[^/]*\//, '/'))).toEqual(
      clients.flatMap((c) => [AUSGANG, EINGANG, STAMMDATEN].map((f) => `${c.client_number}/${f}`)).sort(),
    );
    const everyNumber = new Set(clients.flatMap((c) => c.numbers));
    for (const c of clients) {
      const ausgang = entries.find(
        (e) => e.name.startsWith(`${c.client_number}_`) && e.name.endsWith(AUSGANG),
      );
      if (!ausgang) throw new Error(`no Rechnungsausgang for ${c.name}`);
      const file = readDatev(ausgang.bytes);
      expect([file.header[10], file.header[11], file.header[14], file.header[15]]).toEqual([
        '29098',
        String(c.client_number),
        '20261101',
        '20261130',
      ]);
      const booked = file.rows.map((row) => file.value(row, 'Belegfeld 1'));
      // Each invoice once, none missing, none of another client.
      expect(booked.length).toBe(c.numbers.length);
      expect(new Set(booked).size).toBe(booked.length);
      expect([...booked].sort()).toEqual([...c.numbers].sort());
      expect(booked.every((n) => everyNumber.has(n) && n.startsWith(`${c.client_number}-`))).toBe(true);
      for (const row of file.rows) expect(bookingProblems(row)).toEqual([]);
      const cents = file.rows.reduce((sum, row) => {
        expect([
          file.value(row, 'Soll/Haben-Kennzeichen'),
          file.value(row, 'Gegenkonto (ohne BU-Schlüssel)'),
        ]).toEqual(['S', '8400']);
        return sum + Number(file.value(row, 'Umsatz (ohne Soll/Haben-Kz)').replace(',', ''));
      }, 0);
      expect(cents).toBe(c.numbers.length * 11900);
    }
  }, 420_000);
});
