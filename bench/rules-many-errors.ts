// A file with many findings: the Peppol base example with N empty `cac:InvoiceLine` elements spliced in
// before its first line (18 bytes each; one XSD error and about nine failed asserts each), checked with
// `validate-compliance` over HTTP on a fresh executable, one check per N. Shows what a finding's location
// costs (each names its ancestors' positions among their same-named siblings).
// Usage: bun bench/rules-many-errors.ts [dist/invoice-service] [N...=2000 20000]
// SAVE=<dir> also writes each file there as many-errors-<N>.xml (for Java: XML=... bench/rules-java.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startService } from './service';

const target = resolve(process.argv[2] ?? 'dist/invoice-service');
const counts = process.argv.slice(3).map(Number);
const base = readFileSync(
  join(import.meta.dir, '../../shared/rulesets/examples/peppol_bis_billing_3/base-example.xml'),
  'utf8',
);
const first = base.indexOf('<cac:InvoiceLine>');

const env = { ...process.env };
delete env.RULESETS_DIR;
process.env = env;
const service = await startService([target], { MAX_BODY_BYTES: '20971520' });
console.log(`${target}; default time limit`);
console.log('| Empty lines | Size | Status | Findings | Fully checked | Wall |');
console.log('|---|---|---|---|---|---|');
for (const n of counts.length > 0 ? counts : [2000, 20000]) {
  const xml = `${base.slice(0, first)}${'<cac:InvoiceLine/>'.repeat(n)}${base.slice(first)}`;
  if (process.env.SAVE) writeFileSync(join(process.env.SAVE, `many-errors-${n}.xml`), xml);
  const started = performance.now();
  const res = await fetch(`${service.base}/api/v1/documents/validate-compliance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ profile: 'peppol_bis_billing_3', xml }),
  });
  const body = (await res.json()) as {
    data?: { fully_checked: boolean; violations?: unknown[]; warnings?: unknown[] };
    error?: { code: string };
  };
  const wall = (performance.now() - started) / 1000;
  const findings = (body.data?.violations?.length ?? 0) + (body.data?.warnings?.length ?? 0);
  console.log(
    `| ${n.toLocaleString('en')} | ${(xml.length / 1e6).toFixed(2)} MB | ${res.status}${body.error ? ` ${body.error.code}` : ''} | ${findings} | ${body.data?.fully_checked ?? ''} | ${wall.toFixed(2)} s |`,
  );
}
service.stop();
