import { tmpdir } from 'node:os';
// Compliance tier 1 in-process: the mandatory-field rules in TypeScript (`mandatoryFieldViolations`), and
// the whole `checkDocumentCompliance` without a rule pack (tier 1 + writing the profile's XML; tier 2 then
// reports `ran: false`), which is what `POST /documents/validate-compliance` does when RULESETS_DIR is unset.
// Target from the e-invoicing issue: tier 1 under 1 ms. Usage: bun bench/compliance-tier1.ts [calls]
import type { ComplianceProfile } from '../src/einvoicing/profiles';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { mandatoryFieldViolations } from '../src/einvoicing/rules/mandatory';
import { AccountGate } from '../src/modules/compliance/account-gate';
import { checkDocumentCompliance } from '../src/modules/compliance/use-cases/check-compliance';
import { FsBlobStore } from '../src/storage/fs-blob-store';
import { runProfileInProcess } from '../src/workers/rules-pool';
import { benchCase } from '../test/einvoicing-fixtures';
import { invoiceWithLines } from '../test/rendering-fixtures';

const calls = Number(process.argv[2] ?? 2000);
const deps = {
  pack: loadRulePack(null),
  cacheDir: null,
  runProfile: runProfileInProcess,
  gate: new AccountGate(1_000_000),
  // No supporting documents in these invoices: nothing is ever read from it.
  blobs: new FsBlobStore(tmpdir()),
};

const twenty = benchCase().input;
// The render bench's 200-line invoice, given the VAT scheme and EU parties an e-invoice needs.
const large = invoiceWithLines(200).data;
const vat = [{ name: 'VAT', rate: '19', category: 'S' }];
const large200 = {
  ...large,
  tax_scheme: 'VAT' as const,
  seller: { ...twenty.data.seller },
  buyer: { ...twenty.data.buyer },
  ship_to: undefined,
  shipping: undefined,
  line_items: large.line_items.map((l) => ({ ...l, taxes: vat })),
} as typeof twenty.data;

async function measure(label: string, run: () => unknown): Promise<void> {
  for (let i = 0; i < 300; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? Number.NaN).toFixed(3);
  console.log(`${label.padEnd(52)} median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}

const profile: ComplianceProfile = 'factur_x_en16931';
for (const [name, data] of [
  ['20 lines', twenty.data],
  ['200 lines', large200],
] as const) {
  const found = mandatoryFieldViolations(data, profile);
  const full = await checkDocumentCompliance(deps, { profile, documentType: 'invoice', data });
  const tier1Findings = full.violations.map((v) => v.rule).join(', ') || 'none';
  console.log(`${name}: tier 1 findings ${found.length}; whole check valid=${full.valid} (${tier1Findings})`);
  await measure(`${name}, mandatoryFieldViolations`, () => mandatoryFieldViolations(data, profile));
  await measure(`${name}, checkDocumentCompliance (no rule pack)`, () =>
    checkDocumentCompliance(deps, { profile, documentType: 'invoice', data }),
  );
}
console.log(`${calls} calls each after 300 warm-up calls (${process.versions.bun ?? 'node'})`);
