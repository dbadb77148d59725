// Mixed-workload load test of the compiled executable on loopback, driven by Debian's `wrk`.
// Usage: npm run build && bun bench/load.ts [dist/invoice-service] [seconds] [connections...]
//   one connection count: one run of that length; several: a sweep (one run each) to find the knee.
// Needs `wrk` (apt-get install -y wrk). Only 127.0.0.1 is ever targeted; every run is bounded by `seconds`.
// The mix and the wrk script: bench/load-mix.ts (bench/instances.ts runs the same against several instances).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorCount, ms, requireWrk, runWrk, seedMix, warmUp, writeMixScript } from './load-mix';
import { rulesCompiled, startService } from './service';

const exe = resolve(process.argv[2] ?? 'dist/invoice-service');
const seconds = Number(process.argv[3] ?? 30);
const connectionCounts = process.argv.slice(4).map(Number);
if (connectionCounts.length === 0) connectionCounts.push(8);
requireWrk();

// With RULESETS_DIR set, compliance checks run tier 2 (the official rules); the run starts only once the
// service's background rules compile is done, so it measures the compiled rules and not the compile.
const rulesetsDir = process.env.RULESETS_DIR;
// One account stands for every client here: its per-account cap on concurrent compliance checks (2 by
// default, docs/limits.md) would answer 429 to the mix's parallel checks, so the bench lifts it.
const service = await startService([exe], { COMPLIANCE_CHECKS_PER_ACCOUNT: '1000' });
if (rulesetsDir) console.log(`rules compiled in ${(await rulesCompiled(service, rulesetsDir)).toFixed(0)} s`);
const { base, key } = service;
const dir = mkdtempSync(join(tmpdir(), 'inv-bench-load-'));
const mix = await seedMix(base, key);
await warmUp(base, key, mix);
const scriptPath = writeMixScript(dir, mix, key);

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

console.log(`executable: ${exe}; mix per 10 requests: ${mix.map((m) => `${m.weight} ${m.kind}`).join(', ')}`);
for (const connections of connectionCounts) {
  const started = performance.now();
  const rss: string[] = [];
  const sampler = setInterval(() => {
    rss.push(`${((performance.now() - started) / 1000).toFixed(0)}s ${rssMiB(service.pid).toFixed(0)}`);
  }, 5000);
  const r = await runWrk(scriptPath, base, connections, seconds);
  clearInterval(sampler);
  const errors = errorCount(r);
  console.log(
    `${connections} connections, ${seconds} s: ${(r.requests / r.seconds).toFixed(0)} req/s; p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, max ${ms(r.max)}; statuses ${JSON.stringify(r.statuses)}; errors ${errors} (+${r.socket_errors} socket)`,
  );
  console.log(`  RSS MiB every 5 s: ${rss.join(', ')}`);
}

service.stop();
rmSync(dir, { recursive: true, force: true });
