// PDFs per second over HTTP from the compiled executable, at 1 and 2 render workers.
// Usage: npm run build && bun bench/render-http.ts [dist/invoice-service] [seconds] [concurrency]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const exe = resolve(process.argv[2] ?? 'dist/invoice-service');
const seconds = Number(process.argv[3] ?? 8);
const concurrency = Number(process.argv[4] ?? 8);

const lines = Array.from({ length: 20 }, (_, i) => ({
  name: `Service line ${i + 1}`,
  quantity: String((i % 5) + 1),
  unit_price: `${(i * 7.5 + 19.99).toFixed(2)}`,
  taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
}));
const body = JSON.stringify({
  document_type: 'invoice',
  data: {
    invoice_number: 'BENCH-0001',
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    seller: {
      name: 'Lindqvist & Partner Design',
      address: { line1: 'Torstraße 112', city: 'Berlin', country: 'DE' },
    },
    buyer: {
      name: 'Harbour & Finch Ltd',
      address: { line1: '14 Grand Canal Quay', city: 'Dublin', country: 'IE' },
    },
    line_items: lines,
  },
  output: { delivery: 'binary', page_size: 'A4' },
});

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

async function run(workers: number) {
  const dir = mkdtempSync(join(tmpdir(), 'inv-bench-http-'));
  const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' };
  Bun.spawnSync(
    [
      exe,
      'plans',
      'set',
      '--id',
      'plan_bench',
      '--name',
      'Bench',
      '--quota',
      '100000000',
      '--rps',
      '1000000',
    ],
    { env },
  );
  const made = Bun.spawnSync(
    [exe, 'accounts', 'create', '--name', 'Bench', '--plan', 'plan_bench', '--json'],
    { env },
  );
  const key = JSON.parse(made.stdout.toString()).api_key.api_key as string;
  const port = 19_000 + Math.floor(Math.random() * 900);
  const proc = Bun.spawn([exe, 'serve', '--port', String(port)], {
    env: { ...env, RENDER_WORKERS: String(workers) },
    stdout: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/api/v1/documents/render`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {}
    await Bun.sleep(20);
  }
  for (let i = 0; i < 20; i++) await (await fetch(url, { method: 'POST', headers, body })).arrayBuffer(); // warm
  const latencies: number[] = [];
  let peak = 0;
  const deadline = performance.now() + seconds * 1000;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(proc.pid))), 100);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        const res = await fetch(url, { method: 'POST', headers, body });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  clearInterval(sampler);
  proc.kill('SIGTERM');
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]?.toFixed(1);
  console.log(
    `${workers} worker(s), ${concurrency} clients, ${seconds}s: ${(latencies.length / seconds).toFixed(1)} PDFs/s, ` +
      `median ${at(0.5)} ms, p95 ${at(0.95)} ms, peak RSS ${peak.toFixed(0)} MiB (server incl. workers)`,
  );
}

await run(1);
await run(2);
