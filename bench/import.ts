// 100,000 customer rows through POST /imports (validate) and confirm (background commit), against a real
// server process: time for each step, /health latency while the import commits, peak RSS of the server.
// Usage: bun bench/import.ts [rows] [json|csv] [server command...]   (default: bun src/main.ts, i.e. source)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const rows = Number(process.argv[2] ?? 100_000);
const format = (process.argv[3] ?? 'json') as 'json' | 'csv';
const command = process.argv.length > 4 ? process.argv.slice(4) : [process.execPath, resolve('src/main.ts')];

const COUNTRIES = ['DE', 'FR', 'GB', 'IE', 'NL', 'AT'];
/** Deterministic rows shaped like a CRM export; every 50th has an invalid email, to be reported. */
const customer = (i: number) => ({
  name: `Customer ${i} GmbH`,
  email: i % 50 === 49 ? `not-an-email-${i}` : `billing+${i}@customer-${i % 997}.example`,
  tax_id: `DE${String(100_000_000 + i)}`,
  billing_address: {
    line1: `${(i % 200) + 1} Example Street`,
    city: 'Berlin',
    postal_code: String(10_000 + (i % 89_999)),
    country: COUNTRIES[i % COUNTRIES.length] as string,
  },
});

function body(): string {
  if (format === 'json') {
    return JSON.stringify({
      source_format: 'json',
      data: Array.from({ length: rows }, (_, i) => customer(i)),
    });
  }
  const head =
    'name,email,tax_id,billing_address.line1,billing_address.city,billing_address.postal_code,billing_address.country';
  const lines = Array.from({ length: rows }, (_, i) => {
    const c = customer(i);
    const a = c.billing_address;
    return [c.name, c.email, c.tax_id, a.line1, a.city, a.postal_code, a.country].join(',');
  });
  // The whole file as one string: the smallest body for a large CSV.
  return JSON.stringify({ source_format: 'csv', data: [[head, ...lines].join('\n')] });
}

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

const dir = mkdtempSync(join(tmpdir(), 'inv-bench-import-'));
const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', MAX_BODY_BYTES: String(64 * 1024 * 1024) };
const cli = (args: string[]) => Bun.spawnSync([...command, ...args], { env }).stdout.toString();
cli(['plans', 'set', '--id', 'plan_bench', '--name', 'Bench', '--quota', '1000', '--rps', '1000000']);
const key = JSON.parse(cli(['accounts', 'create', '--name', 'Bench', '--plan', 'plan_bench', '--json']))
  .api_key.api_key as string;
const port = 19_000 + Math.floor(Math.random() * 900);
const proc = Bun.spawn([...command, 'serve', '--port', String(port)], { env, stdout: 'ignore' });
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {}
  await Bun.sleep(20);
}

let peak = rssMiB(proc.pid);
const idle = peak;
const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(proc.pid))), 20);
const payload = body();

let started = performance.now();
const created = await fetch(`${base}/api/v1/imports`, { method: 'POST', headers, body: payload });
const imp = ((await created.json()) as { data: Record<string, unknown> }).data;
const createMs = performance.now() - started;
const createPeak = peak;
peak = rssMiB(proc.pid);
if (created.status !== 200) throw new Error(`create answered ${created.status}: ${JSON.stringify(imp)}`);

started = performance.now();
const confirmed = await fetch(`${base}/api/v1/imports/${imp.id}/confirm`, { method: 'POST', headers });
const confirmAnswerMs = performance.now() - started;
const status = ((await confirmed.json()) as { data: { status: string } }).data.status;
const health: number[] = [];
let final: Record<string, unknown> = {};
for (;;) {
  const t = performance.now();
  await (await fetch(`${base}/health`)).arrayBuffer();
  health.push(performance.now() - t);
  final = (
    (await (await fetch(`${base}/api/v1/imports/${imp.id}`, { headers })).json()) as typeof final & {
      data: Record<string, unknown>;
    }
  ).data as Record<string, unknown>;
  if (final.status !== 'processing') break;
  await Bun.sleep(10);
}
const confirmMs = performance.now() - started;
clearInterval(sampler);
proc.kill('SIGTERM');
await proc.exited;
rmSync(dir, { recursive: true, force: true });

health.sort((a, b) => a - b);
const at = (q: number) => health[Math.floor(q * (health.length - 1))]?.toFixed(1);
console.log(
  `${rows} customer rows (${format}, body ${(payload.length / 1024 / 1024).toFixed(1)} MiB): ` +
    `create ${(createMs / 1000).toFixed(2)} s (${imp.failed_rows} row errors); ` +
    `confirm answered ${confirmAnswerMs.toFixed(0)} ms (${status}), ${final.status} after ${(confirmMs / 1000).toFixed(2)} s ` +
    `(${final.imported_rows} imported); /health while committing: p50 ${at(0.5)} / p99 ${at(0.99)} / max ${at(1)} ms ` +
    `(${health.length} probes); server RSS idle ${idle.toFixed(0)} MiB, peak ${createPeak.toFixed(0)} MiB ` +
    `during create, ${peak.toFixed(0)} MiB while committing`,
);
