// The speed rewrites of the official stylesheets keep their verdicts on e-invoices written by others: every
// UBL Invoice/CreditNote and CII file of the public receiving corpus gives the same findings (rule id, flag,
// location; or the same transform error) through the pack's own SEF and the rewritten one, for every
// ruleset of its syntax. Slow (about 1,500 transforms): meant for the slow lane.
import { beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Saxon } from '../../src/einvoicing/schematron/saxon';
import { findingsOf, type ParityRuleset, parityRulesets, syntaxOf, xmlFilesUnder } from '../rewrite-parity';
import { sharedPath } from '../shared-material';

const CORPUS = sharedPath('receiving-corpus/samples');

let saxon: Saxon;
let rulesets: ParityRuleset[] = [];
beforeAll(async () => {
  ({ saxon, rulesets } = await parityRulesets());
}, 900_000);

const files = xmlFilesUnder(CORPUS).filter((file) => {
  const head = readFileSync(join(CORPUS, file), 'utf8').slice(0, 20_000);
  return syntaxOf(head) !== null;
});

test('the corpus holds UBL and CII e-invoices', () => expect(files.length).toBeGreaterThan(250));

test.each(files)(
  '%s',
  (file) => {
    const xml = readFileSync(join(CORPUS, file), 'utf8');
    const syntax = syntaxOf(xml);
    for (const ruleset of rulesets.filter((r) => r.syntax === syntax)) {
      const official = findingsOf(saxon, ruleset.official, xml);
      expect({ ruleset: ruleset.id, findings: findingsOf(saxon, ruleset.rewritten, xml) }).toEqual({
        ruleset: ruleset.id,
        findings: official,
      });
    }
  },
  600_000,
);
