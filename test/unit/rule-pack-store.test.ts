// Which rule pack runs (RULESETS_DIR > installed > embedded), and the embedded pack as the executable holds
// it: flat, renamed files (as in Bun's embedded file system) that the first check writes out under the data
// dir, while the pack answers from its manifest at once.
import { afterAll, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED_RULE_PACK } from '../../src/einvoicing/embedded-rule-pack';
import {
  activeRulePack,
  type EmbeddedPack,
  installedPackDir,
  sefCacheDir,
  writePackChoice,
} from '../../src/einvoicing/rule-pack-store';
import { runProfileInProcess } from '../../src/workers/rules-pool';
import { ROOT, RULESETS_DIR, tempDir } from '../harness';

const dirs: string[] = [];
const temp = () => {
  const dir = tempDir('inv-store-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The embedded pack's files copied flat under hashed-looking names, as `bun build --compile` stores them. */
function flatEmbedded(digest: string): EmbeddedPack {
  const flat = temp();
  const files = EMBEDDED_RULE_PACK.files.map(([path, file], i) => {
    const name = join(flat, `${i}-${path.split('/').at(-1)}`);
    copyFileSync(file, name);
    return [path, name] as const;
  });
  return { digest, files, sefCache: EMBEDDED_RULE_PACK.sefCache };
}

test('from the sources the embedded pack is assets/rulesets itself, used in place', async () => {
  const dataDir = temp();
  const { pack, origin } = activeRulePack({ rulesetsDir: null, dataDir });
  expect(origin).toBe('embedded');
  expect(pack.dir).toBe(join(ROOT, 'assets', 'rulesets'));
  expect(pack.available).toBe(true);
  expect(existsSync(join(dataDir, 'rulesets'))).toBe(false);
  // The first check copies only the stylesheets compiled at vendor time into the data dir's SEF cache.
  await pack.prepare?.();
  expect(readdirSync(sefCacheDir(dataDir)).sort()).toEqual(
    EMBEDDED_RULE_PACK.sefCache.map(([name]) => name).sort(),
  );
  expect(existsSync(join(dataDir, 'rulesets'))).toBe(false);
});

test('in the executable it is written out once, by the first check, which waits for it', async () => {
  const dataDir = temp();
  const embedded = flatEmbedded('first');
  const { pack } = activeRulePack({ rulesetsDir: null, dataDir }, { embedded });
  const target = join(dataDir, 'rulesets', 'embedded-first');
  expect(pack.dir).toBe(target);
  // Usable at once from the embedded manifest: the rulesets are known before their files are on disk.
  expect(pack.available).toBe(true);
  expect(pack.rulesets.get('peppol-bis-billing-3')?.available).toBe(true);
  // Nothing is written before the first check asks for it.
  expect(pack.prepare).toBeDefined();
  expect(existsSync(join(dataDir, 'rulesets'))).toBe(false);

  const example = readFileSync(
    join(RULESETS_DIR, 'examples', 'peppol_bis_billing_3', 'base-example.xml'),
    'utf8',
  );
  const result = await runProfileInProcess(pack, 'peppol_bis_billing_3', example);
  expect(result.rulesets.every((r) => r.ran)).toBe(true);
  expect(result.violations.filter((v) => v.severity === 'fatal')).toEqual([]);
  // The stylesheets compiled at vendor time are in the SEF cache, under the names the service looks for.
  expect(EMBEDDED_RULE_PACK.sefCache.length).toBeGreaterThan(0);
  expect(readdirSync(sefCacheDir(dataDir)).sort()).toEqual(
    EMBEDDED_RULE_PACK.sefCache.map(([name]) => name).sort(),
  );
  expect(readFileSync(join(target, 'manifest.json'), 'utf8')).toBe(
    readFileSync(join(ROOT, 'assets', 'rulesets', 'manifest.json'), 'utf8'),
  );

  // The next start finds it written: nothing to do, and a new release replaces the old copy.
  expect(activeRulePack({ rulesetsDir: null, dataDir }, { embedded }).pack.prepare).toBeUndefined();
  const next = activeRulePack({ rulesetsDir: null, dataDir }, { embedded: flatEmbedded('second') });
  await next.pack.prepare?.();
  expect(readdirSync(join(dataDir, 'rulesets'))).toEqual(['embedded-second']);
}, 120_000);

test('a pack that cannot be written out says so instead of passing', async () => {
  const dataDir = temp();
  const embedded = flatEmbedded('broken');
  const gone = embedded.files.find(([path]) => path.endsWith('.sef.json'))?.[1] ?? '';
  rmSync(gone);
  const { pack } = activeRulePack({ rulesetsDir: null, dataDir }, { embedded });
  await pack.prepare?.();
  expect(pack.available).toBe(false);
  expect(pack.reason).toContain('the embedded rule pack could not be written to');
  expect(readdirSync(join(dataDir, 'rulesets'))).toEqual([]);
});

test('RULESETS_DIR beats an installed pack, which beats the embedded one', () => {
  const dataDir = temp();
  mkdirSync(installedPackDir(dataDir, 'p1'), { recursive: true });
  copyFileSync(join(RULESETS_DIR, 'manifest.json'), join(installedPackDir(dataDir, 'p1'), 'manifest.json'));
  writePackChoice(dataDir, { current: 'p1', previous: 'embedded' });
  const installed = activeRulePack({ rulesetsDir: null, dataDir });
  expect(installed.origin).toBe('installed');
  expect(installed.pack.dir).toBe(installedPackDir(dataDir, 'p1'));
  const configured = activeRulePack({ rulesetsDir: RULESETS_DIR, dataDir });
  expect(configured.origin).toBe('rulesets_dir');
  expect(configured.pack.dir).toBe(RULESETS_DIR);
});
