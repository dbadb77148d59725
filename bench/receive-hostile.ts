// Hostile files on the receiving path (issue 25 §1): the slowest /health answer while each runs, and the
// hostile request's own answer. Run against the executable (the workers are its own entrypoints there).
// Usage: bun bench/receive-hostile.ts [dist/invoice-service | src/main.ts]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflated, hybridPdf, manyObjectsPdf } from '../test/raw-pdf';
import { startService } from './service';

const target = process.argv[2] ?? 'dist/invoice-service';
const command = target.endsWith('.ts') ? [process.execPath, resolve(target)] : [resolve(target)];
const examples = resolve(join(import.meta.dir, '../../shared/rulesets/examples'));
const cii = readFileSync(join(examples, 'factur_x_en16931/EN16931_Einfach.factur-x.xml'));
const ubl = readFileSync(join(examples, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
const notes = ubl
  .replace(/<cbc:CustomizationID>[^<]*</, '<cbc:CustomizationID>urn:example:none<')
  .replace(/(<cbc:IssueDate>)/, `${'<cbc:Note>n</cbc:Note>'.repeat(200_000)}$1`);

// Built before measuring: building them while measuring would delay the bench's own /health probe.
const tree = hybridPdf([deflated('factur-x.xml', cii)], { depth: 10, fanOut: 16 });
const bomb = hybridPdf([deflated('x.bin', new Uint8Array(800 * 1024 * 1024)), deflated('factur-x.xml', cii)]);
const objects = manyObjectsPdf(340_000);

const service = await startService(command);

async function slowestHealth(work: () => Promise<unknown>) {
  let done = false;
  let slowest = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${service.base}/health`);
      slowest = Math.max(slowest, performance.now() - started);
      await Bun.sleep(20);
    }
  })();
  const started = performance.now();
  const answer = await work().finally(() => {
    done = true;
  });
  const took = performance.now() - started;
  await probe;
  return { health: slowest, took, answer };
}

const post = async (body: Uint8Array | string, type: string) => {
  const res = await fetch(`${service.base}/api/v1/einvoices/parse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.key}`, 'content-type': type },
    body,
  });
  await res.arrayBuffer();
  return res.status;
};

const cases: [string, () => Promise<unknown>][] = [
  // On a shared machine /health is slow for reasons of its own: the same probe with nothing running.
  ['nothing (the baseline on this machine now)', () => Bun.sleep(5000).then(() => 'idle')],
  ['PDF, attachment tree 16 x 10 of one child', () => post(tree, 'application/pdf')],
  ['PDF, 800 MiB deflate bomb beside the invoice', () => post(bomb, 'application/pdf')],
  ['PDF, 340,000 tiny objects', () => post(objects, 'application/pdf')],
  ['XML, 200,000 notes, one request', () => post(notes, 'application/xml')],
  [
    'XML, 200,000 notes, five at once',
    () => Promise.all(Array.from({ length: 5 }, () => post(notes, 'application/xml'))),
  ],
];
try {
  for (const [name, work] of cases) {
    const { health, took, answer } = await slowestHealth(work);
    console.log(
      `${name}: slowest /health ${health.toFixed(0)} ms while it ran (${took.toFixed(0)} ms, answered ${String(answer)})`,
    );
  }
} finally {
  service.stop();
}
