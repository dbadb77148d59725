// The speed rewrites of the official stylesheets keep their verdicts. The service's verdicts (the rewritten
// stylesheets on its saxon-js) are Java Saxon-HE's on the official pack's own XSLT for every official
// example, its mutants and the public receiving corpus (einvoicing-rules-java-parity); this file tells a
// difference's layer: a 60-line invoice and its mutants (made to fire line-level, amount-level, national and
// line syntax rules, findings on every line) give the same findings (rule id, flag, location) through the
// pack's own SEF and through the SEF the service runs (the vendored one, compiled with the rewrites), for
// every ruleset of the document's syntax.
import { beforeAll, expect, test } from 'bun:test';
import { largePeppolInvoice } from '../../bench/rules-large';
import type { Saxon } from '../../src/einvoicing/schematron/saxon';
import { findingsOf, MUTANTS, type ParityRuleset, parityRulesets, syntaxOf } from '../rewrite-parity';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

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

test('a 60-line invoice and its mutants: same findings, the mutants with findings on every line', () => {
  const xml = largePeppolInvoice(OFFICIAL_RULESETS, 60);
  expectSameFindings(xml);
  for (const [name, mutate] of Object.entries(MUTANTS)) {
    const compared = expectSameFindings(mutate(xml));
    if (PER_LINE.has(name)) expect(compared).toBeGreaterThan(60);
    else expect(compared).toBeGreaterThan(0);
  }
}, 300_000);
