// The service compiles the pack's XSLT with the speed rewrites in a worker thread after start-up: the
// server's event loop stays free meanwhile, a process that already loaded the pack's SEF switches to the
// rewritten one without a restart, findings stay the same, and a second start finds the cache filled.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { runRuleset } from '../../src/einvoicing/schematron';
import { loadStylesheet } from '../../src/einvoicing/schematron/stylesheets';
import { createLogger } from '../../src/shared/logger';
import { compileRulesInBackground } from '../../src/workers/rules-compiler';
import { OFFICIAL_RULESETS, oneRulesetPack } from '../rule-pack-fixture';

const temp = mkdtempSync(join(tmpdir(), 'rules-background-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const cacheDir = join(temp, 'cache', 'sef');
const packDir = oneRulesetPack(temp, {
  id: 'xrechnung-cii',
  syntax: 'cii',
  xslt: 'xrechnung/XRechnung-CII-validation.xsl',
  sef: 'sef/xrechnung-cii.sef.json',
  profile: 'xrechnung_cii',
});
const pack = loadRulePack(packDir);
const ruleset = pack.rulesets.get('xrechnung-cii');
if (ruleset === undefined) throw new Error('test pack did not load');
const packSefChecksum = JSON.parse(
  readFileSync(join(OFFICIAL_RULESETS, 'sef', 'xrechnung-cii.sef.json'), 'utf8'),
).Σ;
const examples = join(OFFICIAL_RULESETS, 'examples', 'xrechnung_cii');
const findings = async () => {
  const all: string[] = [];
  for (const file of readdirSync(examples).sort()) {
    const result = await runRuleset(pack, 'xrechnung-cii', readFileSync(join(examples, file), 'utf8'), {
      cacheDir,
    });
    expect(result.run.ran).toBe(true);
    all.push(`${file}: ${result.violations.map((v) => `${v.rule}/${v.severity}`).sort()}`);
  }
  return all;
};

const logged: string[] = [];
const logger = createLogger('info', (line) => logged.push(line));

test('a running process switches to the rewritten SEF once the worker has compiled it, with the same findings', async () => {
  const before = await findings();
  expect((await loadStylesheet(ruleset, cacheDir)).Σ).toBe(packSefChecksum);

  // Ticks of a timer on this thread while the compile runs: a compile on this thread would let none through.
  let ticks = 0;
  const ticker = setInterval(() => {
    ticks++;
  }, 10);
  const compiled = await compileRulesInBackground(pack, cacheDir, logger).done;
  clearInterval(ticker);

  expect(compiled).toEqual([
    { id: 'xrechnung-cii', ok: true, compiled: true, ms: expect.any(Number), reason: null },
  ]);
  // Seconds of compiling happened on another thread: the event loop kept ticking meanwhile.
  expect(ticks).toBeGreaterThanOrEqual(20);
  const [file] = readdirSync(cacheDir);
  const cachedChecksum = JSON.parse(readFileSync(join(cacheDir, file ?? ''), 'utf8')).Σ;
  expect(cachedChecksum).not.toBe(packSefChecksum);

  expect((await loadStylesheet(ruleset, cacheDir)).Σ).toBe(cachedChecksum);
  expect(await findings()).toEqual(before);
  expect(logged.some((line) => line.includes('"msg":"ruleset compiled"'))).toBe(true);
}, 180_000);

test('a second start finds the rules compiled, starts no worker and keeps the loaded SEF', async () => {
  const loaded = await loadStylesheet(ruleset, cacheDir);
  // A worker would report every ruleset, compiled or found: none reported means none started.
  expect(await compileRulesInBackground(pack, cacheDir, logger).done).toEqual([]);
  expect(await loadStylesheet(ruleset, cacheDir)).toBe(loaded);
});

test('a pack without XSLT or without a directory starts no worker', async () => {
  expect(await compileRulesInBackground(loadRulePack(null), cacheDir, logger).done).toEqual([]);
});
