// Compliance tier 2 (XSD + every Schematron ruleset of a profile) on one official example per profile.
// Cold: a fresh process per profile, from `import` to the first result (saxon-js import, SEF parse and
// priming, XSD compile, first run). Early: median of the next 20 runs (JSC is still optimising saxon-js).
// Warm: median and p95 after 150 more runs. Target: < 50 ms warm.
// SEFs compiled with the speed rewrites (compile-xslt.ts) are cached in $SEF_CACHE_DIR (default
// <tmp>/invoice-bench-sef) by compileRulePack before timing, as a service's data dir cache holds them.
// Usage: bun bench/schematron.ts [rulesets dir] [runs]
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COMPLIANCE_EXAMPLES as EXAMPLES } from './compliance-examples';

const childMode = process.argv[2] === '--cold';
const dir = resolve((childMode ? process.env.RULESETS_BENCH_DIR : process.argv[2]) ?? '../shared/rulesets');
const runs = Number(process.argv[3] ?? 40);
const cacheDir = process.env.SEF_CACHE_DIR ?? join(tmpdir(), 'invoice-bench-sef');

async function once(profile: string): Promise<{ ms: number; fatal: number }> {
  const start = performance.now();
  const { loadRulePack } = await import('../src/einvoicing/rule-pack');
  const { runProfile } = await import('../src/einvoicing/schematron');
  const pack = loadRulePack(dir);
  const xml = await Bun.file(resolve(dir, 'examples', EXAMPLES[profile] ?? '')).text();
  const result = await runProfile(pack, profile, xml, { cacheDir });
  if (result.rulesets.some((r) => !r.ran)) throw new Error(`${profile}: ${JSON.stringify(result.rulesets)}`);
  return {
    ms: performance.now() - start,
    fatal: result.violations.filter((v) => v.severity === 'fatal').length,
  };
}

if (childMode) {
  // Child mode: one cold run, printed as JSON for the parent.
  const profile = process.argv[3] ?? '';
  console.log(JSON.stringify(await once(profile)));
  process.exit(0);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const { loadRulePack } = await import('../src/einvoicing/rule-pack');
const { runProfile, compileRulePack } = await import('../src/einvoicing/schematron');
const pack = loadRulePack(dir);
for (const c of await compileRulePack(pack, cacheDir)) if (!c.ok) console.log(`${c.id}: ${c.reason}`);
console.log(`rule pack ${dir}: ${pack.available ? 'ok' : pack.reason}; ${runs} warm runs per profile\n`);
console.log(
  '| Profile | Example | Cold (fresh process) | Early (runs 2-21) | Warm median | Warm p95 | Fatal |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [profile, example] of Object.entries(EXAMPLES)) {
  const child = Bun.spawnSync([process.execPath, import.meta.path, '--cold', profile], {
    env: { ...process.env, RULESETS_BENCH_DIR: dir },
  });
  const cold = JSON.parse(child.stdout.toString().trim() || '{"ms":null}') as { ms: number | null };

  const xml = await Bun.file(resolve(dir, 'examples', example)).text();
  await runProfile(pack, profile, xml, { cacheDir });
  const early: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    await runProfile(pack, profile, xml, { cacheDir });
    early.push(performance.now() - start);
  }
  early.sort((a, b) => a - b);
  // JSC needs ~150 runs of a stylesheet before saxon-js is fully optimised; fewer would measure the JIT.
  for (let i = 0; i < 150; i++) await runProfile(pack, profile, xml, { cacheDir });
  const times: number[] = [];
  let fatal = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = await runProfile(pack, profile, xml, { cacheDir });
    times.push(performance.now() - start);
    fatal = result.violations.filter((v) => v.severity === 'fatal').length;
  }
  times.sort((a, b) => a - b);
  const f = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(0)} ms`);
  console.log(
    `| ${profile} | ${example.split('/')[1]} | ${f(cold.ms)} | ${f(quantile(early, 0.5))} | ${f(quantile(times, 0.5))} | ${f(quantile(times, 0.95))} | ${fatal} |`,
  );
}
