// Start-up to the first /health 200 of the compiled executable, and its idle memory.
// Usage: npm run build && bun bench/startup.ts [dist/invoice-service] [runs]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const exe = resolve(process.argv[2] ?? 'dist/invoice-service');
const runs = Number(process.argv[3] ?? 10);
// Idle RSS is read after the service's own clean-up at 1 s (a full GC of start-up's garbage) has run.
const IDLE_MS = 2000;
const port = 18_900 + Math.floor(Math.random() * 500);

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function once(dataDir: string): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const proc = Bun.spawn([exe, 'serve', '--port', String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  let ms = 0;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.status === 200) {
        ms = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 10_000) throw new Error('no /health within 10 s');
    await Bun.sleep(1);
  }
  await Bun.sleep(IDLE_MS);
  const rss = rssMiB(proc.pid);
  proc.kill('SIGTERM');
  await proc.exited;
  return { ms, rss };
}

// The executable's pages in the page cache change RssFile by several MiB for the same bytes (a freshly
// written file maps more of its neighbours per touched page than one read back): drop it and read it back
// whole first, so every run and every build is measured alike (bench/idle-memory.ts says more).
if (Bun.spawnSync(['dd', `if=${exe}`, 'iflag=nocache', 'count=0', 'status=none']).exitCode !== 0)
  throw new Error(`could not drop ${exe} from the page cache`);
await Bun.file(exe).arrayBuffer();

const dir = mkdtempSync(join(tmpdir(), 'inv-bench-'));
// A fresh data dir each time: the database created and migrated, the first account and key made.
const freshRuns: { ms: number; rss: number }[] = [];
for (let i = 0; i < runs; i++) freshRuns.push(await once(join(dir, `fresh-${i}`)));
const warm: { ms: number; rss: number }[] = [];
for (let i = 0; i < runs; i++) warm.push(await once(join(dir, 'fresh-0')));
rmSync(dir, { recursive: true, force: true });
const sorted = warm.map((r) => r.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
const freshMs = freshRuns.map((r) => r.ms).sort((a, b) => a - b);
const freshRss = freshRuns.map((r) => r.rss).sort((a, b) => a - b);
const mid = Math.floor(runs / 2);
console.log(
  `fresh data dir (${runs} runs): median ${freshMs[mid]?.toFixed(1)} ms to /health 200, min ${freshMs[0]?.toFixed(1)}, max ${freshMs.at(-1)?.toFixed(1)}; idle RSS median ${freshRss[mid]?.toFixed(1)} MiB`,
);
console.log(
  `existing data dir (${runs} runs): median ${median.toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; idle RSS median ${warm
    .map((r) => r.rss)
    .sort((a, b) => a - b)
    [Math.floor(runs / 2)]?.toFixed(1)} MiB`,
);
