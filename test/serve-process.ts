// `serve` as its own process, as an operator runs it: for tests of crashes (kill -9) and of several
// instances on one database.
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { ROOT } from './harness';

export interface ServedProcess {
  proc: Subprocess<'ignore', 'pipe', 'inherit'>;
  /** Where it listens: `http://127.0.0.1:<port>`. */
  base: string;
}

/** `serve` on a port the kernel picks (never one taken by chance); resolves once it says where it listens. */
export async function serveProcess(env: Record<string, string>): Promise<ServedProcess> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], {
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = proc.stdout.getReader();
  let output = '';
  while (!/listening on (\S+)/.test(output)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${output}`);
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  void proc.stdout.pipeTo(new WritableStream()); // keep draining what it prints later
  return { proc, base: /listening on (\S+)/.exec(output)?.[1] ?? '' };
}

/** Polls `check` until it holds; fails naming `what` after `ms`. */
export async function waitUntil(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}
