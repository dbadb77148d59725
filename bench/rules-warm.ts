// Checks of the large Peppol invoice (rules-large.ts) one after another on one fresh executable, each with
// the service's CPU time per kind of thread (its rules workers, JavaScriptCore's JIT and GC threads, the
// main thread; from /proc/<pid>/task): how many checks it takes the JIT to settle, what a warm check costs,
// and what the second worker's priming costs when the next check comes at once or after a pause.
// Usage: bun bench/rules-warm.ts [dist/invoice-service] [lines=1000] [checks=8] [pause ms between checks=0]
// (10,000 lines: a 14 MB body; MAX_BODY_BYTES is raised to 20 MiB here.) ONE_LINE=1: the invoice on one line.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { largePeppolInvoice } from './rules-large';
import { startService } from './service';

const target = resolve(process.argv[2] ?? 'dist/invoice-service');
const lines = Number(process.argv[3] ?? 1000);
const checks = Number(process.argv[4] ?? 8);
const pause = Number(process.argv[5] ?? 0);
// ONE_LINE=1: the same invoice on one line (no whitespace between tags), as many senders write theirs.
const indented = largePeppolInvoice(resolve(join(import.meta.dir, '../../shared/rulesets')), lines);
const xml = process.env.ONE_LINE === '1' ? indented.replace(/>\s+</g, '><') : indented;

const env = { ...process.env };
delete env.RULESETS_DIR;
process.env = env;

/** CPU seconds (utime + stime) of each thread of the process, by thread id and name. */
function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(`${tid}:${name}`, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {}
  }
  return out;
}

const service = await startService([target], {
  COMPLIANCE_TIME_LIMIT_SECONDS: '600',
  MAX_BODY_BYTES: '20971520',
});
console.log(`${target}, ${lines} lines, ${checks} checks, ${pause} ms between them`);
/** Each answer's digest: a check split over two workers must answer what a whole one does. */
const answers = new Set<string>();
for (let i = 1; i <= checks; i++) {
  const before = threads(service.pid);
  const started = performance.now();
  const res = await fetch(`${service.base}/api/v1/documents/validate-compliance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ profile: 'peppol_bis_billing_3', xml }),
  });
  const text = await res.text();
  const body = JSON.parse(text) as {
    data?: { fully_checked: boolean; valid?: boolean; violations?: unknown };
  };
  // The verdict and findings (in order), not what differs per request.
  const verdict = JSON.stringify([body.data?.valid, body.data?.fully_checked, body.data?.violations ?? text]);
  const answer = createHash('sha256').update(verdict).digest('hex').slice(0, 12);
  answers.add(answer);
  const wall = (performance.now() - started) / 1000;
  const byKind = new Map<string, number>();
  let total = 0;
  // The busiest thread's CPU: what the check's wall time comes down to on idle cores (its parts in two
  // workers run side by side; one worker's CPU is the check's whole critical path).
  let busiest = 0;
  for (const [key, cpu] of threads(service.pid)) {
    const used = cpu - (before.get(key) ?? 0);
    if (used <= 0) continue;
    total += used;
    busiest = Math.max(busiest, used);
    // Thread names without their numbers: "Worker", "JITWorker", "HeapHelper", the main thread's...
    const kind = (key.split(':')[1] ?? '').replace(/\d+$/, '');
    byKind.set(kind, (byKind.get(kind) ?? 0) + used);
  }
  const status = readFileSync(`/proc/${service.pid}/status`, 'utf8');
  const peak = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  const rss = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const kinds = [...byKind]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([kind, cpu]) => `${kind} ${cpu.toFixed(2)}`)
    .join(', ');
  console.log(
    `check ${i}: wall ${wall.toFixed(2)} s, CPU ${total.toFixed(2)} s (${kinds}), busiest thread ${busiest.toFixed(2)} s, ${res.status} fully checked ${body.data?.fully_checked}, answer ${answer}, RSS ${rss} MiB (peak ${peak}), load ${load}`,
  );
  if (pause > 0 && i < checks) await Bun.sleep(pause);
}
console.log(`answers: ${answers.size === 1 ? 'all identical' : `${answers.size} different`}`);
service.stop();
process.exit(0);
