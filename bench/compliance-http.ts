// Tier-2 compliance in the running service: `POST /documents/validate-compliance` with `{profile, xml}` on
// one official example per profile (the same ones as bench/schematron.ts), after the service's background
// rules compile has finished, and again with RULESETS_COMPILE=off (the pack's own SEFs) for comparison.
// Usage: bun bench/compliance-http.ts [dist/invoice-service | src/main.ts] [requests per profile]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COMPLIANCE_EXAMPLES as EXAMPLES } from './compliance-examples';
import { rulesCompiled, startService } from './service';

const target = process.argv[2] ?? 'dist/invoice-service';
const command = target.endsWith('.ts') ? [process.execPath, resolve(target)] : [resolve(target)];
const runs = Number(process.argv[3] ?? 200);
const rulesetsDir = resolve(process.env.RULESETS_DIR ?? join(import.meta.dir, '../../shared/rulesets'));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

for (const mode of ['background', 'off'] as const) {
  const service = await startService(command, { RULESETS_DIR: rulesetsDir, RULESETS_COMPILE: mode });
  if (mode === 'background')
    console.log(`rules compiled in ${(await rulesCompiled(service, rulesetsDir)).toFixed(0)} s`);
  console.log(`\nRULESETS_COMPILE=${mode}: ${runs} requests per profile, warm = the last half\n`);
  console.log('| Profile | First | Warm median | Warm p95 |\n|---|---|---|---|');
  for (const [profile, example] of Object.entries(EXAMPLES)) {
    const body = JSON.stringify({
      profile,
      xml: readFileSync(join(rulesetsDir, 'examples', example), 'utf8'),
    });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await fetch(`${service.base}/api/v1/documents/validate-compliance`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
        body,
      });
      const result = (await res.json()) as { data?: { valid: boolean; fully_checked: boolean } };
      if (!res.ok || !result.data?.valid || !result.data.fully_checked) {
        throw new Error(`${profile}: ${res.status} ${JSON.stringify(result).slice(0, 300)}`);
      }
      times.push(performance.now() - started);
    }
    const warm = times.slice(runs / 2).sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `| ${profile} | ${f(times[0] ?? 0)} | ${f(quantile(warm, 0.5))} | ${f(quantile(warm, 0.95))} |`,
    );
  }
  service.stop();
}
process.exit(0);
