// The rules pool runs each check whole in one worker: its answer must be the one a run in this thread
// gives, findings and their order included, for small documents, for large ones (each in a worker
// replaced afterwards), and for XML that is not well-formed.
import { afterAll, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { runProfile } from '../../src/einvoicing/schematron';
import { XmlInputError } from '../../src/einvoicing/xsd/xml-input';
import { RulesPool } from '../../src/workers/rules-pool';
import { sharedPath } from '../shared-material';

const RULESETS = sharedPath('rulesets');
const present = existsSync(join(RULESETS, 'manifest.json'));
const pack = loadRulePack(present ? RULESETS : null);
const pool = new RulesPool(2, 120_000);
afterAll(() => pool.close());

const example = (path: string) => Bun.file(join(RULESETS, 'examples', path)).text();

/** Findings from the XSD and both Peppol rulesets: no invoice number, no buyer reference. */
const peppolWithFindings = async () =>
  (await example('peppol_bis_billing_3/base-example.xml'))
    .replace('<cbc:ID>Snippet1</cbc:ID>', '')
    .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');

test.skipIf(!present).each([
  ['peppol_bis_billing_3', 'peppol_bis_billing_3/base-example.xml', false],
  ['peppol_bis_billing_3', 'peppol_bis_billing_3/base-example.xml', true],
  ['xrechnung_cii', 'xrechnung_cii/01.01a-INVOICE_uncefact.xml', true],
])(
  '%s on %s (findings: %p): the pool answers as a run in this thread',
  async (profile, path, withFindings) => {
    const original = await example(path);
    const xml = !withFindings
      ? original
      : profile === 'peppol_bis_billing_3'
        ? await peppolWithFindings()
        : original.replace(/<ram:ID>[^<]*<\/ram:ID>/, '');
    const whole = await runProfile(pack, profile, xml);
    if (withFindings) expect(whole.violations.length).toBeGreaterThan(0);
    expect(await pool.run(pack, profile, xml)).toEqual(whole);
    expect(whole.rulesets.map((r) => r.id).slice(1)).toEqual([
      ...(pack.profiles.get(profile)?.rulesets ?? []),
    ]);
    expect(whole.rulesets.every((r) => r.ran)).toBe(true);
  },
  180_000,
);

test.skipIf(!present)(
  'a large document (in a worker replaced afterwards) gets the answer of a run in this thread, twice',
  async () => {
    const everyDocumentLarge = new RulesPool(2, 120_000, Number.POSITIVE_INFINITY, undefined, 1);
    try {
      const xml = await peppolWithFindings();
      const whole = await runProfile(pack, 'peppol_bis_billing_3', xml);
      expect(whole.violations.length).toBeGreaterThan(0);
      expect(await everyDocumentLarge.run(pack, 'peppol_bis_billing_3', xml)).toEqual(whole);
      // The second runs in a fresh worker that replaced the first one.
      expect(await everyDocumentLarge.run(pack, 'peppol_bis_billing_3', xml)).toEqual(whole);
    } finally {
      everyDocumentLarge.close();
    }
  },
  180_000,
);

test.skipIf(!present)(
  'XML that is not well-formed is refused (XmlInputError, a 400), small or large',
  async () => {
    const broken = (await example('peppol_bis_billing_3/base-example.xml')).replace('</cbc:ID>', '</cbc:Id>');
    await expect(pool.run(pack, 'peppol_bis_billing_3', broken)).rejects.toBeInstanceOf(XmlInputError);
    const everyDocumentLarge = new RulesPool(2, 120_000, Number.POSITIVE_INFINITY, undefined, 1);
    try {
      await expect(everyDocumentLarge.run(pack, 'peppol_bis_billing_3', broken)).rejects.toBeInstanceOf(
        XmlInputError,
      );
    } finally {
      everyDocumentLarge.close();
    }
  },
  180_000,
);
