// Loading a rule pack: a missing or broken pack is a value (`ran: false` + reason), never an exception and
// never a pass; severities resolve from the manifest. Temporary packs link to the shared artefacts
// (symlinks, nothing is copied) and live only under the OS temp directory.
import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { customizationMatches, loadRulePack, severityOverride } from '../../src/einvoicing/rule-pack';
import { EXPECTED_RULESETS } from '../../src/einvoicing/rule-pack-defaults';
import { runProfile, runRuleset, warmRulePack } from '../../src/einvoicing/schematron';
import { apiSeverity } from '../../src/einvoicing/schematron/severity';
import { sharedPath } from '../shared-material';

const RULESETS = sharedPath('rulesets');
const pack = loadRulePack(RULESETS);
const temp = mkdtempSync(join(tmpdir(), 'rule-pack-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const example = (path: string) => Bun.file(join(RULESETS, 'examples', path)).text();

/** A pack directory with the given manifest; `links` maps names inside it to shared pack folders. */
function tempPack(name: string, manifest: unknown, links: Record<string, string> = {}): string {
  const dir = join(temp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'manifest.json'),
    typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
  );
  for (const [link, target] of Object.entries(links)) symlinkSync(join(RULESETS, target), join(dir, link));
  return dir;
}

const ruleset = (over: Record<string, unknown>) => ({
  id: 'en16931-ubl',
  label: 'EN 16931 (UBL)',
  version: '1.3.16',
  syntax: 'ubl',
  ...over,
});

test('no RULESETS_DIR: not available, with a reason', () => {
  expect(loadRulePack(null)).toMatchObject({
    available: false,
    reason: expect.stringContaining('RULESETS_DIR'),
  });
});

test('a missing pack directory: every ruleset of the profile is reported as not run, with the reason', async () => {
  const missing = loadRulePack(join(temp, 'does-not-exist'));
  expect(missing.available).toBe(false);
  expect(missing.reason).toContain('does not exist');
  const result = await runProfile(
    missing,
    'xrechnung_ubl',
    await example('xrechnung_ubl/01.01a-INVOICE_ubl.xml'),
  );
  expect(result.violations).toEqual([]);
  expect(result.rulesets.map((r) => r.id)).toEqual([
    'xsd',
    ...EXPECTED_RULESETS.xrechnung_ubl.map((r) => r.id),
  ]);
  for (const r of result.rulesets) {
    expect(r.ran).toBe(false);
    expect(r.reason).toContain('does not exist');
  }
});

test('a directory without manifest.json is not available', () => {
  mkdirSync(join(temp, 'empty'));
  expect(loadRulePack(join(temp, 'empty'))).toMatchObject({
    available: false,
    reason: expect.stringContaining('no manifest.json'),
  });
});

test.each([
  ['not JSON', '{ nope', 'invalid'],
  ['wrong format', { format: 2, rulesets: [], profiles: {} }, 'format must be 1'],
  ['a ruleset without artefacts', { format: 1, rulesets: [ruleset({})], profiles: {} }, 'needs sef or xslt'],
  [
    'a path leaving the pack',
    { format: 1, rulesets: [ruleset({ sef: '../x.json' })], profiles: {} },
    'leaves',
  ],
  [
    'an unknown severity',
    { format: 1, rulesets: [ruleset({ sef: 'a', severity: { X: 'loud' } })], profiles: {} },
    'one of',
  ],
  [
    'a profile naming an unknown ruleset',
    { format: 1, rulesets: [], profiles: { p: { syntax: 'ubl', rulesets: ['nope'], xsd: [] } } },
    'unknown ruleset nope',
  ],
])('an invalid manifest (%s) makes the pack unavailable with a precise reason', (name, manifest, reason) => {
  const broken = loadRulePack(tempPack(`bad-${name.replaceAll(' ', '-')}`, manifest));
  expect(broken.available).toBe(false);
  expect(broken.reason).toContain(reason);
});

test('a missing artefact file: that ruleset did not run and says which file is missing', async () => {
  const dir = tempPack(
    'missing-sef',
    {
      format: 1,
      rulesets: [ruleset({ sef: 'sef/gone.sef.json' })],
      xsd: { 'ubl-invoice': 'xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd' },
      profiles: { peppol_bis_billing_3: { syntax: 'ubl', rulesets: ['en16931-ubl'], xsd: ['ubl-invoice'] } },
    },
    { xsd: 'xsd' },
  );
  const partial = loadRulePack(dir);
  expect(partial.available).toBe(true);
  const result = await runProfile(
    partial,
    'peppol_bis_billing_3',
    await example('peppol_bis_billing_3/base-example.xml'),
  );
  expect(result.rulesets).toEqual([
    expect.objectContaining({ id: 'xsd:ubl-invoice', ran: true }),
    expect.objectContaining({
      id: 'en16931-ubl',
      ran: false,
      reason: expect.stringContaining('gone.sef.json'),
    }),
  ]);
});

test('a corrupt SEF: the ruleset did not run (a pack problem is not blamed on the invoice)', async () => {
  const dir = tempPack('corrupt-sef', {
    format: 1,
    rulesets: [ruleset({ sef: 'bad.sef.json' })],
    profiles: {},
  });
  writeFileSync(join(dir, 'bad.sef.json'), '{"N":"package","C":[]}');
  const result = await runRuleset(loadRulePack(dir), 'en16931-ubl', '<Invoice/>');
  expect(result.violations).toEqual([]);
  expect(result.run).toMatchObject({ ran: false, reason: expect.stringContaining('could not be loaded') });
});

test('warmRulePack loads the stylesheets and schemas of the given profiles and reports failures', async () => {
  const warmed = await warmRulePack(pack, { profiles: ['xrechnung_cii'] });
  expect(warmed.map((w) => [w.id, w.ok])).toEqual([
    ['en16931-cii', true],
    ['xrechnung-cii', true],
    ['xsd:cii-d16b', true],
  ]);
  const dir = tempPack('warm-corrupt', {
    format: 1,
    rulesets: [ruleset({ sef: 'bad.sef.json' })],
    profiles: { p: { syntax: 'ubl', rulesets: ['en16931-ubl'] } },
  });
  writeFileSync(join(dir, 'bad.sef.json'), 'not json');
  expect(await warmRulePack(loadRulePack(dir))).toEqual([
    expect.objectContaining({ id: 'en16931-ubl', ok: false, reason: expect.any(String) }),
  ]);
});

test('warmRulePack given the root namespace compiles only the schema for that root', async () => {
  const ids = async (rootNamespace: string | null) =>
    (await warmRulePack(pack, { profiles: ['peppol_bis_billing_3'], rootNamespace }))
      .filter((w) => w.id.startsWith('xsd:'))
      .map((w) => [w.id, w.ok]);
  const invoice = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
  const credit = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
  expect(await ids(invoice)).toEqual([['xsd:ubl-invoice', true]]);
  expect(await ids(credit)).toEqual([['xsd:ubl-creditnote', true]]);
  // Unknown (no hint): every schema of the profile, as before.
  expect(await ids(null)).toEqual([
    ['xsd:ubl-invoice', true],
    ['xsd:ubl-creditnote', true],
  ]);
});

test('a profile the pack lacks, and a ruleset id the pack lacks, are reported as not run', async () => {
  const dir = tempPack('no-profiles', { format: 1, rulesets: [], profiles: {} });
  const empty = loadRulePack(dir);
  const xml = await example('peppol_bis_billing_3/base-example.xml');
  const result = await runProfile(empty, 'peppol_bis_billing_3', xml);
  expect(result.rulesets.every((r) => !r.ran && r.reason?.includes('no profile peppol_bis_billing_3'))).toBe(
    true,
  );
  expect((await runRuleset(empty, 'en16931-ubl', xml)).run.reason).toContain('not in the rule pack');
  await expect(runProfile(empty, 'us_sales_tax', xml)).rejects.toThrow('unknown compliance profile');
});

test('the manifest paths come out absolute and the XRechnung overrides are typed', () => {
  const xr = pack.rulesets.get('xrechnung-ubl');
  expect(xr?.sefPath).toBe(join(RULESETS, 'sef/xrechnung-ubl.sef.json'));
  expect(xr?.xsltPath).toBe(join(RULESETS, 'xrechnung/XRechnung-UBL-validation.xsl'));
  expect(xr?.severity['UBL-CR-646']).toBe('fatal');
  expect(xr?.severityByCustomization.some((c) => c.pattern.endsWith('cvd_*'))).toBe(true);
  expect(pack.profiles.get('xrechnung_cii')).toEqual({
    id: 'xrechnung_cii',
    syntax: 'cii',
    rulesets: ['en16931-cii', 'xrechnung-cii'],
    xsd: ['cii-d16b'],
  });
});

test('customization patterns: exact match, or prefix match when the pattern ends in *', () => {
  expect(customizationMatches('urn:a#b', 'urn:a#b')).toBe(true);
  expect(customizationMatches('urn:a#b', 'urn:a#b#c')).toBe(false);
  expect(customizationMatches('urn:a:cvd_*', 'urn:a:cvd_0.9')).toBe(true);
  expect(customizationMatches('urn:a:cvd_*', 'urn:a:other')).toBe(false);
});

test('severity precedence: customization entry > ruleset-wide entry > nothing', () => {
  const profile = ['en16931-ubl', 'xrechnung-ubl']
    .map((id) => pack.rulesets.get(id))
    .filter((r) => r !== undefined);
  const extension =
    'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0';
  expect(severityOverride(profile, 'UBL-CR-646', extension)).toBe('information');
  expect(severityOverride(profile, 'UBL-CR-646', null)).toBe('fatal');
  expect(severityOverride(profile, 'BR-02', extension)).toBeUndefined();
  expect(severityOverride(profile.slice(0, 1), 'UBL-CR-646', extension)).toBeUndefined();
});

test('API severities: fatal/error/no flag/unknown -> fatal; warning/information -> warning', () => {
  expect(['fatal', 'error', null, undefined, 'loud'].map(apiSeverity)).toEqual(Array(5).fill('fatal'));
  expect(['warning', 'information', 'INFO'].map(apiSeverity)).toEqual(['warning', 'warning', 'warning']);
});
