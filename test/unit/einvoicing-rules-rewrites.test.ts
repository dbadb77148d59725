// The speed rewrites of the official stylesheets keep their verdicts: every official example, four mutants
// of each (made to fire line-level, amount-level, national and line syntax rules) and a 60-line invoice
// give the same findings (rule id, flag, location) through the pack's own SEF and through the SEF compiled
// with the rewrites, for every ruleset of the document's syntax. Slow (compiles the five rulesets once per
// generation of the rewrites, then ~3,000 transforms): meant for the slow lane. The public corpus is
// checked the same way in einvoicing-rules-rewrites-corpus.test.ts.
import { beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { largePeppolInvoice } from '../../bench/rules-large';
import type { Saxon } from '../../src/einvoicing/schematron/saxon';
import {
  findingsOf,
  MUTANTS,
  type ParityRuleset,
  parityRulesets,
  syntaxOf,
  xmlFilesUnder,
} from '../rewrite-parity';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');

/** Mutants whose findings are one per line (the others fire once per invoice). */
const PER_LINE = new Set(['currency', 'zero rate, Swedish parties']);

let saxon: Saxon;
let rulesets: ParityRuleset[] = [];
beforeAll(async () => {
  ({ saxon, rulesets } = await parityRulesets());
}, 900_000);

/** Compares both SEFs of every ruleset of the document's syntax; returns how many findings were compared. */
function expectSameFindings(xml: string): number {
  const syntax = syntaxOf(xml);
  let compared = 0;
  for (const ruleset of rulesets.filter((r) => r.syntax === syntax)) {
    const official = findingsOf(saxon, ruleset.official, xml);
    expect({ ruleset: ruleset.id, findings: findingsOf(saxon, ruleset.rewritten, xml) }).toEqual({
      ruleset: ruleset.id,
      findings: official,
    });
    compared += official.length;
  }
  return compared;
}

test('the official pack has five rulesets with both an XSLT and a SEF', () => {
  expect(rulesets.map((r) => r.id).sort()).toEqual([
    'en16931-cii',
    'en16931-ubl',
    'peppol-bis-billing-3',
    'xrechnung-cii',
    'xrechnung-ubl',
  ]);
  // The rewrites did change each stylesheet (otherwise this file would prove nothing).
  for (const r of rulesets) expect(r.rewritten.Σ).not.toBe(r.official.Σ);
});

describe('official examples and their mutants: same findings before and after the rewrites', () => {
  const files = xmlFilesUnder(EXAMPLES);
  test('the examples are there', () => expect(files.length).toBeGreaterThan(130));
  test.each(files)(
    '%s',
    (file) => {
      const xml = readFileSync(join(EXAMPLES, file), 'utf8');
      expect(syntaxOf(xml)).not.toBeNull();
      expectSameFindings(xml);
      let mutantFindings = 0;
      for (const mutate of Object.values(MUTANTS)) mutantFindings += expectSameFindings(mutate(xml));
      expect(mutantFindings).toBeGreaterThan(0);
    },
    600_000,
  );
});

test('a 60-line invoice and its mutants: same findings, the mutants with findings on every line', () => {
  const xml = largePeppolInvoice(OFFICIAL_RULESETS, 60);
  expectSameFindings(xml);
  for (const [name, mutate] of Object.entries(MUTANTS)) {
    const compared = expectSameFindings(mutate(xml));
    if (PER_LINE.has(name)) expect(compared).toBeGreaterThan(60);
    else expect(compared).toBeGreaterThan(0);
  }
}, 300_000);
