import { describe, expect, test } from 'bun:test';
import type { RulePack } from '../../src/einvoicing/rule-pack';
import type { ComplianceResult } from '../../src/modules/compliance';
import { verdictOf } from '../../src/modules/receiving/use-cases/verdicts';

const pack = () => ({ available: true }) as unknown as RulePack;
const verdict = (fully: boolean, version = 'en16931 1.3.14'): ComplianceResult => ({
  profile: 'xrechnung_ubl',
  ruleset_version: version,
  valid: true,
  in_scope: true,
  fully_checked: fully,
  rulesets: [],
  violations: [],
});

function counting(result: ComplianceResult) {
  const calls = { n: 0 };
  return { calls, check: async () => (calls.n++, result) };
}

describe('verdicts of received e-invoices', () => {
  test('the same text, profile and pack is checked once; another text, profile or pack is checked again', async () => {
    const first = pack();
    const { calls, check } = counting(verdict(true));
    await verdictOf(first, 'xrechnung_ubl', '<Invoice/>', check);
    expect(await verdictOf(first, 'xrechnung_ubl', '<Invoice/>', check)).toEqual(verdict(true));
    expect(calls.n).toBe(1);
    await verdictOf(first, 'xrechnung_ubl', '<Invoice />', check);
    await verdictOf(first, 'peppol_bis_billing_3', '<Invoice/>', check);
    await verdictOf(pack(), 'xrechnung_ubl', '<Invoice/>', check);
    expect(calls.n).toBe(4);
  });

  test('a check cut short is not kept: the next ask checks again', async () => {
    const once = pack();
    const { calls, check } = counting(verdict(false));
    await verdictOf(once, 'xrechnung_ubl', '<Invoice/>', check);
    await verdictOf(once, 'xrechnung_ubl', '<Invoice/>', check);
    expect(calls.n).toBe(2);
  });

  test('the least recently used goes first once 256 are kept', async () => {
    const kept = pack();
    const { calls, check } = counting(verdict(true));
    for (let i = 0; i < 256; i++) await verdictOf(kept, 'xrechnung_ubl', `<Invoice n="${i}"/>`, check);
    await verdictOf(kept, 'xrechnung_ubl', '<Invoice n="0"/>', check); // used again: now the newest
    await verdictOf(kept, 'xrechnung_ubl', '<Invoice n="256"/>', check); // pushes out n=1
    expect(calls.n).toBe(257);
    await verdictOf(kept, 'xrechnung_ubl', '<Invoice n="0"/>', check);
    expect(calls.n).toBe(257);
    await verdictOf(kept, 'xrechnung_ubl', '<Invoice n="1"/>', check);
    expect(calls.n).toBe(258);
  });
});
