// Tier 2 of the compliance check against the official artefacts: every official example the rule pack
// ships (README: "every example under examples/ passes XSD + all Schematron of its profile") must come out
// without a fatal finding, with every ruleset of its profile actually run.
import { describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { runProfile, runRuleset } from '../../src/einvoicing/schematron';
import { parseUntrustedXml, validateXsd } from '../../src/einvoicing/xsd';
import { sharedPath } from '../shared-material';

const RULESETS = sharedPath('rulesets');
const EXAMPLES = join(RULESETS, 'examples');
const pack = loadRulePack(RULESETS);

function examples(dir: string): string[] {
  return readdirSync(join(EXAMPLES, dir))
    .filter((f) => /\.xml$/i.test(f))
    .sort();
}

const read = (dir: string, file: string) => Bun.file(join(EXAMPLES, dir, file)).text();

const fatalOf = (violations: { severity: string; rule: string; ruleset: string; message: string }[]) =>
  violations.filter((v) => v.severity === 'fatal').map((v) => `${v.ruleset} ${v.rule}: ${v.message}`);

test('the shared rule pack loads with the four service profiles', () => {
  expect(pack.reason).toBeNull();
  expect(pack.available).toBe(true);
  expect([...pack.profileIds].sort()).toEqual([
    'factur_x_en16931',
    'peppol_bis_billing_3',
    'xrechnung_cii',
    'xrechnung_ubl',
  ]);
  for (const r of pack.rulesets.values()) expect(r.sefPath).not.toBeNull();
});

// The example folders that are profiles run the whole profile: XSD + each of its rulesets.
const PROFILE_DIRS = ['factur_x_en16931', 'peppol_bis_billing_3', 'xrechnung_ubl', 'xrechnung_cii'] as const;

for (const profile of PROFILE_DIRS) {
  describe(`official ${profile} examples`, () => {
    const files = examples(profile);
    test('the folder has examples', () => expect(files.length).toBeGreaterThan(5));
    test.each(files)('%s: every ruleset ran, no fatal finding', async (file) => {
      const result = await runProfile(pack, profile, await read(profile, file));
      const expected = pack.profiles.get(profile)?.rulesets ?? [];
      expect(result.rulesets.map((r) => r.id).slice(1)).toEqual([...expected]);
      expect(result.rulesets.filter((r) => !r.ran)).toEqual([]);
      expect(result.rulesets[0]?.id).toStartWith('xsd:');
      expect(fatalOf(result.violations)).toEqual([]);
    });
  });
}

// en16931_ubl holds CEN's UBL examples (Peppol- and Italian-flavoured included), which belong to no single
// profile: they are checked with the EN 16931 UBL ruleset alone, plus the UBL schemas.
describe('official EN 16931 UBL examples (EN 16931 UBL ruleset only)', () => {
  const files = examples('en16931_ubl');
  test('the folder has examples, including BIS3_Invoice_negativ.XML', () => {
    expect(files).toContain('BIS3_Invoice_negativ.XML');
  });
  test.each(files)('%s: no fatal finding', async (file) => {
    const xml = await read('en16931_ubl', file);
    const result = await runRuleset(pack, 'en16931-ubl', xml);
    // The installed pack's version and date, whatever release it holds.
    const installed = pack.rulesets.get('en16931-ubl');
    expect(result.run).toEqual({
      id: 'en16931-ubl',
      label: 'EN 16931 (UBL)',
      version: installed?.version ?? '',
      ...(installed?.validFrom ? { valid_from: installed.validFrom } : {}),
      ran: true,
      reason: null,
    });
    expect(fatalOf(result.violations)).toEqual([]);
    const doc = await parseUntrustedXml(xml);
    try {
      const xsd = await validateXsd(pack, ['ubl-invoice', 'ubl-creditnote'], doc);
      expect(xsd.run.ran).toBe(true);
      expect(xsd.violations).toEqual([]);
    } finally {
      doc.dispose();
    }
  });
  test('a credit note is checked against the CreditNote schema, an invoice against the Invoice one', async () => {
    const ids: string[] = [];
    for (const file of ['ubl-tc434-creditnote1.xml', 'ubl-tc434-example1.xml']) {
      const doc = await parseUntrustedXml(await read('en16931_ubl', file));
      ids.push((await validateXsd(pack, ['ubl-invoice', 'ubl-creditnote'], doc)).run.id);
      doc.dispose();
    }
    expect(ids).toEqual(['xsd:ubl-creditnote', 'xsd:ubl-invoice']);
  });
});
