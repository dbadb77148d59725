// CI's smoke test of the compiled executable on PostgreSQL: a throw-away cluster (test/postgres.ts), the
// executable alone with DATABASE_URL in an empty directory; it migrates, prints a first key, says
// `postgresql` on /ready, stores a customer in the database (not in the data dir) and renders a PDF. Any
// failure prints what the service wrote to stdout and stderr.
//   bun scripts/smoke-postgres.ts dist/invoice-service
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { startPostgres } from '../test/postgres';

const executable = resolve(process.argv[2] ?? 'dist/invoice-service');
const dir = mkdtempSync(join(tmpdir(), 'inv-smoke-pg-'));
copyFileSync(executable, join(dir, 'invoice-service'));
const cluster = await startPostgres();
const url = await cluster.createDatabase();
// PORT=0: the service binds a free port and prints its URL (a random port could be taken, as an
// ephemeral port of an outgoing connection, and the start would fail for that alone).
const server = Bun.spawn([join(dir, 'invoice-service'), 'serve'], {
  cwd: dir,
  env: { PATH: '/usr/bin:/bin', HOME: dir, PORT: '0', DATABASE_URL: url },
  stdout: 'pipe',
  stderr: 'pipe',
});
let output = '';
let errors = '';
let exitCode: number | null = null;
void server.exited.then((code) => {
  exitCode = code;
});
const failures: string[] = [];
const check = (name: string, ok: boolean) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} - ${name}`);
  if (!ok) failures.push(name);
};
// Both streams read whole as they come (a read dropped half-way would lose its chunk), stderr too: a
// failed start says why there, and this script prints it.
const readAll = async (stream: ReadableStream<Uint8Array>, add: (text: string) => void) => {
  const decoder = new TextDecoder();
  for await (const chunk of stream) add(decoder.decode(chunk, { stream: true }));
};
void readAll(server.stdout, (text) => {
  output += text;
});
void readAll(server.stderr, (text) => {
  errors += text;
});
try {
  for (let i = 0; i < 600 && exitCode === null && !/sk_[A-Za-z0-9_-]+/.test(output); i++)
    await Bun.sleep(100);
  const key = /sk_[A-Za-z0-9_-]+/.exec(output)?.[0] ?? '';
  const base = /listening on (http:\/\/[^/\s]+)/.exec(output)?.[1] ?? '';
  check('printed where it listens and a first API key', key !== '' && base !== '');
  if (key === '' || base === '')
    throw new Error(`the start did not finish (exit code ${exitCode ?? 'none yet'})`);
  const ready = (await (await fetch(`${base}/ready`)).json()) as {
    status?: string;
    database?: { engine?: string };
  };
  check(
    '/ready names postgresql and is ready',
    ready.status === 'ready' && ready.database?.engine === 'postgresql',
  );
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/v1/customers`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Smoke Kunde GmbH' }),
  });
  check('creates a customer', created.status === 200);
  const sql = postgres(url, { max: 1 });
  const rows = await sql`SELECT name FROM customers`;
  await sql.end();
  check(
    'the customer is a row in PostgreSQL',
    rows.some((r) => r.name === 'Smoke Kunde GmbH'),
  );
  const pdf = await fetch(`${base}/api/v1/documents/render`, {
    method: 'POST',
    headers: { ...headers, accept: 'application/pdf' },
    body: JSON.stringify({
      data: {
        invoice_number: 'SMOKE-PG-1',
        issue_date: '2026-11-26',
        currency: 'EUR',
        seller: { name: 'Smoke Seller' },
        buyer: { name: 'Smoke Buyer' },
        line_items: [{ name: 'Thing', quantity: '1', unit_price: '5.00' }],
      },
    }),
  });
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  check('renders a PDF', pdf.status === 200 && new TextDecoder().decode(bytes.slice(0, 5)) === '%PDF-');
  const dataFiles = existsSync(join(dir, 'data')) ? readdirSync(join(dir, 'data'), { recursive: true }) : [];
  check('no SQLite database in the data dir', !dataFiles.some((f) => String(f).endsWith('.db')));
} catch (error) {
  check(`no error (${error instanceof Error ? error.message : String(error)})`, false);
} finally {
  server.kill();
  await server.exited;
  await cluster.stop();
}
if (failures.length > 0) {
  console.error(`the service's stdout:\n${output.slice(-2000)}\nits stderr:\n${errors.slice(-4000)}`);
  process.exit(1);
}
