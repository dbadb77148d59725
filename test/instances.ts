// The service as a separate process, the way an operator runs an instance (`src/main.ts serve`): its own
// settings (DATABASE_URL, S3_*, DATA_DIR, PORT ...) and nothing else of this process's, a random loopback
// port unless told, ready once /health answers 200; then stopped with SIGTERM or killed with SIGKILL
// (`kill -9`). Several at once share a database and a bucket through their env: the multi-instance tests.
import { rmSync } from 'node:fs';
import type { Subprocess } from 'bun';
import { SETTING_FLAGS } from '../src/config';
import { cliCommand, ROOT, TEST_SIGNING_SECRET, tempDir } from './harness';

export interface InstanceOptions {
  /** The instance's settings by env name (DATABASE_URL, S3_*, JOB_LEASE_SECONDS ...); they win over the defaults. */
  env?: Record<string, string>;
  /** Its data dir (a restart on the same one, or one a test prepared); default a fresh temp dir. */
  dataDir?: string;
  /** PORT; default 0, the kernel's choice, read from the line it prints. */
  port?: number;
  /** How long start-up may take until /health answers (default 30 s). */
  startMs?: number;
}

export interface Instance {
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  url: string;
  dataDir: string;
  pid: number;
  /** What it printed on stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in its output, waiting for it (e.g. the first start's key). */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** The API key a first start on an empty database prints (null if it printed none). */
  apiKey(): string | null;
  running(): boolean;
  /** Sends the signal (default SIGTERM, a graceful stop) and resolves once the process is gone. */
  kill(signal?: 'SIGTERM' | 'SIGKILL'): Promise<{ code: number | null; signal: Subprocess['signalCode'] }>;
  /** Kills it if still running, and removes the data dir if it was a fresh one made for it. */
  dispose(): Promise<void>;
}

/** The service's own setting names, and the AWS names it reads as fallbacks: never inherited from this process. */
const SERVICE_ENV = new Set([
  ...SETTING_FLAGS.map((flag) => flag.toUpperCase().replaceAll('-', '_')),
  'DATABASE_URL',
  'AWS_ENDPOINT_URL',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
]);

/** Instances still running, killed if the test process exits without disposing of them. */
const live = new Set<Subprocess>();
process.on('exit', () => {
  for (const proc of live) proc.kill('SIGKILL');
});

export async function startInstance(options: InstanceOptions = {}): Promise<Instance> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir('inv-instance-');
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SERVICE_ENV.has(name)),
  );
  const proc = Bun.spawn([...cliCommand(), 'serve'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      LOG_LEVEL: 'warn',
      // Every instance of one installation seals and signs with the same secret (docs: several instances).
      SIGNING_SECRET: TEST_SIGNING_SECRET,
      // Compiling the rule pack costs minutes of CPU per fresh data dir; the instance runs its pack's own SEF.
      RULESETS_COMPILE: 'off',
      ...options.env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  live.add(proc);
  let printed = '';
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) printed += decoder.decode(chunk, { stream: true });
  };
  // Both pipes read to the end, always: a full pipe would block the instance's next write.
  const drained = Promise.all([drain(proc.stdout), drain(proc.stderr)]);
  const exited = proc.exited.then(async () => {
    live.delete(proc);
    await drained;
  });
  const running = () => proc.exitCode === null && proc.signalCode === null;

  const waitFor = async (pattern: RegExp, ms = 30_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const match = pattern.exec(printed);
      if (match) return match;
      if (!running()) {
        await exited;
        const late = pattern.exec(printed);
        if (late) return late;
        throw new Error(
          `instance exited (${proc.exitCode ?? proc.signalCode}) before ${pattern}:\n${printed}`,
        );
      }
      if (Date.now() > deadline) throw new Error(`instance printed no ${pattern} in ${ms} ms:\n${printed}`);
      await Bun.sleep(10);
    }
  };
  const kill: Instance['kill'] = async (signal = 'SIGTERM') => {
    if (running()) proc.kill(signal);
    await exited;
    return { code: proc.exitCode, signal: proc.signalCode };
  };
  const dispose = async () => {
    await kill('SIGKILL');
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const startMs = options.startMs ?? 30_000;
    const url = (await waitFor(/listening on (http:\/\/\S+)/, startMs))[1] as string;
    const deadline = Date.now() + startMs;
    while (
      !(await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (!running() || Date.now() > deadline)
        throw new Error(`instance at ${url} never answered /health:\n${printed}`);
      await Bun.sleep(20);
    }
    return {
      url,
      dataDir,
      pid: proc.pid,
      output: () => printed,
      waitFor,
      apiKey: () => /API key, shown only now[^:]*: (sk_[A-Za-z0-9_-]+)/.exec(printed)?.[1] ?? null,
      running,
      kill,
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Polls `check` until it holds; fails naming `what` (a function: read when it fails) after `ms`. */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string | (() => string),
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await Bun.sleep(10);
  }
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** One API call to an instance with `key` (JSON in and out). */
export async function callInstance(
  on: Instance,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  /** Gives up after this long (the fetch rejects with a TimeoutError): a request must never hang. */
  timeoutMs?: number,
): Promise<Answer> {
  const res = await fetch(`${on.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text), headers: res.headers };
}

/**
 * One POST with one Idempotency-Key sent to every instance at once. `ran`: the answers that ran it (not
 * replayed); `settled`: each instance's final answer, a 409 (the key's first request still running) retried
 * as a client does until it is replayed.
 */
export async function postOnEvery(
  instances: Instance[],
  key: string,
  path: string,
  body: unknown,
  idempotencyKey: string,
): Promise<{ ran: Answer[]; settled: Answer[] }> {
  const headers = { 'idempotency-key': idempotencyKey };
  const post = (on: Instance) => callInstance(on, key, 'POST', path, body, headers);
  const answers = await Promise.all(instances.map(post));
  const ran = answers.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
  const settled = await Promise.all(
    answers.map(async (answer, i) => {
      let last = answer;
      while (last.status === 409) last = await post(instances[i] as Instance);
      return last;
    }),
  );
  return { ran, settled };
}
