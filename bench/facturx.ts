import { tmpdir } from 'node:os';
import { FsBlobStore } from '../src/storage/fs-blob-store';
// Factur-X renders in-process: the 20-line invoice as PDF/A-3b with its factur-x.xml attached, next to the
// same document rendered plain, so the cost of Factur-X itself shows; then the whole path of a
// `facturx_pdf` render without a rule pack (facturxPart: tier 1 + writing the CII, then the PDF/A-3b).
// Target: under 15 ms median, warm. Usage: bun bench/facturx.ts [runs]

import { loadRulePack } from '../src/einvoicing/rule-pack';
import { AccountGate } from '../src/modules/compliance/account-gate';
import { writeEInvoice } from '../src/modules/compliance/use-cases/write-einvoice';
import { facturxPart } from '../src/modules/renders/use-cases/facturx';
import { renderPdf } from '../src/rendering/render-pdf';
import type { RenderInput } from '../src/rendering/types';
import { runProfileInProcess } from '../src/workers/rules-pool';
import { invoice20 } from '../test/rendering-fixtures';

const runs = Number(process.argv[2] ?? 300);
const deps = {
  pack: loadRulePack(null),
  cacheDir: null,
  runProfile: runProfileInProcess,
  gate: new AccountGate(1_000_000),
  // No supporting documents in these invoices: nothing is ever read from it.
  blobs: new FsBlobStore(tmpdir()),
};

// The real CII the service embeds for this invoice (EN 16931, factur_x_en16931).
const plain = invoice20();
const written = writeEInvoice({ profile: 'factur_x_en16931', documentType: 'invoice', data: plain.data });
if (!written.ok) throw new Error(`no CII for the fixture: ${JSON.stringify(written.problems)}`);
const xml = written.xml;

async function measure(name: string, run: () => Promise<Uint8Array>): Promise<void> {
  for (let i = 0; i < Math.min(50, runs); i++) await run();
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = (await run()).byteLength;
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(2);
  console.log(
    `${name.padEnd(58)} ${(bytes / 1024).toFixed(0)} KiB, median ${at(0.5)} ms, p95 ${at(0.95)} ms`,
  );
}

const withXml: RenderInput = { ...plain, facturx: { xml } };
const first = performance.now();
await renderPdf(withXml);
console.log(`first Factur-X render (loads pdfkit, fonts, ICC): ${(performance.now() - first).toFixed(0)} ms`);
await measure('20 lines, plain PDF', () => renderPdf(plain));
await measure(`20 lines, PDF/A-3b + factur-x.xml (${(xml.length / 1024).toFixed(0)} KiB CII)`, () =>
  renderPdf(withXml),
);
await measure('20 lines, facturxPart (no rule pack) + PDF/A-3b', async () => {
  const scope = { db: undefined as never, accountId: 'bench', supportingLoc: 'data.supporting_documents' };
  const part = await facturxPart(deps, scope, { documentType: 'invoice', data: plain.data });
  return renderPdf({ ...plain, facturx: { xml: part.xml } });
});
console.log(`${runs} runs each after warm-up (${process.versions.bun ?? 'node'})`);
