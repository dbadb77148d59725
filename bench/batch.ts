// A batch of N one-page invoices against the compiled executable: time to complete, peak RSS, and how the
// API answers meanwhile (/health and a simple read, sampled every 50 ms), then the ZIP download.
// Usage: npm run build && bun bench/batch.ts [dist/invoice-service] [items...]   (default 1000 10000)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const exe = resolve(process.argv[2] ?? 'dist/invoice-service');
const sizes = process.argv.length > 3 ? process.argv.slice(3).map(Number) : [1_000, 10_000];

const item = (n: number) => ({
  external_id: `INV-${String(n).padStart(5, '0')}`,
  data: {
    invoice_number: `INV-${String(n).padStart(5, '0')}`,
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    seller: {
      name: 'Lindqvist & Partner Design',
      address: { line1: 'Torstraße 112', city: 'Berlin', country: 'DE' },
    },
    buyer: {
      name: `Customer ${n}`,
      address: { line1: '14 Grand Canal Quay', city: 'Dublin', country: 'IE' },
    },
    line_items: [
      {
        name: 'Monthly subscription',
        quantity: '1',
        unit_price: '49.00',
        taxes: [{ rate: '19', category: 'S' }],
      },
      {
        name: 'Extra seats',
        quantity: String(n % 7),
        unit_price: '9.50',
        taxes: [{ rate: '19', category: 'S' }],
      },
    ],
  },
});

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN;

async function run(size: number) {
  const dir = mkdtempSync(join(tmpdir(), 'inv-bench-batch-'));
  const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' };
  const cli = (...args: string[]) => Bun.spawnSync([exe, ...args], { env });
  cli('plans', 'set', '--id', 'plan_bench', '--name', 'Bench', '--quota', '100000000', '--rps', '1000000');
  const made = cli('accounts', 'create', '--name', 'Bench', '--plan', 'plan_bench', '--json');
  const key = JSON.parse(made.stdout.toString()).api_key.api_key as string;
  const port = 19_000 + Math.floor(Math.random() * 900);
  const proc = Bun.spawn([exe, 'serve', '--port', String(port)], { env, stdout: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    await Bun.sleep(20);
  }
  const body = JSON.stringify({ items: Array.from({ length: size }, (_, n) => item(n + 1)) });
  const started = performance.now();
  const created = await fetch(`${base}/api/v1/batches`, { method: 'POST', headers, body });
  const createMs = performance.now() - started;
  const batch = ((await created.json()) as { data: { id: string } }).data;
  const health: number[] = [];
  const reads: number[] = [];
  let peak = 0;
  let status = 'queued';
  let stats = { completed_items: 0, failed_items: 0 };
  while (status === 'queued' || status === 'processing') {
    peak = Math.max(peak, rssMiB(proc.pid));
    let t = performance.now();
    await (await fetch(`${base}/health`)).arrayBuffer();
    health.push(performance.now() - t);
    t = performance.now();
    const res = await fetch(`${base}/api/v1/batches/${batch.id}`, { headers });
    const data = ((await res.json()) as { data: typeof stats & { status: string } }).data;
    reads.push(performance.now() - t);
    status = data.status;
    stats = data;
    await Bun.sleep(50);
  }
  const doneMs = performance.now() - started;
  const t = performance.now();
  const zip = await fetch(`${base}/api/v1/batches/${batch.id}/download`, { headers });
  const zipBytes = (await zip.arrayBuffer()).byteLength;
  const zipMs = performance.now() - t;
  peak = Math.max(peak, rssMiB(proc.pid));
  proc.kill('SIGTERM');
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });
  health.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  console.log(
    `${size} items: create ${createMs.toFixed(0)} ms, ${status} after ${(doneMs / 1000).toFixed(1)} s ` +
      `(${((size / doneMs) * 1000).toFixed(0)} PDFs/s, ${stats.completed_items} ok, ${stats.failed_items} failed), ` +
      `peak RSS ${peak.toFixed(0)} MiB; meanwhile /health p50 ${quantile(health, 0.5).toFixed(1)} ` +
      `p99 ${quantile(health, 0.99).toFixed(1)} max ${quantile(health, 1).toFixed(1)} ms, ` +
      `GET batch p50 ${quantile(reads, 0.5).toFixed(1)} p99 ${quantile(reads, 0.99).toFixed(1)} ms; ` +
      `ZIP ${(zipBytes / 1048576).toFixed(1)} MiB in ${zipMs.toFixed(0)} ms`,
  );
}

for (const size of sizes) await run(size);
