// Starts the service (the executable, or `bun src/main.ts`) on a fresh data dir and a random loopback port
// for a benchmark, with an account on a plan whose quota and rate the bench never reaches.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchService {
  base: string;
  key: string;
  dataDir: string;
  pid: number;
  stop(): void;
}

export async function startService(
  command: string[],
  extraEnv: Record<string, string> = {},
): Promise<BenchService> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'inv-bench-')), 'data');
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  const cli = (...args: string[]) => {
    const done = Bun.spawnSync([...command, ...args], { env });
    if (done.exitCode !== 0) throw new Error(`${args.join(' ')}: ${done.stderr.toString()}`);
    return done.stdout.toString();
  };
  // Quota and rate far above what a run reaches: a 429 would be a finding, not intended throttling.
  cli('plans', 'set', '--id', 'plan_bench', '--name', 'Bench', '--quota', '100000000', '--rps', '1000000');
  const key = JSON.parse(cli('accounts', 'create', '--name', 'Bench', '--plan', 'plan_bench', '--json'))
    .api_key.api_key as string;
  const port = 19_000 + Math.floor(Math.random() * 900);
  const base = `http://127.0.0.1:${port}`;
  const server = Bun.spawn([...command, 'serve', '--port', String(port)], {
    env,
    stdout: 'ignore',
    stderr: 'inherit',
  });
  // An error anywhere in the bench must not leave the server running.
  process.on('exit', () => server.kill('SIGKILL'));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    if (i > 250) throw new Error('server did not start');
    await Bun.sleep(20);
  }
  return { base, key, dataDir, pid: server.pid, stop: () => server.kill('SIGTERM') };
}

/**
 * Waits until the service's background rules compile has filled the SEF cache (one file per ruleset of the
 * pack that has an XSLT), so that a measurement neither competes with it nor runs on the pack's slower SEFs.
 */
export async function rulesCompiled(
  service: BenchService,
  rulesetsDir: string,
  timeoutS = 300,
): Promise<number> {
  const manifest = JSON.parse(readFileSync(join(rulesetsDir, 'manifest.json'), 'utf8')) as {
    rulesets: { xslt?: string }[];
  };
  const expected = manifest.rulesets.filter((r) => r.xslt).length;
  const cache = join(service.dataDir, 'cache', 'sef');
  const started = performance.now();
  const count = () =>
    existsSync(cache) ? readdirSync(cache).filter((f) => f.endsWith('.sef.json')).length : 0;
  while (count() < expected) {
    if (performance.now() - started > timeoutS * 1000) throw new Error('the rules compile did not finish');
    await Bun.sleep(500);
  }
  return (performance.now() - started) / 1000;
}
