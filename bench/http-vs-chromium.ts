// What a user gets, side by side in one run: this service's stateless render over HTTP against a warm
// headless Chromium render server over HTTP (bench/chromium-server.ts: 2 reused tabs, Page.printToPDF), both
// at the same concurrency, printing the same German invoice with 20 and with 200 lines. The two sides take
// turns in interleaved halves (ours, Chromium, ours, Chromium) so that a busy machine hurts both alike.
// Reports PDFs per second, CPU per PDF of each side's whole process tree (server plus workers; Chromium plus
// its renderer/GPU/utility processes plus its HTTP wrapper), PDF size and pages, and the ratios.
// Invoices: `realistic` (default; bench/fixtures/german-invoice.ts: umlauts, typographic quotes, en dashes and
// non-breaking spaces, Leitweg-ID, register and phone, EPC QR code, custom fields, unit codes, long payment
// instructions; two A4 pages at 20 lines) or `simple` (the fixtures' German invoice, four items repeated).
// `ours` instead of `both` measures only this service (for profiling runs; no ratio).
// Usage: npm run build && bun bench/http-vs-chromium.ts [dist/invoice-service] [seconds per half] [concurrency]
//        [realistic|simple] [both|ours]
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DocumentData } from '../src/modules/documents/model';
import { german, withTotals } from '../test/rendering-fixtures';
import { findChromium } from './cdp';
import { invoiceHtml } from './chromium-html';
import { germanInvoice as realisticInvoice } from './fixtures/german-invoice';
import { startService } from './service';

const exe = resolve(process.argv[2] ?? 'dist/invoice-service');
const halfSeconds = Number(process.argv[3] ?? 10);
const concurrency = Number(process.argv[4] ?? 2);
const invoiceKind = process.argv[5] ?? 'realistic';
if (invoiceKind !== 'realistic' && invoiceKind !== 'simple') throw new Error('invoice: realistic or simple');
const withChromium = (process.argv[6] ?? 'both') === 'both';
if (withChromium && !findChromium()) {
  console.log('chromium is not installed (apt-get install -y chromium): no comparison made');
  process.exit(0);
}

const CLOCK_TICKS = 100; // USER_HZ on Linux
const WARM_UP_MS = 3000;
// And at least this many PDFs a side: on a busy machine 3 s is a few dozen renders, and the JIT threads'
// compiling would be counted as the renders' CPU (measured: 7 of 19 ms a PDF after 4 s at load 20).
const WARM_UP_PDFS = { ours: 400, chromium: 20 };

/** utime + stime in seconds of `root` and every process below it. */
function treeCpuSeconds(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended while we read
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) total += t;
  return total / CLOCK_TICKS;
}

/** The German invoice of the fixtures with `count` lines (its four items repeated, numbered). */
function simpleInvoice(count: number) {
  const base = german({ pageSize: 'LETTER', templateId: 'tpl_modern', logo: undefined });
  const items = base.data.line_items;
  const lines = Array.from({ length: count }, (_, i) => {
    const item = items[i % items.length] as DocumentData['line_items'][number];
    return { ...item, name: `${item.name} (${i + 1})` };
  });
  const { data, totals: _, ...rest } = base;
  return withTotals('invoice', { ...data, line_items: lines }, rest);
}

interface Side {
  name: string;
  pid: number;
  request(): Promise<Uint8Array>;
}

interface Tally {
  pdfs: number;
  seconds: number;
  cpu: number;
  bytes: number;
  pages: number;
}

const pageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;

async function half(side: Side, tally: Tally): Promise<void> {
  const cpuBefore = treeCpuSeconds(side.pid);
  const started = performance.now();
  const deadline = started + halfSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const pdf = await side.request();
        tally.pdfs++;
        tally.bytes = pdf.byteLength;
        tally.pages = pageCount(pdf);
      }
    }),
  );
  tally.seconds += (performance.now() - started) / 1000;
  tally.cpu += treeCpuSeconds(side.pid) - cpuBefore;
}

