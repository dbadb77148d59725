// Where a render's CPU goes, in-process, on the realistic German invoice (bench/fixtures/german-invoice.ts,
// A4): the renderer's stages timed with this thread's CPU clock (not wall time: the machine is shared) by
// wrapping them from outside, over many renders after a warm-up. Each stage's time is its own, without the
// stages timed inside it (the line-items table without the compression its page breaks cause, say).
// Stages: the blocks one by one (the line-items table includes measuring the blocks after it, for its page
// breaks), the pdfkit document set up, page content joined into bytes, compression, font embedding, the
// other PDF objects written (pages, info, catalogue, cross-reference table), byte copies; "view, theme and
// the rest" is what is left of renderPdf (the view model, the theme, the cursor, the footers).
// Usage: bun bench/render-phases.ts [lines=20] [renders=3000]
import { dlopen, FFIType, ptr } from 'bun:ffi';
import { BLOCKS } from '../src/rendering/blocks';
import { Pdf } from '../src/rendering/engine/pdf';
import { renderPdf } from '../src/rendering/render-pdf';
import { germanInvoice } from './fixtures/german-invoice';

const lines = Number(process.argv[2] ?? 20);
const renders = Number(process.argv[3] ?? 3000);

// This thread's CPU time (CLOCK_THREAD_CPUTIME_ID), in milliseconds.
const libc = dlopen(process.platform === 'linux' ? 'libc.so.6' : 'libc.dylib', {
  clock_gettime: { args: [FFIType.i32, FFIType.ptr], returns: FFIType.i32 },
});
const timespec = new BigInt64Array(2);
const timespecPtr = ptr(timespec);
const CLOCK_THREAD_CPUTIME_ID = process.platform === 'linux' ? 3 : 16;
function cpuMs(): number {
  libc.symbols.clock_gettime(CLOCK_THREAD_CPUTIME_ID, timespecPtr);
  return Number(timespec[0]) * 1e3 + Number(timespec[1]) / 1e6;
}

const own = new Map<string, number>();
const stack: { label: string; inner: number }[] = [];
let counting = false;

function timed<T>(label: string, run: () => T): T {
  if (!counting) return run();
  const frame = { label, inner: 0 };
  stack.push(frame);
  const start = cpuMs();
  try {
    return run();
  } finally {
    const spent = cpuMs() - start;
    stack.pop();
    own.set(label, (own.get(label) ?? 0) + spent - frame.inner);
    const parent = stack.at(-1);
    if (parent) parent.inner += spent;
  }
}

async function timedAsync<T>(label: string, run: () => Promise<T>): Promise<T> {
  if (!counting) return run();
  // Nothing else runs while a render awaits here (one render at a time): the stack stays in order.
  const frame = { label, inner: 0 };
  stack.push(frame);
  const start = cpuMs();
  try {
    return await run();
  } finally {
    const spent = cpuMs() - start;
    stack.pop();
    own.set(label, (own.get(label) ?? 0) + spent - frame.inner);
    const parent = stack.at(-1);
    if (parent) parent.inner += spent;
  }
}

type Fn = (...args: unknown[]) => unknown;
function wrap(target: object, name: string, label: string): void {
  const holder = target as Record<string, Fn>;
  const original = holder[name] as Fn;
  holder[name] = function (this: unknown, ...args: unknown[]) {
    return timed(label, () => original.apply(this, args));
  };
}

const input = germanInvoice(lines);
// The first render installs the engine's own patches on pdfkit's classes: wrapped after it.
await renderPdf(input);
const probe = await Pdf.create({ pageSize: 'A4', title: 't', author: 'a', lang: 'de-DE' });
const fontProto = Object.getPrototypeOf((probe.doc as unknown as { _font: object })._font) as object;
const refProto = Object.getPrototypeOf(
  (probe.doc as unknown as { page: { content: object } }).page.content,
) as object;
await probe.finish();

const EMBEDDING = 'font embedding (a cached font file, its objects)';
for (const [id, block] of Object.entries(BLOCKS)) wrap(block, 'draw', `block ${id}`);
const create = Pdf.create.bind(Pdf);
(Pdf as unknown as { create: typeof Pdf.create }).create = (options) =>
  timedAsync('pdfkit document set up', () => create(options));
wrap(fontProto, 'embed', EMBEDDING);
// An object written: a page's content (its text pieces joined into bytes, then compressed), an object of
// the fonts (counted with their embedding), or any other.
const finalize = (refProto as Record<string, Fn>).finalize as Fn;
(refProto as Record<string, Fn>).finalize = function (this: { buffer: unknown }) {
  if (stack.at(-1)?.label === EMBEDDING) return finalize.call(this);
  const text = Array.isArray(this.buffer) && this.buffer.some((piece) => typeof piece === 'string');
  return timed(text ? 'page content joined into bytes' : 'other PDF objects written', () =>
    finalize.call(this),
  );
};
wrap(Bun, 'deflateSync', 'compression (libdeflate)');
wrap(Bun.hash, 'adler32', 'compression (libdeflate)');
wrap(Buffer, 'concat', 'file and streams assembled (byte copies)');
// Synchronous code as one stage: the view model, the theme, the cursor, footers (and the awaits' turns).
const whole = async () => {
  const frame = { label: 'view, theme and the rest', inner: 0 };
  stack.push(frame);
  const start = cpuMs();
  await renderPdf(input);
  const spent = cpuMs() - start;
  stack.pop();
  own.set(frame.label, (own.get(frame.label) ?? 0) + spent - frame.inner);
  return spent;
};

for (let i = 0; i < 400; i++) await renderPdf(input);
counting = true;
let total = 0;
for (let i = 0; i < renders; i++) total += await whole();
counting = false;

console.log(
  `${lines} lines, ${renders} renders: ${(total / renders).toFixed(3)} ms CPU a render (this thread)`,
);
console.log('| Stage | ms a PDF | share |');
console.log('|---|---|---|');
for (const [label, ms] of [...own].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${label} | ${(ms / renders).toFixed(3)} | ${((100 * ms) / total).toFixed(0)}% |`);
}
