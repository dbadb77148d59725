// Where a PDF's CPU goes over HTTP, per thread of the service: the realistic German invoice (A4) posted to
// POST /documents/render at a fixed concurrency, CPU of each thread of the server process (request thread,
// render workers, JIT, GC and allocator threads, from /proc/PID/task) divided by the PDFs made. Several
// executables (or `src/main.ts` of several checkouts) are measured in alternation, each against a server
// of its own started once, so that the machine's load hurts them alike.
// Usage: bun bench/render-threads.ts <lines> <PDFs a round> <rounds> <exe-or-main.ts>...
// (EACH_ROUND=1 prints every round's figures too: whether the JIT threads settle.)
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { germanInvoice } from './fixtures/german-invoice';
import { type BenchService, startService } from './service';

const lines = Number(process.argv[2] ?? 20);
const perRound = Number(process.argv[3] ?? 1000);
const rounds = Number(process.argv[4] ?? 3);
const targets = process.argv.slice(5).map((p) => resolve(p));
if (targets.length === 0) throw new Error('name at least one executable or src/main.ts');
const CONCURRENCY = 2;
const CLOCK_TICKS = 100;

/** CPU seconds of each thread of `pid`, by thread name (threads of one name summed). */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
      // The request thread is the one whose id is the process's.
      const key = tid === String(pid) ? 'request thread' : name;
      out.set(key, (out.get(key) ?? 0) + seconds);
    } catch {
      // the thread ended while we read
    }
  }
  return out;
}

const input = germanInvoice(lines);
const body = JSON.stringify({
  document_type: 'invoice',
  data: { ...input.data, locale: 'de-DE' },
  output: { delivery: 'binary', page_size: input.pageSize },
});

async function burst(service: BenchService, count: number): Promise<number> {
  let size = 0;
  let left = count;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const res = await fetch(`${service.base}/api/v1/documents/render`, {
          method: 'POST',
          headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
          body,
        });
        if (res.status !== 200) throw new Error(`HTTP ${res.status} ${await res.text()}`);
        size = (await res.arrayBuffer()).byteLength;
      }
    }),
  );
  return size;
}

const services: BenchService[] = [];
for (const target of targets) {
  const service = await startService(target.endsWith('.ts') ? ['bun', target] : [target], {});
  services.push(service);
  await burst(service, 400);
}
process.on('exit', () => {
  for (const s of services) s.stop();
});

const totals = targets.map(() => ({ threads: new Map<string, number>(), pdfs: 0, wall: 0, size: 0 }));
for (let round = 0; round < rounds; round++) {
  for (const [i, service] of services.entries()) {
    const total = totals[i] as (typeof totals)[number];
    const before = threadCpu(service.pid);
    const started = performance.now();
    total.size = await burst(service, perRound);
    total.wall += (performance.now() - started) / 1000;
    total.pdfs += perRound;
    const after = threadCpu(service.pid);
    for (const [name, seconds] of after)
      total.threads.set(name, (total.threads.get(name) ?? 0) + seconds - (before.get(name) ?? 0));
    if (process.env.EACH_ROUND) {
      const parts = [...after]
        .map(([name, s]) => [name, ((s - (before.get(name) ?? 0)) * 1000) / perRound] as const)
        .filter(([, ms]) => ms > 0.05)
        .map(([name, ms]) => `${name} ${ms.toFixed(2)}`);
      console.log(`round ${round + 1}, ${targets[i]}: ${parts.join(', ')}`);
    }
  }
}
console.log(
  `${lines} lines, ${rounds} rounds of ${perRound} PDFs at concurrency ${CONCURRENCY}; load ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
for (const [i, target] of targets.entries()) {
  const total = totals[i] as (typeof totals)[number];
  const perPdf = (s: number) => ((s * 1000) / total.pdfs).toFixed(2);
  const all = [...total.threads.values()].reduce((a, b) => a + b, 0);
  const parts = [...total.threads.entries()]
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, s]) => `${name} ${perPdf(s)}`);
  console.log(
    `${target}: ${(total.pdfs / total.wall).toFixed(1)} PDF/s, CPU ${perPdf(all)} ms a PDF, ${(total.size / 1024).toFixed(0)} KiB; ${parts.join(', ')}`,
  );
}
for (const s of services) s.stop();
