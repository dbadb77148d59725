// renderPdf in-process on the realistic German invoice (bench/fixtures/german-invoice.ts), 20 and 200
// lines: CPU a PDF (the whole process: the render, its garbage collection and JIT threads), median wall,
// size and pages. For profiling: `bun --cpu-prof bench/render-realistic.ts 400`.
// Usage: bun bench/render-realistic.ts [runs at 20 lines=400] [runs at 200 lines=runs/8]
import { renderPdf } from '../src/rendering/render-pdf';
import type { RenderInput } from '../src/rendering/types';
import { germanInvoice } from './fixtures/german-invoice';

const runs = Number(process.argv[2] ?? 400);
const runsLarge = Number(process.argv[3] ?? Math.max(20, Math.round(runs / 8)));

const pageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\n/g) ?? []
  ).length;

async function measure(lines: number, count: number): Promise<void> {
  const input: RenderInput = germanInvoice(lines);
  let bytes = await renderPdf(input);
  for (let i = 0; i < Math.max(50, count / 4); i++) await renderPdf(input);
  const ms: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    bytes = await renderPdf(input);
    ms.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  ms.sort((a, b) => a - b);
  const median = (ms[Math.floor(ms.length / 2)] ?? 0).toFixed(2);
  const cpuMs = ((cpu.user + cpu.system) / 1000 / count).toFixed(2);
  console.log(
    `${lines} lines: ${pageCount(bytes)} page(s), ${(bytes.byteLength / 1024).toFixed(0)} KiB, CPU ${cpuMs} ms a PDF, median ${median} ms`,
  );
}

await measure(20, runs);
await measure(200, runsLarge);