async function ok(res: Response, what: string): Promise<Uint8Array> {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

const service = await startService(exe.endsWith('.ts') ? ['bun', exe] : [exe], {});
const chromiumPort = 19_900 + Math.floor(Math.random() * 90);
const chromiumServer = withChromium
  ? Bun.spawn(['bun', 'bench/chromium-server.ts', String(chromiumPort), '2'], {
      stdout: 'pipe',
      stderr: 'inherit',
    })
  : null;
process.on('exit', () => {
  chromiumServer?.kill('SIGTERM');
  service.stop();
});
if (chromiumServer) {
  const reader = chromiumServer.stdout.getReader();
  let said = '';
  while (!said.includes('ready')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the Chromium render server did not start');
    said += new TextDecoder().decode(value);
  }
}

const version = withChromium
  ? Bun.spawnSync([findChromium() as string, '--version'])
      .stdout.toString()
      .trim()
  : 'no Chromium';
console.log(
  `${version}; ${invoiceKind} invoice; ${concurrency} concurrent requests a side, 2 halves of ${halfSeconds} s a side, interleaved`,
);
console.log('| Invoice | this service | Chromium (2 warm tabs) | ratio |');
console.log('|---|---|---|---|');
for (const count of [20, 200]) {
  const input = invoiceKind === 'realistic' ? realisticInvoice(count) : simpleInvoice(count);
  const body = JSON.stringify({
    document_type: 'invoice',
    data: { ...input.data, locale: 'de-DE' },
    // The invoice's own page size (the realistic one is A4, as Chromium prints it): the API's default is Letter.
    output: { delivery: 'binary', page_size: input.pageSize },
  });
  const html = invoiceHtml(input);
  const ours: Side = {
    name: 'ours',
    pid: service.pid,
    request: async () =>
      ok(
        await fetch(`${service.base}/api/v1/documents/render`, {
          method: 'POST',
          headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
          body,
        }),
        'service',
      ),
  };
  const browser: Side = {
    name: 'chromium',
    pid: chromiumServer?.pid ?? 0,
    request: async () =>
      ok(await fetch(`http://127.0.0.1:${chromiumPort}/pdf`, { method: 'POST', body: html }), 'chromium'),
  };
  // Warm both sides for a few seconds: the JIT compiles for a while after start, in both runtimes.
  const sides = withChromium ? [ours, browser] : [ours];
  for (const side of sides) {
    const warmUntil = performance.now() + WARM_UP_MS;
    for (let n = 0; performance.now() < warmUntil || n < WARM_UP_PDFS[side.name as 'ours']; n += concurrency)
      await Promise.all(Array.from({ length: concurrency }, () => side.request()));
  }
  const a: Tally = { pdfs: 0, seconds: 0, cpu: 0, bytes: 0, pages: 0 };
  const b: Tally = { pdfs: 0, seconds: 0, cpu: 0, bytes: 0, pages: 0 };
  for (let round = 0; round < 2; round++)
    for (const [side, tally] of [
      [ours, a],
      [browser, b],
    ] as const) {
      if (sides.includes(side)) await half(side, tally);
    }
  const rate = (t: Tally) => t.pdfs / t.seconds;
  const cpuMs = (t: Tally) => (t.cpu * 1000) / t.pdfs;
  const show = (t: Tally) =>
    `${rate(t).toFixed(1)} PDF/s, CPU ${cpuMs(t).toFixed(1)} ms a PDF, ${t.pages} page(s), ${(t.bytes / 1024).toFixed(0)} KiB`;
  const ratio = withChromium
    ? `${(rate(a) / rate(b)).toFixed(1)}x throughput, ${(cpuMs(b) / cpuMs(a)).toFixed(1)}x CPU`
    : '—';
  console.log(`| ${count} lines | ${show(a)} | ${withChromium ? show(b) : '—'} | ${ratio} |`);
}
chromiumServer?.kill('SIGTERM');
service.stop();
