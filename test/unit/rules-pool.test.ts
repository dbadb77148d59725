// The rules pool runs each check whole in one worker, or in two parts in two workers: its answer must be
// the one a run in this thread gives, findings and their order included, for small documents, for large
// ones (each in a worker replaced afterwards, in two parts), and for XML that is not well-formed.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { largePeppolInvoice } from '../../bench/rules-large';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { runProfile } from '../../src/einvoicing/schematron';
import { XmlInputError } from '../../src/einvoicing/xsd/xml-input';
import { cutShortResult, mergeParts, RulesPool } from '../../src/workers/rules-pool';
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

test.skipIf(!present)(
  'a worker that loaded only the Invoice schema (its first document said so) checks a credit note next',
  async () => {
    // One worker: the credit note runs where the invoice's check loaded the rules and UBL's Invoice schema
    // alone (rootNamespaceHint); its own schema is compiled by its check.
    const single = new RulesPool(1, 120_000);
    try {
      for (const path of ['base-example.xml', 'base-creditnote-correction.xml']) {
        const xml = await example(`peppol_bis_billing_3/${path}`);
        const whole = await runProfile(pack, 'peppol_bis_billing_3', xml);
        expect(await single.run(pack, 'peppol_bis_billing_3', xml)).toEqual(whole);
        expect(whole.rulesets[0]).toMatchObject({
          id: path.includes('creditnote') ? 'xsd:ubl-creditnote' : 'xsd:ubl-invoice',
          ran: true,
        });
      }
      expect(single.workers).toBe(1);
    } finally {
      single.close();
    }
  },
  180_000,
);

test.skipIf(!present)(
  'a worker left free is ended after the idle time, its memory given back; the next check starts one again',
  async () => {
    // Retired after 300 ms free (the service: 10 minutes); no document splits here.
    const retiring = new RulesPool(
      2,
      120_000,
      Number.POSITIVE_INFINITY,
      undefined,
      undefined,
      undefined,
      Number.POSITIVE_INFINITY,
      300,
    );
    try {
      const xml = await peppolWithFindings();
      const whole = await runProfile(pack, 'peppol_bis_billing_3', xml);
      expect(await retiring.run(pack, 'peppol_bis_billing_3', xml)).toEqual(whole);
      expect(retiring.workers).toBe(1);
      await Bun.sleep(2_000);
      expect(retiring.workers).toBe(0);
      expect(await retiring.run(pack, 'peppol_bis_billing_3', xml)).toEqual(whole);
      expect(retiring.workers).toBe(1);
    } finally {
      retiring.close();
    }
  },
  180_000,
);

describe('a check in two parts at once (two idle workers, a document of the split size or more)', () => {
  // Every document splits here (split size 1 character); none is large.
  const splitting = new RulesPool(2, 120_000, Number.POSITIVE_INFINITY, undefined, undefined, undefined, 1);
  afterAll(() => splitting.close());

  test.skipIf(!present)(
    'the first check runs whole in one worker, a second is started and primed once the pool is idle, the next checks split; every answer is the whole run’s, findings and their order included',
    async () => {
      const peppol = await peppolWithFindings();
      const whole = await runProfile(pack, 'peppol_bis_billing_3', peppol);
      // Findings from the XML Schema and both rulesets, so the merge's order is tested.
      expect(new Set(whole.violations.map((v) => v.ruleset.replace(/^xsd:.*/, 'xsd')))).toEqual(
        new Set(['xsd', 'en16931-ubl', 'peppol-bis-billing-3']),
      );
      expect(await splitting.run(pack, 'peppol_bis_billing_3', peppol)).toEqual(whole);
      expect(splitting.workers).toBe(1);
      await splitting.primed();
      expect(splitting.workers).toBe(2);
      expect(await splitting.run(pack, 'peppol_bis_billing_3', peppol)).toEqual(whole);
      const cii = (await example('xrechnung_cii/01.01a-INVOICE_uncefact.xml')).replace(
        /<ram:ID>[^<]*<\/ram:ID>/,
        '',
      );
      const wholeCii = await runProfile(pack, 'xrechnung_cii', cii);
      expect(wholeCii.violations.length).toBeGreaterThan(0);
      expect(await splitting.run(pack, 'xrechnung_cii', cii)).toEqual(wholeCii);
      const valid = await example('peppol_bis_billing_3/base-example.xml');
      expect(await splitting.run(pack, 'peppol_bis_billing_3', valid)).toEqual(
        await runProfile(pack, 'peppol_bis_billing_3', valid),
      );
      expect(splitting.workers).toBe(2);
    },
    300_000,
  );

  test.skipIf(!present)(
    'a part cut short by the time limit makes the whole check cut short',
    async () => {
      const hurried = new RulesPool(2, 400, Number.POSITIVE_INFINITY, undefined, undefined, undefined, 1);
      try {
        await hurried.run(pack, 'peppol_bis_billing_3', await peppolWithFindings());
        await hurried.primed();
        expect(hurried.workers).toBe(2);
        // Two idle workers: a 1,000-line invoice (not large) splits, and each part takes more than 0.4 s.
        const result = await hurried.run(pack, 'peppol_bis_billing_3', largePeppolInvoice(RULESETS, 1000));
        expect(result).toEqual(cutShortResult(pack, 'peppol_bis_billing_3', { kind: 'time', ms: 400 }));
      } finally {
        hurried.close();
      }
    },
    180_000,
  );
});

test('parts are put together as the whole check lists them: XML Schema first, then the profile’s order', () => {
  const run = (id: string) => ({ id, label: id, version: '', ran: true, reason: null });
  const finding = (ruleset: string, rule: string) => ({
    rule,
    path: '/',
    message: '',
    severity: 'fatal' as const,
    ruleset,
  });
  const merged = mergeParts(
    ['cen', 'national'],
    [
      {
        rulesets: [run('xsd:ubl'), run('national')],
        violations: [finding('xsd:ubl', 'X1'), finding('national', 'N1'), finding('national', 'N2')],
      },
      { rulesets: [run('cen')], violations: [finding('cen', 'C1'), finding('cen', 'C2')] },
    ],
  );
  expect(merged.rulesets.map((r) => r.id)).toEqual(['xsd:ubl', 'cen', 'national']);
  expect(merged.violations.map((v) => v.rule)).toEqual(['X1', 'C1', 'C2', 'N1', 'N2']);
});
