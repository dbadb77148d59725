// Mixed-workload load test of the compiled executable on loopback, driven by Debian's `wrk`.
// Usage: npm run build && bun bench/load.ts [dist/invoice-service] [seconds] [connections...]
//   one connection count: one run of that length; several: a sweep (one run each) to find the knee.
// Needs `wrk` (apt-get install -y wrk). Only 127.0.0.1 is ever targeted; every run is bounded by `seconds`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rulesCompiled, startService } from './service';

const exe = resolve(process.argv[2] ?? 'dist/invoice-service');
const seconds = Number(process.argv[3] ?? 30);
const connectionCounts = process.argv.slice(4).map(Number);
if (connectionCounts.length === 0) connectionCounts.push(8);
if (Bun.spawnSync(['wrk', '--version']).exitCode === null)
  throw new Error('wrk not found: apt-get install -y wrk');

// With RULESETS_DIR set, compliance checks run tier 2 (the official rules); the run starts only once the
// service's background rules compile is done, so it measures the compiled rules and not the compile.
const rulesetsDir = process.env.RULESETS_DIR;
// One account stands for every client here: its per-account cap on concurrent compliance checks (2 by
// default, docs/limits.md) would answer 429 to the mix's parallel checks, so the bench lifts it.
const service = await startService([exe], { COMPLIANCE_CHECKS_PER_ACCOUNT: '1000' });
if (rulesetsDir) console.log(`rules compiled in ${(await rulesCompiled(service, rulesetsDir)).toFixed(0)} s`);
const { base, key } = service;
const dir = mkdtempSync(join(tmpdir(), 'inv-bench-load-'));

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
const mix: { kind: string; method: string; path: string; body?: unknown; weight: number }[] = [
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
for (const entry of mix) {
  const res = await fetch(`${base}${entry.path}`, {
    method: entry.method,
    headers,
    body: entry.body ? JSON.stringify(entry.body) : undefined,
  });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${entry.kind} answered ${res.status} before the run`);
  if (entry.kind === 'compliance') {
    const { data } = JSON.parse(new TextDecoder().decode(body));
    const ran = data.rulesets.filter((r: { ran: boolean }) => r.ran).map((r: { id: string }) => r.id);
    console.log(
      `compliance: valid ${data.valid}, fully checked ${data.fully_checked}, ran ${ran.join(', ')}`,
    );
  }
}

const luaString = (text: string) => `[==[${text}]==]`;
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
const scriptPath = join(dir, 'mix.lua');
writeFileSync(scriptPath, script);

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
console.log(`executable: ${exe}; mix per 10 requests: ${mix.map((m) => `${m.weight} ${m.kind}`).join(', ')}`);
for (const connections of connectionCounts) {
  const started = performance.now();
  const rss: string[] = [];
  const sampler = setInterval(() => {
    rss.push(`${((performance.now() - started) / 1000).toFixed(0)}s ${rssMiB(service.pid).toFixed(0)}`);
  }, 5000);
  const wrk = Bun.spawn(
    [
      'wrk',
      '-t',
      '1',
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      '--timeout',
      '5s',
      '-s',
      scriptPath,
      base,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  );
  const output = await new Response(wrk.stdout).text();
  await wrk.exited;
  clearInterval(sampler);
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const r = JSON.parse(line.slice(7)) as {
    requests: number;
    seconds: number;
    p50: number;
    p95: number;
    p99: number;
    max: number;
    socket_errors: number;
    statuses: Record<string, number>;
  };
  const errors = Object.entries(r.statuses)
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `${connections} connections, ${seconds} s: ${(r.requests / r.seconds).toFixed(0)} req/s; p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, max ${ms(r.max)}; statuses ${JSON.stringify(r.statuses)}; errors ${errors} (+${r.socket_errors} socket)`,
  );
  console.log(`  RSS MiB every 5 s: ${rss.join(', ')}`);
}

service.stop();
rmSync(dir, { recursive: true, force: true });
