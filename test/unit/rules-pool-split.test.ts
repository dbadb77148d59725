// A pool of two workers runs a profile in two parts at once (EN 16931 in one, XSD + Peppol/XRechnung in the
// other): its answer must be the one a whole run in one thread gives, findings and their order included.
import { afterAll, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { runProfile } from '../../src/einvoicing/schematron';
import { XmlInputError } from '../../src/einvoicing/xsd/xml-input';
import { cutShortResult, joinParts, RulesPool, splitProfile } from '../../src/workers/rules-pool';

const RULESETS = resolve(import.meta.dir, '../../../shared/rulesets');
const present = existsSync(join(RULESETS, 'manifest.json'));
const pack = loadRulePack(present ? RULESETS : null);
const pool = new RulesPool(2, 120_000);
afterAll(() => pool.close());

const example = (path: string) => Bun.file(join(RULESETS, 'examples', path)).text();

test.skipIf(!present)('a two-ruleset profile splits in two parts; a one-ruleset profile does not', () => {
  expect(splitProfile(pack, 'peppol_bis_billing_3')).toEqual([
    { xsd: false, rulesets: ['en16931-ubl'] },
    { xsd: true, rulesets: ['peppol-bis-billing-3'] },
  ]);
  const single = [...pack.profiles].find(([, p]) => p.rulesets.length === 1)?.[0];
  if (single !== undefined) expect(splitProfile(pack, single)).toBeNull();
});

test.skipIf(!present).each([
  ['peppol_bis_billing_3', 'peppol_bis_billing_3/base-example.xml', (x: string) => x],
  // Findings from the XSD and both rulesets: no invoice number, a line without its ID's sibling order.
  [
    'peppol_bis_billing_3',
    'peppol_bis_billing_3/base-example.xml',
    (x: string) =>
      x
        .replace('<cbc:ID>Snippet1</cbc:ID>', '')
        .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, ''),
  ],
  [
    'xrechnung_cii',
    'xrechnung_cii/01.01a-INVOICE_uncefact.xml',
    (x: string) => x.replace(/<ram:ID>[^<]*<\/ram:ID>/, ''),
  ],
])(
  '%s on %s: the pool of two answers as one whole run',
  async (profile, path, change) => {
    const xml = change(await example(path));
    const whole = await runProfile(pack, profile, xml);
    if (xml !== (await example(path))) expect(whole.violations.length).toBeGreaterThan(0);
    const split = await pool.run(pack, profile, xml);
    expect(split).toEqual(whole);
    expect(split.rulesets.map((r) => r.id).slice(1)).toEqual([
      ...(pack.profiles.get(profile)?.rulesets ?? []),
    ]);
  },
  180_000,
);

test.skipIf(!present)(
  'either part cut short cuts the whole check short (never a pass)',
  async () => {
    const xml = await example('peppol_bis_billing_3/base-example.xml');
    const [first, second] = splitProfile(pack, 'peppol_bis_billing_3') ?? [];
    const finished = await runProfile(pack, 'peppol_bis_billing_3', xml, { part: second });
    const cut = cutShortResult(pack, 'peppol_bis_billing_3', { kind: 'time', ms: 1000 });
    expect(first).toBeDefined();
    expect(finished.rulesets.map((r) => r.ran)).toEqual([true, true]);
    expect(joinParts(pack, 'peppol_bis_billing_3', [cut, finished])).toEqual(cut);
    expect(joinParts(pack, 'peppol_bis_billing_3', [finished, cut])).toEqual(cut);
  },
  180_000,
);

test.skipIf(!present)(
  'a large document (parts one after the other, in workers replaced afterwards) gets the answer of one whole run',
  async () => {
    const everyDocumentLarge = new RulesPool(2, 120_000, Number.POSITIVE_INFINITY, undefined, 1);
    try {
      const xml = (await example('peppol_bis_billing_3/base-example.xml'))
        .replace('<cbc:ID>Snippet1</cbc:ID>', '')
        .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
      const whole = await runProfile(pack, 'peppol_bis_billing_3', xml);
      expect(whole.violations.length).toBeGreaterThan(0);
      expect(await everyDocumentLarge.run(pack, 'peppol_bis_billing_3', xml)).toEqual(whole);
      // Twice: the second runs in the fresh workers that replaced the first ones.
      expect(await everyDocumentLarge.run(pack, 'peppol_bis_billing_3', xml)).toEqual(whole);
    } finally {
      everyDocumentLarge.close();
    }
  },
  180_000,
);

test.skipIf(!present)(
  'XML that is not well-formed is refused for the whole check, whichever part reads it first',
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
