// Our in-process renderer against headless Chromium printing the same invoice as HTML to PDF: the render
// bench's one-page 20-line invoice and its 200-line invoice. Chromium two ways:
// - cold: one `chromium --headless --print-to-pdf` process per PDF (what a script shelling out does);
// - warm: one long-lived Chromium driven over the DevTools protocol (Bun's WebSocket), one tab kept open,
//   each PDF = Page.navigate to the HTML file, wait for load, Page.printToPDF (what a render server that
//   keeps its browser does; the fair comparison).
// Wall-clock median and p95 of each and the ratio to ours. Needs Debian's `chromium`; without it the
// script says so and exits 0. Usage: bun bench/chromium.ts [our runs] [warm runs] [cold runs]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPdf } from '../src/rendering/render-pdf';
import type { RenderInput } from '../src/rendering/types';
import { invoiceOnePage, invoiceWithLines } from '../test/rendering-fixtures';
import { CHROMIUM_FLAGS, findChromium, launchChromium } from './cdp';
import { invoiceHtml } from './chromium-html';

const ourRuns = Number(process.argv[2] ?? 200);
const warmRuns = Number(process.argv[3] ?? 40);
const coldRuns = Number(process.argv[4] ?? 8);

const chromium = findChromium();
if (!chromium) {
  console.log('chromium is not installed (apt-get install -y chromium): no comparison made');
  process.exit(0);
}

// The same two documents as bench/render.ts.
const onePage = invoiceOnePage();
const large = invoiceWithLines(200, { templateId: 'tpl_modern', pageSize: 'A4' });

const dir = mkdtempSync(join(tmpdir(), 'inv-chromium-'));

interface Stats {
  median: number;
  p95: number;
  pages: number;
  bytes: number;
}

const pageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;

async function timed(count: number, run: () => Promise<Uint8Array>): Promise<Stats> {
  const ms: number[] = [];
  let last: Uint8Array = new Uint8Array();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    last = await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), pages: pageCount(last), bytes: last.byteLength };
}

async function ours(input: RenderInput, count: number): Promise<Stats> {
  for (let i = 0; i < Math.min(30, count); i++) await renderPdf(input);
  return timed(count, () => renderPdf(input));
}

async function cold(htmlPath: string, count: number): Promise<Stats> {
  const out = join(dir, 'cold.pdf');
  return timed(count, async () => {
    const proc = Bun.spawn(
      [
        chromium as string,
        ...CHROMIUM_FLAGS,
        `--user-data-dir=${join(dir, 'profile-cold')}`,
        // Only with --print-to-pdf: given to a debugging-port Chromium it opens no tab.
        '--no-pdf-header-footer',
        `--print-to-pdf=${out}`,
        htmlPath,
      ],
      { stdout: 'ignore', stderr: 'ignore' },
    );
    if ((await proc.exited) !== 0) throw new Error(`chromium exited ${proc.exitCode}`);
    return new Uint8Array(readFileSync(out));
  });
}

async function startWarm(): Promise<{ print: (htmlPath: string) => Promise<Uint8Array>; stop: () => void }> {
  const browser = await launchChromium(chromium as string, join(dir, 'profile-warm'));
  // Never leave the browser behind: not on a failed start, a hang, an exception or Ctrl-C.
  process.once('exit', () => {
    browser.proc.kill('SIGKILL'); // at once: a browser shutting down would write its profile back after the rm
    rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const tab = await browser.newPrinter();
  return { print: (htmlPath) => tab.print(htmlPath), stop: () => browser.stop() };
}

const fmt = (s: Stats) =>
  `median ${s.median.toFixed(1).padStart(6)} ms, p95 ${s.p95.toFixed(1).padStart(6)} ms, ${s.pages} page(s), ${(s.bytes / 1024).toFixed(0)} KiB`;

const version = Bun.spawnSync([chromium, '--version']).stdout.toString().trim();
console.log(`${version}; ours ${ourRuns} runs, Chromium warm ${warmRuns} runs, cold ${coldRuns} runs`);
await renderPdf(onePage); // our first render of the process loads fonts; the render workers do it at start
const warm = await startWarm();
try {
  for (const [name, input] of [
    ['20 lines, one page', onePage],
    ['200 lines', large],
  ] as const) {
    const htmlPath = join(dir, `${name.replace(/\W+/g, '-')}.html`);
    writeFileSync(htmlPath, invoiceHtml(input));
    const o = await ours(input, name === '200 lines' ? Math.max(20, Math.round(ourRuns / 5)) : ourRuns);
    for (let i = 0; i < 5; i++) await warm.print(htmlPath);
    const w = await timed(warmRuns, () => warm.print(htmlPath));
    const c = await cold(htmlPath, coldRuns);
    console.log(`\n${name}`);
    console.log(`  ours (in-process)     ${fmt(o)}`);
    console.log(`  Chromium warm (CDP)   ${fmt(w)}  = ${(w.median / o.median).toFixed(1)}x ours (median)`);
    console.log(`  Chromium cold (CLI)   ${fmt(c)}  = ${(c.median / o.median).toFixed(1)}x ours (median)`);
  }
} finally {
  warm.stop();
  rmSync(dir, { recursive: true, force: true });
}
