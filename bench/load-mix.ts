// The load test's mixed workload (bench/load.ts, bench/instances.ts): the data it reads, the mix of requests,
// the wrk script that sends them and one wrk run against one base URL.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface MixEntry {
  kind: string;
  method: string;
  path: string;
  body?: unknown;
  weight: number;
}

export interface WrkResult {
  requests: number;
  seconds: number;
  /** Latency percentiles and maximum, in microseconds (wrk's). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  socket_errors: number;
  statuses: Record<string, number>;
  /** wrk's own CPU (user + system), in seconds: the client shares the cores with what it measures. */
  cpu_seconds: number;
}

/** Makes what the mix reads on the service at `base` (a seller, 50 customers, a numbering sequence, one stored document); the mix. */
export async function seedMix(base: string, key: string): Promise<MixEntry[]> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: { id: string } };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  // A seller, 50 customers (a list page has something to read) and one stored document to read back.
  const profile = await api('POST', '/api/v1/business-profiles', {
    legal_name: 'Lindqvist & Partner Design GmbH',
    address: { line1: 'Torstraße 112', city: 'Berlin', country: 'DE' },
  });
  let customerId = '';
  for (let i = 0; i < 50; i++) {
    customerId = (
      await api('POST', '/api/v1/customers', {
        name: `Customer ${i} Ltd`,
        email: `ap${i}@customer.example`,
        billing_address: { line1: `${i} Main St`, city: 'Dublin', country: 'IE' },
      })
    ).id;
  }
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: `Service line ${i + 1}`,
      quantity: String((i % 5) + 1),
      unit_price: `${(i * 7.5 + 19.99).toFixed(2)}`,
      taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
    }));
  const sequence = await api('POST', '/api/v1/numbering-sequences', {
    name: 'Load',
    prefix: 'LD-',
    pattern: '{NNNNNNNN}',
  });
  const documentBody = {
    numbering_sequence_id: sequence.id,
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    business_profile_id: profile.id,
    customer_id: customerId,
    line_items: lines(5),
  };
  const stored = await api('POST', '/api/v1/documents', documentBody);
  // Complete for EN 16931 (tax scheme, references, electronic addresses, bank account), so that with a rule
  // pack the compliance request runs the whole of tier 2 (XML, XSD, the official Schematron), not only tier 1.
  const invoiceData = {
    invoice_number: 'LOAD-0001',
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    tax_scheme: 'VAT',
    buyer_reference: 'PO-4711',
    seller: {
      name: 'Lindqvist & Partner Design GmbH',
      tax_id: 'DE123456789',
      email: 'billing@lindqvist.example',
      address: { line1: 'Torstraße 112', city: 'Berlin', postal_code: '10119', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    },
    buyer: {
      name: 'Harbour & Finch Ltd',
      tax_id: 'IE6388047V',
      address: { line1: '14 Grand Canal Quay', city: 'Dublin', postal_code: 'D02', country: 'IE' },
      electronic_address: { scheme: '9935', value: 'IE6388047V' },
    },
    payment: {
      instructions: 'SEPA credit transfer',
      bank_account: { account_number: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    },
    line_items: lines(20),
  };

  // The mix, in tenths: reads dominate, as in a real integration; every tenth request renders a 20-line PDF.
  const mix: MixEntry[] = [
    { kind: 'get_document', method: 'GET', path: `/api/v1/documents/${stored.id}`, weight: 4 },
    { kind: 'list_customers', method: 'GET', path: '/api/v1/customers?limit=20', weight: 2 },
    { kind: 'create_document', method: 'POST', path: '/api/v1/documents', body: documentBody, weight: 2 },
    {
      kind: 'render',
      method: 'POST',
      path: '/api/v1/documents/render',
      body: { document_type: 'invoice', data: invoiceData, output: { delivery: 'binary', page_size: 'A4' } },
      weight: 1,
    },
    {
      kind: 'compliance',
      method: 'POST',
      path: '/api/v1/documents/validate-compliance',
      body: { profile: 'factur_x_en16931', document_type: 'invoice', data: invoiceData },
      weight: 1,
    },
  ];
  return mix;
}

/**
 * Sends each entry of the mix to `base`, in `passes` concurrent passes: a broken one fails before the run, and
 * the instance has loaded what the mix needs (the renderer, the rules, in each of its workers) before it is
 * measured. Prints what the compliance check ran.
 */
export async function warmUp(base: string, key: string, mix: MixEntry[], passes = 1): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const send = async (entry: MixEntry) => {
    const res = await fetch(`${base}${entry.path}`, {
      method: entry.method,
      headers,
      body: entry.body ? JSON.stringify(entry.body) : undefined,
    });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${entry.kind} answered ${res.status} before the run`);
    return body;
  };
  const pass = async () => {
    for (const entry of mix) await send(entry);
  };
  await Promise.all(Array.from({ length: passes }, pass));
  const compliance = mix.find((entry) => entry.kind === 'compliance');
  if (compliance) {
    const { data } = JSON.parse(new TextDecoder().decode(await send(compliance)));
    const ran = data.rulesets.filter((r: { ran: boolean }) => r.ran).map((r: { id: string }) => r.id);
    console.log(
      `compliance: valid ${data.valid}, fully checked ${data.fully_checked}, ran ${ran.join(', ')}`,
    );
  }
}

const luaString = (text: string) => `[==[${text}]==]`;

/** Writes the wrk script that sends `mix` (by weight, from a random start per thread) into `dir`; its path. */
export function writeMixScript(dir: string, mix: MixEntry[], key: string): string {
  const requests = mix.flatMap((entry) => Array.from({ length: entry.weight }, () => entry));
  // Requests are formatted in init(): before it, wrk has not set the Host header that wrk.format copies.
  const script = `
local reqs = {}
function build()
${requests
  .map(
    (entry, i) =>
      `reqs[${i + 1}] = wrk.format(${luaString(entry.method)}, ${luaString(entry.path)}, {["Authorization"] = ${luaString(
        `Bearer ${key}`,
      )}, ["Content-Type"] = "application/json"}, ${entry.body ? luaString(JSON.stringify(entry.body)) : 'nil'})`,
  )
  .join('\n')}
end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) build(); i = math.random(#reqs) - 1; statuses = {} end
function request() i = i + 1; return reqs[(i % #reqs) + 1] end
function response(status) statuses[status] = (statuses[status] or 0) + 1 end
function done(summary, latency, requests)
  local all = {}
  for _, t in ipairs(threads) do
    for status, n in pairs(t:get("statuses")) do all[status] = (all[status] or 0) + n end
  end
  local parts = {}
  for status, n in pairs(all) do table.insert(parts, string.format('"%d": %d', status, n)) end
  io.write(string.format('RESULT {"requests": %d, "seconds": %f, "p50": %d, "p95": %d, "p99": %d, "max": %d, "socket_errors": %d, "statuses": {%s}}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    latency.max, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    table.concat(parts, ", ")))
end
`;
  const path = join(dir, 'mix.lua');
  writeFileSync(path, script);
  return path;
}

/** One wrk run (one thread, `connections` keep-alive connections, closed loop) of the script against `base`. */
export async function runWrk(
  script: string,
  base: string,
  connections: number,
  seconds: number,
): Promise<WrkResult> {
  const wrk = Bun.spawn(
    ['wrk', '-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '5s', '-s', script, base],
    { stdout: 'pipe', stderr: 'inherit' },
  );
  const output = await new Response(wrk.stdout).text();
  await wrk.exited;
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const cpu = Number(wrk.resourceUsage()?.cpuTime.total ?? 0) / 1e6;
  return { ...(JSON.parse(line.slice(7)) as Omit<WrkResult, 'cpu_seconds'>), cpu_seconds: cpu };
}

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** utime, stime, cutime, cstime and ppid of /proc/<pid>/stat (null once the process is gone). */
function procStat(
  pid: number,
  path = `/proc/${pid}/stat`,
): { own: number; reaped: number; ppid: number } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]);
  return { own: at(14) + at(15), reaped: at(16) + at(17), ppid: at(4) };
}

/**
 * CPU seconds of each thread of a process so far, by thread id, with its name (`comm`: `bun` for the main
 * thread, JSC's `JITWorker` and `HeapHelper`, a worker's own name): where an instance's CPU goes.
 */
export function threadCpu(pid: number): Map<string, { name: string; seconds: number }> {
  const threads = new Map<string, { name: string; seconds: number }>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const stat = procStat(Number(tid), `/proc/${pid}/task/${tid}/stat`);
      if (stat !== null) threads.set(tid, { name, seconds: stat.own / TICKS });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** The CPU between two `threadCpu` readings by thread name, the most first (threads ended between: `ended`). */
export function threadCpuBetween(
  before: Map<string, { name: string; seconds: number }>,
  after: Map<string, { name: string; seconds: number }>,
  total: number,
): [string, number][] {
  const byName = new Map<string, number>();
  let counted = 0;
  for (const [tid, thread] of after) {
    const used = thread.seconds - (before.get(tid)?.seconds ?? 0);
    byName.set(thread.name, (byName.get(thread.name) ?? 0) + used);
    counted += used;
  }
  if (total - counted > 0.05) byName.set('ended', total - counted);
  return [...byName].sort((a, b) => b[1] - a[1]);
}

/**
 * CPU seconds a process and its children used so far: its own threads (a Bun instance's workers included),
 * the children it reaped, and those still running (PostgreSQL's backends under the postmaster). The
 * difference of two readings is the CPU between them, children that ended in between included.
 */
export function cpuSeconds(pid: number): number {
  const root = procStat(pid);
  if (root === null) return 0;
  let ticks = root.own + root.reaped;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const child = procStat(Number(name));
    if (child !== null && child.ppid === pid) ticks += child.own;
  }
  return ticks / TICKS;
}

/** Responses >= 400 in a run. */
export const errorCount = (r: WrkResult) =>
  Object.entries(r.statuses)
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, n]) => sum + n, 0);

export const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;

export function requireWrk(): void {
  if (Bun.spawnSync(['wrk', '--version']).exitCode === null)
    throw new Error('wrk not found: apt-get install -y wrk');
}
